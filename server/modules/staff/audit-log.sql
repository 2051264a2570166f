-- The audit log (admin_actions, written by recordAdminAction() in audit-log.ts) is append-only
-- whatever the application runs: no UPDATE, no DELETE, no TRUNCATE, each refused with
-- insufficient_privilege (42501). Written last by the app's transactions that record a staff
-- action, and last in the routine files, so the locks these statements take follow the same order.
--
-- Migration 0017 first created these; their source is here now. A routine file
-- (server/db/routines.ts): applied after the migrations on every start, so it must stay idempotent
-- (CREATE OR REPLACE only).
CREATE OR REPLACE FUNCTION refuse_admin_action_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log cannot be changed' USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE TRIGGER admin_actions_append_only BEFORE UPDATE OR DELETE ON admin_actions
FOR EACH ROW EXECUTE FUNCTION refuse_admin_action_change();

CREATE OR REPLACE TRIGGER admin_actions_no_truncate BEFORE TRUNCATE ON admin_actions
FOR EACH STATEMENT EXECUTE FUNCTION refuse_admin_action_change();
