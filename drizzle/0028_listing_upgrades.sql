CREATE TABLE "listing_upgrades" (
	"listing_id" uuid NOT NULL,
	"upgrade" text NOT NULL,
	"cents" integer NOT NULL,
	"bought_at" timestamp with time zone NOT NULL,
	"journal_purpose" text NOT NULL,
	CONSTRAINT "listing_upgrades_listing_id_upgrade_pk" PRIMARY KEY("listing_id","upgrade"),
	CONSTRAINT "listing_upgrades_upgrade_check" CHECK ("listing_upgrades"."upgrade" in ('featured', 'bold', 'subtitle', 'galleryPlus')),
	CONSTRAINT "listing_upgrades_cents_check" CHECK ("listing_upgrades"."cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "bold_title" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "subtitle" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "gallery_plus" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_upgrades" ADD CONSTRAINT "listing_upgrades_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('seller_pending', 'seller_available', 'seller_on_hold', 'provider_clearing', 'fee_revenue_final_value', 'fee_revenue_insertion', 'fee_revenue_upgrades', 'tax_payable', 'refunds_payable', 'payouts_in_transit'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_subtitle_length" CHECK ("listings"."subtitle" is null or char_length("listings"."subtitle") between 1 and 55);