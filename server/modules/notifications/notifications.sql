-- The notification centre's live signals, sent by the database itself so that every writer of
-- notifications (notify() in notifications.service.ts, place_bid(), a row inserted by hand) tells
-- the pages alike. They go onto the realtime bus (server/plugins/realtime-bus.ts):
-- one channel, `live_events`, whose payload is `<topic>|<event>@<ms>|<json>` (ms: when it was
-- published, by the database's clock, for the bus delay metric) and carries what the pages
-- need (the new notification and the unread count), so no instance reads anything back to tell a
-- page. Statement-level triggers with transition tables: one signal per user and statement, however
-- many rows it wrote. pg_notify() sends at commit, so a rolled-back write tells no one.
--
-- Migration 0012 first created these (and dropped 0011's row-level trigger); their source is here
-- now. A routine file (server/db/routines.ts): applied after the migrations on every start, so it
-- must stay idempotent (CREATE OR REPLACE only). routines.ts runs each CREATE OR REPLACE TRIGGER
-- only where the trigger is missing (createTriggersIfMissing): creating one locks its table, which
-- no start should do to a busy table. To change a trigger's definition, drop it in a migration.

-- notification.created (core/events.ts): the user's unread count after the statement, and the
-- notification itself when the statement wrote exactly one for that user (else the page refetches).
CREATE OR REPLACE FUNCTION live_notifications_created() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT c.user_id, c.id, c.kind, c.message, c.link, c.created_at, c.written,
           (SELECT count(*) FROM notifications u WHERE u.user_id = c.user_id AND u.read_at IS NULL) AS unread
    FROM (
      SELECT DISTINCT ON (n.user_id) n.*, count(*) OVER (PARTITION BY n.user_id) AS written
      FROM created n ORDER BY n.user_id, n.created_at DESC, n.id DESC
    ) c
  LOOP
    PERFORM pg_notify('live_events', 'user:' || r.user_id::text || '|notification.created@' ||
      ((extract(epoch from clock_timestamp()) * 1000)::bigint)::text || '|' ||
      CASE WHEN r.written = 1 AND octet_length(r.message) + octet_length(coalesce(r.link, '')) < 6000 THEN
        json_build_object('unreadCount', r.unread, 'notification', json_build_object(
          'id', r.id, 'kind', r.kind, 'text', r.message, 'link', r.link, 'read', false, 'readAt', NULL,
          'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text
      ELSE json_build_object('unreadCount', r.unread)::text END);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER notifications_created AFTER INSERT ON notifications
REFERENCING NEW TABLE AS created
FOR EACH STATEMENT EXECUTE FUNCTION live_notifications_created();

-- notifications.unread: the count after notifications were marked read (not after the email
-- worker's own updates, which leave read_at alone).
CREATE OR REPLACE FUNCTION live_notifications_read() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT DISTINCT a.user_id FROM after_rows a JOIN before_rows b ON b.id = a.id
    WHERE a.read_at IS DISTINCT FROM b.read_at
  LOOP
    PERFORM pg_notify('live_events', 'user:' || r.user_id::text || '|notifications.unread@' ||
      ((extract(epoch from clock_timestamp()) * 1000)::bigint)::text || '|' ||
      json_build_object('unreadCount',
        (SELECT count(*) FROM notifications u WHERE u.user_id = r.user_id AND u.read_at IS NULL))::text);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER notifications_read AFTER UPDATE ON notifications
REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
FOR EACH STATEMENT EXECUTE FUNCTION live_notifications_read();
