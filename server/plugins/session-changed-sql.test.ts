import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routineSources, SESSION_CHANGED_SQL, storedRoutineSources } from "../db/routines";
import { rows } from "../db/rows";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { createUser } from "../test/factories";
import { hashToken, newToken, SESSION_CHANNEL } from "./session";

// session-changed.sql is applied by Database.migrate() after the migrations, every time (migration
// 0006 once held this function and its triggers): these tests check that the database runs the
// file as written, triggers included, and that migrate() puts back a function changed or a trigger
// dropped, as it must for a database that ran 0006 in full.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const fileSources = () => routineSources(readFileSync(SESSION_CHANGED_SQL, "utf8"));

/** The triggers on users and sessions as PostgreSQL prints them back. */
async function triggers(): Promise<string[]> {
  const found = await rows<{ def: string }>(
    t.database.db,
    sql`select pg_get_triggerdef(oid) as def from pg_trigger
        where tgrelid in ('users'::regclass, 'sessions'::regclass) and not tgisinternal
        order by tgname`,
  );
  return found.map((r) => r.def);
}

const TRIGGERS = [
  "CREATE TRIGGER sessions_changed AFTER DELETE OR UPDATE ON public.sessions FOR EACH ROW EXECUTE FUNCTION notify_session_changed()",
  "CREATE TRIGGER users_changed AFTER UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION notify_session_changed()",
];

/**
 * Which of a new user's writes were heard on session_changed: signing in (no change to tell),
 * editing the profile, extending the session, signing out.
 */
async function signalsOfOneUser(): Promise<string[]> {
  const user = await createUser(t.database.db, "routine");
  const tokenHash = hashToken(newToken());
  let heard = 0;
  const stop = await t.database.listen(SESSION_CHANNEL, (payload) => {
    if (payload === user.id) heard++;
  });
  const writes = {
    "sign in": sql`insert into sessions (token_hash, user_id, expires_at)
      values (${tokenHash}, ${user.id}, now() + interval '1 hour')`,
    "edit profile": sql`update users set full_name = 'Renamed' where id = ${user.id}`,
    "extend session": sql`update sessions set expires_at = now() + interval '2 hours'
      where token_hash = ${tokenHash}`,
    "sign out": sql`delete from sessions where token_hash = ${tokenHash}`,
  };
  const told: string[] = [];
  try {
    for (const [write, statement] of Object.entries(writes)) {
      const before = heard;
      await t.database.db.execute(statement);
      // Delivered at commit, on the listener's own connection: wait for it, a while at most.
      for (let i = 0; i < 25 && heard === before; i++) await new Promise((r) => setTimeout(r, 20));
      if (heard > before) told.push(write);
    }
    return told;
  } finally {
    await stop();
  }
}

describe("session-changed.sql", () => {
  it("is what the database runs after migrate(), function and triggers", async () => {
    const file = fileSources();
    expect([...file.keys()]).toEqual(["notify_session_changed"]);
    expect(await storedRoutineSources(t.database.db, file.keys())).toEqual(file);
    expect(await triggers()).toEqual(TRIGGERS);
    expect(await signalsOfOneUser()).toEqual(["edit profile", "extend session", "sign out"]);
  });

  it("is applied again by migrate() over a function changed and a trigger dropped", async () => {
    await t.database.db.execute(sql`create or replace function notify_session_changed()
      returns trigger language plpgsql as $$ begin return null; end $$`);
    await t.database.db.execute(sql`drop trigger users_changed on users`);
    expect(await signalsOfOneUser()).toEqual([]);

    await t.database.migrate();
    expect(await storedRoutineSources(t.database.db, fileSources().keys())).toEqual(fileSources());
    expect(await triggers()).toEqual(TRIGGERS);
    expect(await signalsOfOneUser()).toEqual(["edit profile", "extend session", "sign out"]);
  });
});
