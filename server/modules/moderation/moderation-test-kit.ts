import { eq, sql } from "drizzle-orm";
import type { StaffRole } from "../../../core/contracts/admin";
import { rows } from "../../db/rows";
import { users } from "../../db/schema/users";
import type { Agent } from "../../test/agent";
import type { TestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";

/** A test user with their signed-in agent; staff when `role` is given. */
export interface Person {
  id: string;
  username: string;
  agent: Agent;
}

export async function person(t: TestApp, name: string, role?: StaffRole): Promise<Person> {
  const user = await createUser(t.database.db, name);
  if (role) await t.database.db.update(users).set({ staffRole: role }).where(eq(users.id, user.id));
  return {
    id: user.id,
    username: user.username,
    agent: await signedInAgent(t.app, t.database.db, user.id),
  };
}

/** The kinds of notification a user has, oldest first, with whether each has its email due. */
export async function notificationsOf(t: TestApp, userId: string) {
  return rows<{ kind: string; message: string; emailDue: boolean; listingId: string | null }>(
    t.database.db,
    sql`select kind, message, email_due_at is not null as "emailDue", listing_id as "listingId"
        from notifications where user_id = ${userId} order by created_at, id`,
  );
}

/** The audit entries about one subject, oldest first. */
export async function auditOf(t: TestApp, subjectId: string) {
  return rows<{ action: string; actorId: string; reason: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, actor_id as "actorId", reason, before, after from admin_actions
        where subject_id = ${subjectId} order by created_at, id`,
  );
}
