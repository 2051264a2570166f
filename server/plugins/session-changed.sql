-- Tells every app instance (LISTEN session_changed, SESSION_CHANNEL in session.ts) whose sessions or
-- account changed, so their in-memory session caches (session-cache.ts) and live streams (live.ts)
-- drop or re-read that user's entries: sign-out, password reset, profile edits, a suspension, a
-- role granted. Sent by the database itself so every writer of sessions and users tells the
-- instances alike; pg_notify() sends at commit, so a rolled-back write tells no one.
--
-- Migration 0006 first created these; their source is here now. A routine file
-- (server/db/routines.ts): applied after the migrations on every start, so it must stay idempotent
-- (CREATE OR REPLACE only); routines.ts creates a trigger only where it is missing. users before
-- sessions: the order the app's transactions write them in (a password reset, a suspension), so the
-- locks a first creation takes cannot deadlock with them.
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changed', NEW.id::text);
  ELSE
    PERFORM pg_notify('session_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_changed AFTER UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION notify_session_changed();

CREATE OR REPLACE TRIGGER sessions_changed AFTER DELETE OR UPDATE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
