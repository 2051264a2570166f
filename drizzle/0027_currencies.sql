CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"units_per_usd" numeric(18, 6) NOT NULL,
	"as_of" date NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" in ('JMD', 'TTD', 'GYD', 'SRD', 'DOP', 'HTG', 'EUR')),
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."units_per_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "admin_actions" DROP CONSTRAINT "admin_actions_action_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_action_check" CHECK ("admin_actions"."action" in ('report.assign', 'report.resolve', 'listing.remove', 'listing.restore', 'listing.approve', 'user.warn', 'user.suspend', 'user.reinstate', 'user.set_role', 'order.refund', 'listing_rule.add', 'listing_rule.delete', 'payouts.hold', 'payouts.release', 'rate.update'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_check" CHECK ("users"."currency" in ('USD', 'XCD', 'BBD', 'BSD', 'BZD', 'KYD', 'BMD', 'AWG', 'XCG', 'JMD', 'TTD', 'GYD', 'SRD', 'DOP', 'HTG', 'EUR'));