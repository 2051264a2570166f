-- The ledger (ledger_journals, ledger_entries; server/db/schema/ledger.ts) holds by itself what
-- the application promises about it, whatever code writes to it:
--   * append-only: no UPDATE, DELETE or TRUNCATE of a journal or an entry (a correction is a new
--     journal), each refused with insufficient_privilege (42501);
--   * every journal's entries sum to zero in each currency, checked when the transaction that
--     wrote them commits (a deferred constraint trigger), so a half-written journal cannot land.
--
-- A routine file (server/db/routines.ts): applied after the migrations on every start, so it must
-- stay idempotent. Its triggers are created only where missing; change one by a migration that
-- drops it.
CREATE OR REPLACE FUNCTION refuse_ledger_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger cannot be changed; post a correcting journal'
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE FUNCTION check_ledger_journal_balanced() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT currency, sum(amount_cents) AS total INTO unbalanced
    FROM ledger_entries WHERE journal_id = NEW.journal_id
    GROUP BY currency HAVING sum(amount_cents) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger journal % does not balance: % % left over',
      NEW.journal_id, unbalanced.total, unbalanced.currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER ledger_journals_append_only BEFORE UPDATE OR DELETE ON ledger_journals
FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

CREATE OR REPLACE TRIGGER ledger_journals_no_truncate BEFORE TRUNCATE ON ledger_journals
FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();

CREATE OR REPLACE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
FOR EACH ROW EXECUTE FUNCTION refuse_ledger_change();

CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();

CREATE OR REPLACE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION check_ledger_journal_balanced();
