ALTER TABLE "notifications" ADD COLUMN "listing_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_email_due_idx" ON "notifications" USING btree ("email_due_at") WHERE "notifications"."email_due_at" is not null;--> statement-breakpoint

-- place_bid() no longer answers the passed leader's address, name or the listing's title; the
-- notification it stores has its email due (email_due_at) and the notification email worker sends it.
-- The function's result columns changed, so the old one is dropped here; its new body, once copied
-- whole into this file, lives in server/modules/bidding/place-bid.sql, which Database.migrate()
-- applies after the migrations (see 0005's note).
DROP FUNCTION IF EXISTS place_bid(uuid, uuid, integer, integer, integer);
