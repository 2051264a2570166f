import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_LOG_SQL, routineSources, storedRoutineSources } from "../../db/routines";
import { rows } from "../../db/rows";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { recordAdminAction } from "./audit-log";

// audit-log.sql is applied by Database.migrate() after the migrations, every time (migration 0017
// once held this function and its triggers): these tests check that the database runs the file as
// written, triggers included, and that migrate() puts back a function changed or a trigger dropped,
// as it must for a database that ran 0017 in full.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const fileSources = () => routineSources(readFileSync(AUDIT_LOG_SQL, "utf8"));

/** The triggers on admin_actions as PostgreSQL prints them back. */
async function triggers(): Promise<string[]> {
  const found = await rows<{ def: string }>(
    t.database.db,
    sql`select pg_get_triggerdef(oid) as def from pg_trigger
        where tgrelid = 'admin_actions'::regclass and not tgisinternal order by tgname`,
  );
  return found.map((r) => r.def);
}

const TRIGGERS = [
  "CREATE TRIGGER admin_actions_append_only BEFORE DELETE OR UPDATE ON public.admin_actions FOR EACH ROW EXECUTE FUNCTION refuse_admin_action_change()",
  "CREATE TRIGGER admin_actions_no_truncate BEFORE TRUNCATE ON public.admin_actions FOR EACH STATEMENT EXECUTE FUNCTION refuse_admin_action_change()",
];

/** The database's own message for a statement, or null when it ran. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await t.database.db.execute(statement);
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

/** Which changes to a new audit entry the database refuses, and with what message. */
async function refusalsOfOneEntry(): Promise<Record<string, string | null>> {
  const subjectId = randomUUID();
  await recordAdminAction(t.database.db, {
    actorId: randomUUID(),
    action: "user.warn",
    subjectKind: "user",
    subjectId,
    reason: "On the record.",
  });
  return {
    update: await refusal(
      sql`update admin_actions set reason = 'rewritten' where subject_id = ${subjectId}`,
    ),
    delete: await refusal(sql`delete from admin_actions where subject_id = ${subjectId}`),
    truncate: await refusal(sql`truncate admin_actions`),
  };
}

const REFUSED = {
  update: "the audit log cannot be changed",
  delete: "the audit log cannot be changed",
  truncate: "the audit log cannot be changed",
};

describe("audit-log.sql", () => {
  it("is what the database runs after migrate(), function and triggers", async () => {
    const file = fileSources();
    expect([...file.keys()]).toEqual(["refuse_admin_action_change"]);
    expect(await storedRoutineSources(t.database.db, file.keys())).toEqual(file);
    expect(await triggers()).toEqual(TRIGGERS);
    expect(await refusalsOfOneEntry()).toEqual(REFUSED);
  });

  it("is applied again by migrate() over a function changed and a trigger dropped", async () => {
    await t.database.db.execute(sql`create or replace function refuse_admin_action_change()
      returns trigger language plpgsql as $$ begin return null; end $$`);
    await t.database.db.execute(sql`drop trigger admin_actions_no_truncate on admin_actions`);
    // A row trigger returning null skips the row: nothing refused, nothing changed either.
    expect(await refusalsOfOneEntry()).toEqual({ update: null, delete: null, truncate: null });

    await t.database.migrate();
    expect(await storedRoutineSources(t.database.db, fileSources().keys())).toEqual(fileSources());
    expect(await triggers()).toEqual(TRIGGERS);
    expect(await refusalsOfOneEntry()).toEqual(REFUSED);
  });
});
