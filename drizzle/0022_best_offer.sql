ALTER TYPE "public"."order_source" ADD VALUE 'offer';--> statement-breakpoint
CREATE TABLE "listing_offer_settings" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"auto_accept_cents" integer,
	"auto_decline_cents" integer,
	CONSTRAINT "listing_offer_settings_order" CHECK ("listing_offer_settings"."auto_accept_cents" is null or "listing_offer_settings"."auto_decline_cents" is null or "listing_offer_settings"."auto_decline_cents" < "listing_offer_settings"."auto_accept_cents")
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"message" text,
	"counter_cents" integer,
	"counter_message" text,
	"decline_message" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"order_id" uuid,
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('pending', 'countered', 'accepted', 'declined', 'expired', 'replaced')),
	CONSTRAINT "offers_amount_positive" CHECK ("offers"."amount_cents" > 0 and "offers"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "accepts_offers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_offer_settings" ADD CONSTRAINT "listing_offer_settings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_open_idx" ON "offers" USING btree ("listing_id","buyer_id") WHERE status in ('pending', 'countered');--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_seller_idx" ON "offers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE status in ('pending', 'countered');--> statement-breakpoint
CREATE UNIQUE INDEX "offers_order_idx" ON "offers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "listings_open_offers_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible' and accepts_offers;--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated', 'payout_sent', 'payout_failed', 'payouts_on_hold', 'onboarding_needed', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated', 'payout_sent', 'payout_failed', 'payouts_on_hold', 'onboarding_needed', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired'));