ALTER TABLE "listings" ADD COLUMN "auction_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "auction_bid_cents" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "auction_bid_count" integer;--> statement-breakpoint
-- Hand-written: copy each auction's end, current bid and bid count onto its listing before the
-- indexes are built. From now on the trigger in server/modules/listings/listing-sync.sql (applied by
-- Database.migrate() after the migrations) keeps them equal on every insert, bid, soft close and
-- settlement.
UPDATE "listings" l SET "auction_ends_at" = a."end_time", "auction_bid_cents" = a."current_bid_cents",
  "auction_bid_count" = a."bid_count"
FROM "auction_settings" a WHERE a."listing_id" = l."id";--> statement-breakpoint
-- Hand-edited: every listings_open_* index INCLUDEs kind and auction_ends_at (drizzle cannot say
-- INCLUDE), the columns of the part of "open" no predicate can hold (an auction before its end,
-- listing-visibility.ts), so that counting and filtering open listings is an index-only scan.
CREATE INDEX "auction_settings_unsettled_end_idx" ON "auction_settings" USING btree ("end_time") WHERE settled_at is null;--> statement-breakpoint
CREATE INDEX "listings_open_created_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_category_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_subcategory_idx" ON "listings" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_territory_idx" ON "listings" USING btree ("territory_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_price_idx" ON "listings" USING btree (coalesce(auction_bid_cents, price_cents)) INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_category_price_idx" ON "listings" USING btree ("category_id",coalesce(auction_bid_cents, price_cents)) INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_subcategory_price_idx" ON "listings" USING btree ("subcategory_id",coalesce(auction_bid_cents, price_cents)) INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_ending_idx" ON "listings" USING btree ("auction_ends_at","id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible' and kind = 'auction';--> statement-breakpoint
CREATE INDEX "listings_open_bids_idx" ON "listings" USING btree (coalesce(auction_bid_count, 0) desc,"created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible' and kind = 'auction';--> statement-breakpoint
CREATE INDEX "listings_open_featured_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at") WHERE status = 'active' and moderation = 'visible' and featured;