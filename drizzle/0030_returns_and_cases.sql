CREATE TABLE "after_sale_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"details" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone,
	"answer" text,
	"answer_note" text,
	"answered_at" timestamp with time zone,
	"return_address" text,
	"return_shipping_paid_by" text,
	"offer_cents" integer,
	"carrier" text,
	"tracking_number" text,
	"shipped_back_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"escalated_by" text,
	"expedited" boolean DEFAULT false NOT NULL,
	"expedited_by" uuid,
	"expedited_fee_cents" integer,
	"decision" text,
	"decision_cents" integer,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"refund_id" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sale_requests_kind_check" CHECK ("after_sale_requests"."kind" in ('return', 'not_received')),
	CONSTRAINT "after_sale_requests_status_check" CHECK ("after_sale_requests"."status" in ('open', 'accepted', 'shipped_back', 'offered', 'declined', 'answered', 'escalated', 'refunded', 'closed')),
	CONSTRAINT "after_sale_requests_reason_check" CHECK (("after_sale_requests"."kind" = 'return') = ("after_sale_requests"."reason" is not null) and ("after_sale_requests"."reason" is null or "after_sale_requests"."reason" in ('not_as_described', 'damaged', 'wrong_item', 'doesnt_fit', 'changed_mind'))),
	CONSTRAINT "after_sale_requests_decision_check" CHECK ("after_sale_requests"."decision" is null or "after_sale_requests"."decision" in ('refund_full', 'refund_partial', 'seller'))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_expedited_by_users_id_fk" FOREIGN KEY ("expedited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sale_requests" ADD CONSTRAINT "after_sale_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "after_sale_requests_one_open" ON "after_sale_requests" USING btree ("order_id","seller_id") WHERE status in ('open', 'accepted', 'shipped_back', 'offered', 'declined', 'answered', 'escalated');--> statement-breakpoint
CREATE INDEX "after_sale_requests_seller_idx" ON "after_sale_requests" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_requests_buyer_idx" ON "after_sale_requests" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sale_requests_cases_idx" ON "after_sale_requests" USING btree ("escalated_at") WHERE status = 'escalated';--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('report.assign', 'report.resolve', 'listing.remove', 'listing.restore', 'listing.approve', 'user.warn', 'user.suspend', 'user.reinstate', 'user.set_role', 'order.refund', 'listing_rule.add', 'listing_rule.delete', 'payouts.hold', 'payouts.release', 'rate.update', 'case.decide'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'watched_item_relisted', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated', 'payout_sent', 'payout_failed', 'payouts_on_hold', 'onboarding_needed', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'return_requested', 'return_updated', 'case_decided'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'watched_item_relisted', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated', 'payout_sent', 'payout_failed', 'payouts_on_hold', 'onboarding_needed', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'return_requested', 'return_updated', 'case_decided'));