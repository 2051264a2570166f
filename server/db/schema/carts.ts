import { sql } from "drizzle-orm";
import { integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { listings } from "./listings";
import { users } from "./users";

/**
 * A signed-in user's cart as last saved from one of their devices (decision record 0011): the
 * browser's local storage stays the working copy; this row set lets it follow the account. A
 * deleted listing leaves every cart with it.
 */
export const cartLines = pgTable(
  "cart_lines",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.listingId] })],
);
