import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { API_TOKEN_PREFIX } from "../../core/contracts/api-tokens";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { hashApiToken } from "../plugins/api-token-auth";

const DAY = 86_400_000;

/**
 * API tokens for the demo (issue 33): the seller with the most sales has one in use by a shop's
 * spreadsheet and an old one revoked, so account settings and the admin user view show both. Their
 * secrets are thrown away here: nobody can use them; a token to try is made in settings.
 */
export async function seedDemoApiTokens(tx: Db, now: Date): Promise<void> {
  const [seller] = await rows<{ id: string }>(
    tx,
    sql`select l.seller_id as id from order_lines ol join listings l on l.id = ol.listing_id
        group by l.seller_id order by count(*) desc, l.seller_id limit 1`,
  );
  if (!seller) return;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const tokens = [
    {
      name: "Inventory spreadsheet",
      scopes: ["read", "listings", "orders"],
      createdAt: at(-20),
      expiresAt: at(70),
      lastUsedAt: new Date(now.getTime() - 2 * 3_600_000),
      useCount: 148,
      revokedAt: null,
    },
    {
      name: "Old accounting export",
      scopes: ["orders"],
      createdAt: at(-60),
      expiresAt: at(30),
      lastUsedAt: at(-35),
      useCount: 12,
      revokedAt: at(-30),
    },
  ];
  for (const t of tokens) {
    const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    await tx.execute(sql`
      insert into api_tokens (user_id, name, scopes, token_hash, last4, expires_at, created_at,
                              last_used_at, last_used_ip, use_count, revoked_at)
      values (${seller.id}, ${t.name},
              array[${sql.join(
                t.scopes.map((s) => sql`${s}`),
                sql`, `,
              )}]::text[],
              ${hashApiToken(secret)}, ${secret.slice(-4)}, ${t.expiresAt}, ${t.createdAt},
              ${t.lastUsedAt}, '192.0.2.40', ${t.useCount}, ${t.revokedAt})`);
  }
}
