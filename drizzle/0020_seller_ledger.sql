CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"journal_id" uuid NOT NULL,
	"account" text NOT NULL,
	"seller_id" uuid,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('seller_pending', 'seller_available', 'seller_on_hold', 'provider_clearing', 'fee_revenue_final_value', 'fee_revenue_insertion', 'tax_payable', 'refunds_payable', 'payouts_in_transit')),
	CONSTRAINT "ledger_entries_seller_check" CHECK (("ledger_entries"."seller_id" is not null) = ("ledger_entries"."account" in ('seller_pending', 'seller_available', 'seller_on_hold'))),
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_currency_check" CHECK ("ledger_entries"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('sale', 'fee', 'refund', 'payout', 'adjustment', 'release', 'hold'))
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"purpose" text NOT NULL,
	"order_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_source_key" UNIQUE("source_kind","source_id","purpose")
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"holder_name" text,
	"bank_name" text,
	"bank_last4" text,
	"schedule" text DEFAULT 'daily' NOT NULL,
	"weekly_day" integer DEFAULT 1 NOT NULL,
	"minimum_cents" integer DEFAULT 100 NOT NULL,
	"hold_reason" text,
	"held_at" timestamp with time zone,
	"held_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_status_check" CHECK ("payout_accounts"."status" in ('pending', 'enabled')),
	CONSTRAINT "payout_accounts_schedule_check" CHECK ("payout_accounts"."schedule" in ('daily', 'weekly')),
	CONSTRAINT "payout_accounts_weekly_day_check" CHECK ("payout_accounts"."weekly_day" between 0 and 6),
	CONSTRAINT "payout_accounts_minimum_check" CHECK ("payout_accounts"."minimum_cents" >= 100),
	CONSTRAINT "payout_accounts_hold_check" CHECK (("payout_accounts"."hold_reason" is null) = ("payout_accounts"."held_at" is null))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"provider" text NOT NULL,
	"provider_payout_id" text,
	"bank_last4" text,
	"run_key" text NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"arrival_date" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_seller_run_key" UNIQUE("seller_id","run_key"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('sending', 'in_transit', 'paid', 'failed')),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_sales" (
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"sale_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"new_seller" boolean NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"release_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "seller_sales_order_id_seller_id_pk" PRIMARY KEY("order_id","seller_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_held_by_users_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sales" ADD CONSTRAINT "seller_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sales" ADD CONSTRAINT "seller_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_idx" ON "ledger_entries" USING btree ("seller_id","account","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_journals_order_idx" ON "ledger_journals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("status") WHERE "payouts"."status" in ('sending', 'in_transit');--> statement-breakpoint
CREATE INDEX "seller_sales_due_idx" ON "seller_sales" USING btree ("release_at") WHERE "seller_sales"."released_at" is null;--> statement-breakpoint
CREATE INDEX "seller_sales_seller_idx" ON "seller_sales" USING btree ("seller_id","paid_at");