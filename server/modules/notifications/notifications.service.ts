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
}

/**
 * Stores notifications with their emails due (the notification email worker sends them within
 * seconds); called inside the transaction of the event they tell about, so that the notification
 * and its email are stored, or lost, with the event itself.
 */
export async function notify(db: Db, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    // The database's clock, as the worker compares it with now().
    items.map((item) => ({ ...item, emailDueAt: sql`now()` })),
  );
}
