CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_due_at" timestamp with time zone DEFAULT now(),
	"emailed_at" timestamp with time zone,
	CONSTRAINT "support_requests_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "followed_sellers" (
	"user_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "followed_sellers_user_id_seller_id_pk" PRIMARY KEY("user_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "listing_alert_queue" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"description" text NOT NULL,
	"notifications_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digest_at" timestamp with time zone,
	"match_category" text,
	"match_territory" text,
	"match_seller" text,
	"match_kind" text,
	"match_search" text,
	"match_tsquery" "tsquery",
	"match_min_price_cents" integer,
	"match_max_price_cents" integer,
	"match_conditions" text[],
	"match_free_shipping" boolean DEFAULT false NOT NULL,
	"match_local_pickup" boolean DEFAULT false NOT NULL,
	"match_featured" boolean DEFAULT false NOT NULL,
	"matches_new_listings" boolean DEFAULT true NOT NULL,
	"match_trigram" text,
	"match_lexeme" text,
	"match_unkeyed" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price_seen_cents" integer NOT NULL,
	"buy_it_now_seen" boolean DEFAULT false NOT NULL,
	"ending_alerted_at" timestamp with time zone,
	"ended_alerted_at" timestamp with time zone,
	CONSTRAINT "watchlist_items_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "saved_search_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_description" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_sellers" ADD CONSTRAINT "followed_sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "followed_sellers" ADD CONSTRAINT "followed_sellers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_alert_queue" ADD CONSTRAINT "listing_alert_queue_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_email_due_idx" ON "support_requests" USING btree ("email_due_at") WHERE "support_requests"."email_due_at" is not null;--> statement-breakpoint
CREATE INDEX "followed_sellers_seller_idx" ON "followed_sellers" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "followed_sellers_user_created_idx" ON "followed_sellers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_trigram_idx" ON "saved_searches" USING btree ("match_trigram") WHERE "saved_searches"."notifications_enabled" and "saved_searches"."matches_new_listings";--> statement-breakpoint
CREATE INDEX "saved_searches_lexeme_idx" ON "saved_searches" USING btree ("match_lexeme") WHERE "saved_searches"."notifications_enabled" and "saved_searches"."matches_new_listings";--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING btree ("match_category") WHERE "saved_searches"."notifications_enabled" and "saved_searches"."matches_new_listings" and "saved_searches"."match_search" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_unkeyed_idx" ON "saved_searches" USING btree ("id") WHERE "saved_searches"."notifications_enabled" and "saved_searches"."matches_new_listings" and "saved_searches"."match_unkeyed";--> statement-breakpoint
CREATE INDEX "watchlist_items_listing_idx" ON "watchlist_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "watchlist_items_user_created_idx" ON "watchlist_items" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received'));