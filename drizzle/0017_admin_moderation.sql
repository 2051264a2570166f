CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"subject_kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('report.assign', 'report.resolve', 'listing.remove', 'listing.restore', 'listing.approve', 'user.warn', 'user.suspend', 'user.reinstate', 'user.set_role', 'order.refund', 'listing_rule.add', 'listing_rule.delete'))
);
--> statement-breakpoint
CREATE TABLE "listing_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_rules_kind_value_key" UNIQUE("kind","value"),
	CONSTRAINT "listing_rules_kind_check" CHECK ("listing_rules"."kind" in ('word', 'category'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"subject_kind" text NOT NULL,
	"listing_id" uuid,
	"conversation_id" uuid,
	"reported_user_id" uuid,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assignee_id" uuid,
	"resolution" text,
	"resolution_reason" text,
	"resolved_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_subject_kind_check" CHECK ("reports"."subject_kind" in ('listing', 'user', 'conversation')),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('prohibited_item', 'counterfeit', 'misleading', 'offensive', 'other', 'scam', 'harassment', 'spam')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'assigned', 'resolved')),
	CONSTRAINT "reports_resolution_check" CHECK ("reports"."resolution" in ('dismiss', 'remove_listing', 'warn_user', 'suspend_user')),
	CONSTRAINT "reports_subject_check" CHECK (("reports"."subject_kind" = 'listing' and "reports"."listing_id" is not null and "reports"."conversation_id" is null)
        or ("reports"."subject_kind" = 'conversation' and "reports"."conversation_id" is not null and "reports"."listing_id" is null)
        or ("reports"."subject_kind" = 'user' and "reports"."reported_user_id" is not null and "reports"."listing_id" is null and "reports"."conversation_id" is null)),
	CONSTRAINT "reports_resolved_check" CHECK (("reports"."status" = 'resolved') = ("reports"."resolution" is not null and "reports"."resolved_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "issued_by" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "moderation" text DEFAULT 'visible' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "listing_rules" ADD CONSTRAINT "listing_rules_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_idx" ON "admin_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "admin_actions_subject_idx" ON "admin_actions" USING btree ("subject_kind","subject_id");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_listing_idx" ON "reports" USING btree ("listing_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_moderation_idx" ON "listings" USING btree ("moderation","created_at") WHERE "listings"."moderation" <> 'visible';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_moderation_check" CHECK ("listings"."moderation" in ('visible', 'held', 'removed', 'suspended'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK ("users"."staff_role" in ('moderator', 'admin'));--> statement-breakpoint
-- Conversation reports join the one moderation queue; the user reported is the other participant.
-- One closed before the queue existed stays closed (resolved, dismissed).
INSERT INTO "reports" ("id", "reporter_id", "subject_kind", "conversation_id", "reported_user_id", "reason", "comment", "status", "resolution", "resolution_reason", "resolved_at", "created_at")
SELECT r."id", r."reporter_id", 'conversation', r."conversation_id",
  CASE WHEN c."user_a" = r."reporter_id" THEN c."user_b" ELSE c."user_a" END,
  r."reason", r."comment",
  CASE WHEN r."status" = 'open' THEN 'open' ELSE 'resolved' END,
  CASE WHEN r."status" = 'open' THEN NULL ELSE 'dismiss' END,
  CASE WHEN r."status" = 'open' THEN NULL ELSE 'Closed before the moderation queue existed.' END,
  CASE WHEN r."status" = 'open' THEN NULL ELSE r."created_at" END,
  r."created_at"
FROM "conversation_reports" r JOIN "conversations" c ON c."id" = r."conversation_id";--> statement-breakpoint
DROP TABLE "conversation_reports";
-- This migration also made the audit log append-only: refuse_admin_action_change() and its triggers
-- admin_actions_append_only and admin_actions_no_truncate. Their one source is now
-- server/modules/staff/audit-log.sql, which Database.migrate() applies after the migrations on every
-- start (server/db/routines.ts), so a fresh database gets them from there. Databases that ran this
-- migration in full are unaffected: applied migrations are never run again, and that file replaces
-- their function and triggers on the next start.
