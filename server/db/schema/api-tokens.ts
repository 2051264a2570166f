import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { API_TOKEN_SCOPES } from "../../../core/contracts/api-tokens";
import { users } from "./users";

/**
 * Personal API tokens (issue 33). Only the SHA-256 of the secret is stored: the secret is shown
 * once, at creation. A bearer request finds its token by `token_hash` (unique index) in one query.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The secret's last 4 characters, so its owner can tell tokens apart. */
    last4: text("last4").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** Written at most once a minute per token per instance (server/plugins/api-token-auth.ts). */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** The address of the latest use written, for staff looking into a token's use. */
    lastUsedIp: text("last_used_ip"),
    useCount: integer("use_count").notNull().default(0),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId, t.createdAt),
    check(
      "api_tokens_scopes_check",
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${sql.raw(
        API_TOKEN_SCOPES.map((s) => `'${s}'`).join(", "),
      )}]::text[]`,
    ),
    check("api_tokens_expiry_check", sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
