import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema/notifications";

export interface NewNotification {
  userId: string;
  kind: string;
  message: string;
  link?: string;
  /** The listing it is about: its email shows the listing's title and price as they are when sent. */
  listingId?: string;
  /** The order it is about: its email lists the order's items. */
  orderId?: string;
  /** Also tell them by email (sent by the notification email worker, within seconds). */
  email?: boolean;
}

/**
 * Stores notifications; called inside the transaction of the event they tell about, so that the
 * notification and its email are stored, or lost, with the event itself.
 */
export async function notify(db: Db, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map(({ email, ...item }) => ({
      ...item,
      // The database's clock, as the worker compares it with now().
      emailDueAt: email ? sql`now()` : null,
    })),
  );
}
