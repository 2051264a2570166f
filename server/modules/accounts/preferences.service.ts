import { eq } from "drizzle-orm";
import type { Preferences } from "../../../core/contracts/currencies";
import { isCurrencyCode } from "../../../core/currencies";
import type { Db } from "../../db/db-handle";
import { users } from "../../db/schema/users";

/** The account's display preferences: for now the currency of approximate prices. */
export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const [row] = await db
    .select({ currency: users.currency })
    .from(users)
    .where(eq(users.id, userId));
  return { currency: isCurrencyCode(row?.currency) ? row.currency : null };
}

/** Stores the account's display preferences (the user's own row only) and returns them. */
export async function updatePreferences(
  db: Db,
  userId: string,
  input: Preferences,
): Promise<Preferences> {
  await db.update(users).set({ currency: input.currency }).where(eq(users.id, userId));
  return getPreferences(db, userId);
}
