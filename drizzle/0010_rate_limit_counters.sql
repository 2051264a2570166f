-- Unlogged: a counter is worth no WAL; a crash only forgives a few attempts (hand edit: drizzle-kit
-- has no UNLOGGED).
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
