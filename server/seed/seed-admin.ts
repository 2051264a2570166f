import type { StaffRole } from "../../core/contracts/admin";
import type { Db } from "../db/client";
import { users } from "../db/schema/users";

/** The demo's staff: an admin and a moderator, signing in with the demo password. */
export const DEMO_STAFF: readonly { email: string; fullName: string; staffRole: StaffRole }[] = [
  { email: "admin@demo.tradewinds.test", fullName: "Ada Admin", staffRole: "admin" },
  { email: "moderator@demo.tradewinds.test", fullName: "Morgan Moderator", staffRole: "moderator" },
];

/**
 * The demo staff accounts (issue 19), in the seed's transaction. They buy and sell nothing: the
 * admin area is what they are for. `passwordHash` is the demo password's hash.
 */
export async function seedDemoStaff(tx: Db, now: Date, passwordHash: string): Promise<void> {
  await tx.insert(users).values(
    DEMO_STAFF.map((s) => ({
      email: s.email,
      username: s.email.split("@")[0] ?? s.email,
      fullName: s.fullName,
      passwordHash,
      staffRole: s.staffRole,
      emailConfirmedAt: now,
      // A while ago, so the dashboard's "new users" today are the marketplace's, not the demo's staff.
      createdAt: new Date(now.getTime() - 400 * 24 * 3600 * 1000),
    })),
  );
}
