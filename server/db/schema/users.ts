import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { STAFF_ROLES, type StaffRole } from "../../../core/contracts/admin";
import { CURRENCY_CODES } from "../../../core/currencies";
import { oneOf } from "./checks";

export const userRole = pgEnum("user_role", ["user", "seller"]);

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    username: text("username").notNull().unique(),
    fullName: text("full_name").notNull(),
    role: userRole("role").notNull().default("user"),
    avatarUrl: text("avatar_url"),
    /** Null for accounts that only sign in through OAuth. */
    passwordHash: text("password_hash"),
    marketingEmails: boolean("marketing_emails").notNull().default(true),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    // Feedback totals kept beside the user so every card can show a rating without a join per row;
    // the feedback service updates both in the transaction that stores a feedback.
    ratingTotal: integer("rating_total").notNull().default(0),
    ratingCount: integer("rating_count").notNull().default(0),
    /** The store page's name and introduction (null: the username, and none). */
    storeName: text("store_name"),
    storeDescription: text("store_description"),
    /** Null for ordinary users; "moderator" or "admin" for staff (core/contracts/admin.ts). */
    staffRole: text("staff_role").$type<StaffRole>(),
    /** Set while the account is suspended: no sign-in, no session, its listings hidden. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    /** The currency the account sees approximate prices in (core/currencies.ts); null: US dollars. */
    currency: text("currency"),
    /**
     * "Deliver to": the territory slug (or "world") the account buys for, the stand-in for a
     * default address's territory (there are no stored addresses). Null: never chosen. The
     * server trusts it for bids (decision 0021).
     */
    deliverTo: text("deliver_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("users_staff_role_check", oneOf(t.staffRole, STAFF_ROLES)),
    check("users_currency_check", oneOf(t.currency, CURRENCY_CODES)),
  ],
);
