ALTER TABLE "listings" ADD COLUMN "handling_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ship_same_service" text DEFAULT 'standard';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ship_same_cents" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ship_caribbean_service" text DEFAULT 'standard';--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ship_caribbean_cents" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ship_world_service" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ship_world_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deliver_to" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deliver_to" text;--> statement-breakpoint
CREATE INDEX "listings_open_world_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id") WHERE status = 'active' and moderation = 'visible' and ship_world_service is not null;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_handling_days_check" CHECK ("listings"."handling_days" between 0 and 10);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_ship_same_service_check" CHECK ("listings"."ship_same_service" in ('standard', 'expedited'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_ship_caribbean_service_check" CHECK ("listings"."ship_caribbean_service" in ('standard', 'expedited'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_ship_world_service_check" CHECK ("listings"."ship_world_service" in ('standard', 'expedited'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_ship_costs_check" CHECK (coalesce("listings"."ship_same_cents", 0) >= 0 and coalesce("listings"."ship_caribbean_cents", 0) >= 0 and coalesce("listings"."ship_world_cents", 0) >= 0);--> statement-breakpoint
-- Hand-written (decision 0021): existing listings keep their meaning. They ship within their
-- territory and to the other Caribbean territories (the service columns' default above, standard)
-- at their shipping price, with the old fixed handling time (the column default, 3); none ships to
-- the rest of the world. New rows written without costs get the same from the trigger
-- listings_ship_costs (server/modules/listings/listing-ship-costs.sql).
UPDATE "listings" SET "ship_same_cents" = "shipping_cents", "ship_caribbean_cents" = "shipping_cents";
