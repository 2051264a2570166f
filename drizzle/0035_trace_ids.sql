ALTER TABLE "refunds" ADD COLUMN "trace_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "trace_id" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "trace_id" text;--> statement-breakpoint
ALTER TABLE "listing_alert_queue" ADD COLUMN "trace_id" text;