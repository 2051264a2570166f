import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS_SQL, routineSources, storedRoutineSources } from "../../db/routines";
import { rows } from "../../db/rows";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";
import { createUser } from "../../test/factories";

// notifications.sql is applied by Database.migrate() after the migrations, every time (migration
// 0012 once held these functions and triggers): these tests check that the database runs the file
// as written, triggers included, and that migrate() puts back a function changed or a trigger
// dropped, as it must for a database that ran 0012 in full.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

const fileSources = () => routineSources(readFileSync(NOTIFICATIONS_SQL, "utf8"));

/** The triggers on notifications as PostgreSQL prints them back. */
async function triggers(): Promise<string[]> {
  const found = await rows<{ def: string }>(
    t.database.db,
    sql`select pg_get_triggerdef(oid) as def from pg_trigger
        where tgrelid = 'notifications'::regclass and not tgisinternal order by tgname`,
  );
  return found.map((r) => r.def);
}

const TRIGGERS = [
  "CREATE TRIGGER notifications_created AFTER INSERT ON public.notifications REFERENCING NEW TABLE AS created FOR EACH STATEMENT EXECUTE FUNCTION live_notifications_created()",
  "CREATE TRIGGER notifications_read AFTER UPDATE ON public.notifications REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION live_notifications_read()",
];

/** The live_events payloads a new notification for a new user, then marking it read, send. */
async function signalsOfOneNotification(): Promise<string[]> {
  const user = await createUser(t.database.db, "routine");
  const heard: string[] = [];
  const stop = await t.database.listen("live_events", (payload) => {
    if (payload.startsWith(`user:${user.id}|`))
      heard.push((payload.split("|")[1] as string).split("@")[0] as string);
  });
  try {
    await t.database.db.execute(
      sql`insert into notifications (user_id, kind, message) values (${user.id}, 'order_paid', 'Paid.')`,
    );
    await t.database.db.execute(
      sql`update notifications set read_at = now() where user_id = ${user.id}`,
    );
    // Delivered at commit, on the listener's own connection: wait for both, a while at most.
    for (let i = 0; i < 100 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    return heard;
  } finally {
    await stop();
  }
}

describe("notifications.sql", () => {
  it("is what the database runs after migrate(), functions and triggers", async () => {
    const file = fileSources();
    expect([...file.keys()].sort()).toEqual([
      "live_notifications_created",
      "live_notifications_read",
    ]);
    expect(await storedRoutineSources(t.database.db, file.keys())).toEqual(file);
    expect(await triggers()).toEqual(TRIGGERS);
    expect(await signalsOfOneNotification()).toEqual([
      "notification.created",
      "notifications.unread",
    ]);
  });

  it("is applied again by migrate() over a function changed and a trigger dropped", async () => {
    await t.database.db.execute(sql`create or replace function live_notifications_created()
      returns trigger language plpgsql as $$ begin return null; end $$`);
    await t.database.db.execute(sql`drop trigger notifications_read on notifications`);
    expect(await signalsOfOneNotification()).toEqual([]);

    await t.database.migrate();
    expect(await storedRoutineSources(t.database.db, fileSources().keys())).toEqual(fileSources());
    expect(await triggers()).toEqual(TRIGGERS);
    expect(await signalsOfOneNotification()).toEqual([
      "notification.created",
      "notifications.unread",
    ]);
  });
});
