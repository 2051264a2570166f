-- Unlogged (hand edit: drizzle-kit has no UNLOGGED): these rows live for the seconds it takes to
-- deliver an event; a crash loses only events nobody can still wait for.
CREATE UNLOGGED TABLE "live_event_payloads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_event_payloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint

-- Hand-written below (drizzle-kit emits no triggers). The notification centre's live signals moved
-- onto the realtime bus here: this migration dropped 0011's row-level trigger and function and
-- created live_notifications_created(), live_notifications_read() and their statement-level
-- triggers in full. Their one source is now server/modules/notifications/notifications.sql, which
-- Database.migrate() applies after the migrations on every start (server/db/routines.ts), so a fresh
-- database gets them from there. Databases that ran this migration are unaffected: applied migrations
-- are never run again, and that file replaces their functions and triggers on the next start.
DROP TRIGGER IF EXISTS notifications_inserted ON notifications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS notifications_read ON notifications;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_user_notified();
