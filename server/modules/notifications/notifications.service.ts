import type { Db } from "../../db/client";
import { notifications } from "../../db/schema/notifications";

export interface NewNotification {
  userId: string;
  kind: string;
  message: string;
  link?: string;
}

/** Stores notifications; called inside the transaction of the event they tell about. */
export async function notify(db: Db, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(items);
}
