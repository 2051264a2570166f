CREATE TABLE "listing_upload_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"input" jsonb,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"listing_id" uuid,
	CONSTRAINT "listing_upload_rows_status_check" CHECK ("listing_upload_rows"."status" in ('invalid', 'ready', 'created', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "listing_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"row_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "listing_uploads_status_check" CHECK ("listing_uploads"."status" in ('previewed', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "listing_upload_rows" ADD CONSTRAINT "listing_upload_rows_upload_id_listing_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."listing_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_upload_rows" ADD CONSTRAINT "listing_upload_rows_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_uploads" ADD CONSTRAINT "listing_uploads_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_upload_rows_upload_idx" ON "listing_upload_rows" USING btree ("upload_id","line");--> statement-breakpoint
CREATE INDEX "listing_upload_rows_ready_idx" ON "listing_upload_rows" USING btree ("upload_id","line") WHERE "listing_upload_rows"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "listing_upload_rows_listing_idx" ON "listing_upload_rows" USING btree ("listing_id") WHERE "listing_upload_rows"."listing_id" is not null;--> statement-breakpoint
CREATE INDEX "listing_uploads_seller_idx" ON "listing_uploads" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "listing_uploads_running_idx" ON "listing_uploads" USING btree ("created_at") WHERE "listing_uploads"."status" = 'running';