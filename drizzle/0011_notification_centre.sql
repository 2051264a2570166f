CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received'));--> statement-breakpoint

-- Hand-written below (drizzle-kit emits no triggers). Tells every app instance (LISTEN user_notified)
-- whose notifications changed, so the pages that user has open (server/plugins/live.ts) update the
-- bell's count without a reload: the payload is the user id for a new notification, and
-- 'read:' and the user id when some were marked read. Sent at commit, once per user and
-- transaction (PostgreSQL folds identical payloads), whichever instance or function wrote the rows.
CREATE FUNCTION notify_user_notified() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('user_notified', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('user_notified', 'read:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_inserted AFTER INSERT ON notifications
FOR EACH ROW EXECUTE FUNCTION notify_user_notified();
--> statement-breakpoint
CREATE TRIGGER notifications_read AFTER UPDATE OF read_at ON notifications
FOR EACH ROW WHEN (OLD.read_at IS DISTINCT FROM NEW.read_at) EXECUTE FUNCTION notify_user_notified();
