-- Tells every app instance (LISTEN session_changed) whose sessions or account changed, so their
-- in-memory session caches drop that user's entries: sign-out, password reset, profile edits.
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
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
