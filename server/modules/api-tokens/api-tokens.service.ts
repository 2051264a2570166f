import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreatedApiToken,
  type createApiTokenSchema,
  MAX_API_TOKENS,
} from "../../../core/contracts/api-tokens";
import { ERROR_CODES } from "../../../core/errors";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { notFound, ruleBroken } from "../../errors";
import { hashApiToken } from "../../plugins/api-token-auth";

interface TokenRow {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  last4: string;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
  use_count: number;
  revoked_at: Date | string | null;
}

const columns = sql`id, name, scopes, last4, created_at, expires_at, last_used_at, use_count, revoked_at`;

function toApiToken(r: TokenRow): ApiToken {
  return {
    id: r.id,
    name: r.name,
    scopes: r.scopes,
    last4: r.last4,
    createdAt: isoTime(r.created_at),
    expiresAt: isoTime(r.expires_at),
    lastUsedAt: r.last_used_at === null ? null : isoTime(r.last_used_at),
    useCount: Number(r.use_count),
    revokedAt: r.revoked_at === null ? null : isoTime(r.revoked_at),
  };
}

/** A new secret: the prefix and 32 random bytes (256 bits), base64url. */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** Makes a token for the user; the secret is in the answer and nowhere else (only its hash is stored). */
export async function createApiToken(
  db: Db,
  userId: string,
  input: z.output<typeof createApiTokenSchema>,
): Promise<CreatedApiToken> {
  const secret = newApiTokenSecret();
  return db.transaction(async (tx) => {
    // Count, then add: under a per-user lock so two concurrent creations cannot pass the limit.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`api-tokens:${userId}`}, 0))`,
    );
    const [live] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from api_tokens
        where user_id = ${userId} and revoked_at is null and expires_at > now()`,
    );
    if ((live?.n ?? 0) >= MAX_API_TOKENS)
      throw ruleBroken(
        ERROR_CODES.apiTokenLimitReached,
        `You can have at most ${MAX_API_TOKENS} API tokens. Revoke one to make another.`,
      );
    const scopes = sql`array[${sql.join(
      input.scopes.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[]`;
    const [row] = await rows<TokenRow>(
      tx,
      sql`insert into api_tokens (user_id, name, scopes, token_hash, last4, expires_at)
        values (${userId}, ${input.name}, ${scopes}, ${hashApiToken(secret)}, ${secret.slice(-4)},
          now() + ${input.expiresInDays} * interval '1 day')
        returning ${columns}`,
    );
    if (!row) throw new Error("api token insert returned nothing");
    return { token: toApiToken(row), secret };
  });
}

/** The user's tokens, newest first: live ones and those revoked or expired (shown as such). */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenList> {
  const found = await rows<TokenRow>(
    db,
    sql`select ${columns} from api_tokens where user_id = ${userId}
      order by created_at desc, id limit 100`,
  );
  return { items: found.map(toApiToken) };
}

/** Revokes one of the user's tokens at once (another user's is 404); revoking twice changes nothing. */
export async function revokeApiToken(db: Db, userId: string, id: string): Promise<ApiToken> {
  const [row] = await rows<TokenRow>(
    db,
    sql`update api_tokens set revoked_at = coalesce(revoked_at, now())
      where id = ${id} and user_id = ${userId}
      returning ${columns}`,
  );
  if (!row) throw notFound("API token not found.");
  return toApiToken(row);
}

/** A user's tokens as staff see them: as their owner does, with the address of the latest use. */
export async function listApiTokensForStaff(
  db: Db,
  userId: string,
): Promise<(ApiToken & { lastUsedIp: string | null })[]> {
  const found = await rows<TokenRow & { last_used_ip: string | null }>(
    db,
    sql`select ${columns}, last_used_ip from api_tokens where user_id = ${userId}
      order by created_at desc, id limit 100`,
  );
  return found.map((r) => ({ ...toApiToken(r), lastUsedIp: r.last_used_ip }));
}
