-- This migration once created notify_session_changed() and its triggers on sessions and users
-- (sessions_changed, users_changed), which tell every app instance (LISTEN session_changed) whose
-- sessions or account changed. Their one source is now server/plugins/session-changed.sql, which
-- Database.migrate() applies after the migrations on every start (server/db/routines.ts), so a fresh
-- database gets them from there. Databases that ran this migration are unaffected: applied migrations
-- are never run again, and that file replaces their function and triggers on the next start.
SELECT 1;
