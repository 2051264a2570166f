CREATE TABLE "feedback_revision_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revised_at" timestamp with time zone,
	"previous_rating" text,
	"previous_stars" integer,
	"previous_comment" text,
	CONSTRAINT "feedback_revision_requests_feedback_key" UNIQUE("feedback_id"),
	CONSTRAINT "feedback_revision_message_length" CHECK (char_length("feedback_revision_requests"."message") <= 500),
	CONSTRAINT "feedback_revision_previous_check" CHECK (("feedback_revision_requests"."revised_at" is null) = ("feedback_revision_requests"."previous_rating" is null))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_subject_kind_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_reason_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_resolution_check";--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_subject_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "described_stars" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "communication_stars" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "shipping_time_stars" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "shipping_cost_stars" integer;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "removal_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "feedback_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback_revision_requests" ADD CONSTRAINT "feedback_revision_requests_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_revision_requests" ADD CONSTRAINT "feedback_revision_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_feedback_idx" ON "reports" USING btree ("feedback_id");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_detailed_stars_check" CHECK (coalesce("feedback"."described_stars", 1) between 1 and 5 and coalesce("feedback"."communication_stars", 1) between 1 and 5
        and coalesce("feedback"."shipping_time_stars", 1) between 1 and 5 and coalesce("feedback"."shipping_cost_stars", 1) between 1 and 5);--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_removed_check" CHECK (("feedback"."removed_at" is null) = ("feedback"."removal_reason" is null));--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('report.assign', 'report.resolve', 'listing.remove', 'listing.restore', 'listing.approve', 'user.warn', 'user.suspend', 'user.reinstate', 'user.set_role', 'order.refund', 'listing_rule.add', 'listing_rule.delete', 'payouts.hold', 'payouts.release', 'rate.update', 'feedback.remove', 'case.decide'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_kind_check" CHECK ("reports"."subject_kind" in ('listing', 'user', 'conversation', 'feedback'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('prohibited_item', 'counterfeit', 'misleading', 'offensive', 'other', 'scam', 'harassment', 'spam', 'personal_info', 'extortion', 'irrelevant'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolution_check" CHECK ("reports"."resolution" in ('dismiss', 'remove_listing', 'warn_user', 'suspend_user', 'remove_feedback'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_check" CHECK (("reports"."subject_kind" = 'listing' and "reports"."listing_id" is not null and "reports"."conversation_id" is null)
        or ("reports"."subject_kind" = 'conversation' and "reports"."conversation_id" is not null and "reports"."listing_id" is null)
        or ("reports"."subject_kind" = 'user' and "reports"."reported_user_id" is not null and "reports"."listing_id" is null and "reports"."conversation_id" is null)
        or ("reports"."subject_kind" = 'feedback' and "reports"."feedback_id" is not null and "reports"."listing_id" is null and "reports"."conversation_id" is null));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'watched_item_relisted', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated', 'payout_sent', 'payout_failed', 'payouts_on_hold', 'onboarding_needed', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'feedback_revision_requested', 'feedback_revised', 'feedback_removed', 'report_outcome', 'return_requested', 'return_updated', 'case_decided'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('outbid', 'auction_won', 'auction_lost', 'order_paid', 'watched_item_ending', 'watched_item_price_drop', 'watched_item_ended', 'watched_item_relisted', 'saved_search_match', 'followed_seller_listed', 'auction_sold', 'auction_unsold', 'item_sold', 'feedback_received', 'message_received', 'order_shipped', 'order_received', 'shipping_late', 'cancellation_requested', 'cancellation_answered', 'refund_issued', 'listing_held', 'listing_approved', 'listing_removed', 'listing_restored', 'auction_cancelled', 'account_warning', 'account_suspended', 'account_reinstated', 'payout_sent', 'payout_failed', 'payouts_on_hold', 'onboarding_needed', 'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'offer_expired', 'feedback_revision_requested', 'feedback_revised', 'feedback_removed', 'report_outcome', 'return_requested', 'return_updated', 'case_decided'));