-- Issue 29 at 1,000,000 listings (decision 0021): "ships to" and "delivery by" counted and walked
-- without reading the table. Generated (the three expression indexes), then hand-edited:
-- * the newest-first walks of all open listings and of a category or subcategory are rebuilt with the
--   shipping columns in their INCLUDE (drizzle cannot say INCLUDE), so that "ships to" and a far
--   "delivery by" filter them, and count them, as index-only scans;
-- * statistics on the three delivery expressions (CREATE STATISTICS, which drizzle cannot say): the
--   planner ignores a partial index's own statistics, and without these it cannot tell a near date
--   (a few listings: the indexes' ranges) from a far one (most listings: the newest-first walk).
CREATE INDEX "listings_open_deliver_same_idx" ON "listings" USING btree ("territory_id",(handling_days + case ship_same_service when 'standard' then 2 when 'expedited' then 1 end)) WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_deliver_near_idx" ON "listings" USING btree ("territory_id",(handling_days + case ship_caribbean_service when 'standard' then 5 when 'expedited' then 3 end)) WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE INDEX "listings_open_deliver_far_idx" ON "listings" USING btree ((handling_days + case ship_caribbean_service when 'standard' then 7 when 'expedited' then 4 end)) WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "listings_deliver_same_stats" ON (handling_days + case ship_same_service when 'standard' then 2 when 'expedited' then 1 end) FROM "listings";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "listings_deliver_near_stats" ON (handling_days + case ship_caribbean_service when 'standard' then 5 when 'expedited' then 3 end) FROM "listings";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "listings_deliver_far_stats" ON (handling_days + case ship_caribbean_service when 'standard' then 7 when 'expedited' then 4 end) FROM "listings";--> statement-breakpoint
DROP INDEX IF EXISTS "listings_open_created_idx";--> statement-breakpoint
CREATE INDEX "listings_open_created_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at", "territory_id", "handling_days", "ship_same_service", "ship_caribbean_service") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "listings_open_category_idx";--> statement-breakpoint
CREATE INDEX "listings_open_category_idx" ON "listings" USING btree ("category_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at", "territory_id", "handling_days", "ship_same_service", "ship_caribbean_service") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
DROP INDEX IF EXISTS "listings_open_subcategory_idx";--> statement-breakpoint
CREATE INDEX "listings_open_subcategory_idx" ON "listings" USING btree ("subcategory_id","created_at" DESC NULLS FIRST,"id") INCLUDE ("kind", "auction_ends_at", "territory_id", "handling_days", "ship_same_service", "ship_caribbean_service") WHERE status = 'active' and moderation = 'visible';--> statement-breakpoint
ANALYZE "listings";
