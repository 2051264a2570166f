import { hash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "../../core/contracts/accounts";
import {
  API_TOKEN_PREFIX,
  API_TOKEN_RATE_PER_MINUTE,
  type ApiTokenScope,
} from "../../core/contracts/api-tokens";
import { ERROR_CODES } from "../../core/errors";
import type { Database, NamedStatement } from "../db/client";
import { AppError, notFound } from "../errors";
import type { LimitCounters } from "./limit-counters";
import { waitMessage } from "./rate-limit";

declare module "fastify" {
  interface FastifyRequest {
    /** The personal API token this request was made with (issue 33), or null for the browser's. */
    apiToken: { id: string; scopes: ApiTokenScope[] } | null;
  }
}

/**
 * Routes a token never reaches, whatever their config says: changing the account (password,
 * email, profile, avatar), the tokens themselves, signing in and out, and the staff's area. A
 * route here that names an apiTokenScope stops the app at start-up (`assertTokenRoute`).
 */
const ADMIN_AREA = /^\/api\/admin(\/|$)/;
const NEVER_FOR_TOKENS: readonly RegExp[] = [
  ADMIN_AREA,
  /^\/api\/auth(\/|$)/,
  /^\/auth(\/|$)/,
  /^\/api\/me\/tokens(\/|$)/,
  /^\/api\/me\/(password|email|avatar)$/,
  /^\/api\/dev(\/|$)/,
];
/** The profile itself may be read with a token (GET /api/me), never changed. */
const ACCOUNT_CHANGE = (method: string, url: string) =>
  url === "/api/me" && method !== "GET" && method !== "HEAD";

/** Whether a route (method and matched url) may ever be called with a token. */
export function tokenMayReach(method: string, url: string): boolean {
  return !ACCOUNT_CHANGE(method, url) && !NEVER_FOR_TOKENS.some((re) => re.test(url));
}

/** Throws at registration if a route that may never take a token names a scope. */
export function assertTokenRoute(method: string | string[], url: string, scope: unknown): void {
  if (scope === undefined) return;
  for (const m of [method].flat())
    if (!tokenMayReach(m, url))
      throw new Error(`${m} ${url} may not take API tokens (apiTokenScope "${String(scope)}")`);
}

/** What is stored of a secret: its SHA-256, as for session tokens. */
export const hashApiToken = (secret: string) => hash("sha256", secret, "hex");

/** The secret of an `Authorization: Bearer ...` header, or null when there is none. */
export function bearerSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The token and its user in one query on the unique hash index. Named: every bearer request runs
 * it (there is no cache, so a revocation holds at once on every instance).
 */
const TOKEN_LOOKUP: NamedStatement = {
  name: "api_token_lookup",
  text: `select t.id as token_id, t.scopes, t.revoked_at, t.expires_at <= now() as expired,
      u.id, u.email, u.username, u.full_name, u.role, u.avatar_url, u.marketing_emails,
      u.suspended_at
    from api_tokens t join users u on u.id = t.user_id
    where t.token_hash = $1`,
};

const RECORD_USES: NamedStatement = {
  name: "api_token_record_uses",
  text: `update api_tokens set use_count = use_count + $2::int,
      last_used_at = greatest(coalesce(last_used_at, $3::timestamptz), $3::timestamptz),
      last_used_ip = $4
    where id = $1`,
};

interface TokenRow extends Record<string, unknown> {
  token_id: string;
  scopes: ApiTokenScope[];
  revoked_at: Date | string | null;
  expired: boolean;
  id: string;
  email: string;
  username: string;
  full_name: string;
  role: SessionUser["role"];
  avatar_url: string | null;
  marketing_emails: boolean;
  suspended_at: Date | string | null;
}

/** How often a token's uses are written: its last use and count lag the truth by at most this. */
export const USE_FLUSH_MS = 60_000;

/**
 * Counts each token's uses in memory and writes them (count, last time, last address) at most once
 * a minute per token: a script making 600 requests a minute must not make 600 writes. Counts of
 * the last minute are lost if the process dies; they are written on a clean shutdown.
 */
class TokenUses {
  private readonly pending = new Map<string, { count: number; at: Date; ip: string }>();
  private readonly writtenAt = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly log: (err: unknown) => void,
  ) {}

  /** Counts a use; writes this token's uses now if it has not been written for a minute. */
  async record(id: string, ip: string): Promise<void> {
    const now = Date.now();
    const entry = this.pending.get(id);
    if (entry) {
      entry.count++;
      entry.at = new Date(now);
      entry.ip = ip;
    } else this.pending.set(id, { count: 1, at: new Date(now), ip });
    if (now - (this.writtenAt.get(id) ?? 0) >= USE_FLUSH_MS) await this.write(id, now);
  }

  /** Writes every token's pending uses (the minute's timer, shutdown, tests). */
  async flush(): Promise<void> {
    const now = Date.now();
    for (const id of [...this.pending.keys()]) await this.write(id, now);
    for (const [id, at] of this.writtenAt) if (now - at >= USE_FLUSH_MS) this.writtenAt.delete(id);
  }

  private async write(id: string, now: number): Promise<void> {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    this.writtenAt.set(id, now);
    try {
      await this.database.run(RECORD_USES, [id, entry.count, entry.at, entry.ip]);
    } catch (err) {
      // A lost write loses a count, never the request it was counted for.
      this.log(err);
    }
  }
}

/**
 * Bearer authentication for the session plugin: the token's user becomes `request.user` on a route
 * that names the scope it needs (`config.apiTokenScope`), with no cookie and no CSRF check (a
 * header another site cannot make a browser send). Unknown, revoked or expired: 401. A route that
 * takes no token, or a scope the token lacks: 403. Past its rate: 429.
 */
export function apiTokenAuth(app: FastifyInstance, counters: LimitCounters) {
  const uses = new TokenUses(app.database, (err) =>
    app.log.error({ err }, "could not record API token uses"),
  );
  const timer = setInterval(() => void uses.flush(), USE_FLUSH_MS);
  timer.unref();

  async function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    secret: string,
  ): Promise<void> {
    const route = request.routeOptions;
    const url = route.url ?? "";
    // The staff's area does not exist for a token, as for anyone but staff (staff.policy.ts):
    // answered before the token is even looked at, so a made-up token cannot map the area.
    if (ADMIN_AREA.test(url)) throw notFound();
    const invalid = (message: string) => new AppError(401, ERROR_CODES.apiTokenInvalid, message);
    if (!secret.startsWith(API_TOKEN_PREFIX)) throw invalid("This API token is not valid.");
    const [row] = await app.database.run<TokenRow>(TOKEN_LOOKUP, [hashApiToken(secret)]);
    if (!row) throw invalid("This API token is not valid.");
    if (row.revoked_at) throw invalid("This API token has been revoked.");
    if (row.expired) throw invalid("This API token has expired.");
    if (row.suspended_at) throw invalid("This account is suspended.");

    const method = request.method;
    const scope = route.config.apiTokenScope;
    if (!scope || !tokenMayReach(method, url))
      throw new AppError(
        403,
        ERROR_CODES.apiTokenNotAllowed,
        "API tokens cannot be used for this request. Sign in on the website to do this.",
      );
    if (!row.scopes.includes(scope))
      throw new AppError(
        403,
        ERROR_CODES.apiTokenScopeMissing,
        `This API token does not have the "${scope}" scope.`,
      );

    const hit = await counters.take(`api-token|${row.token_id}`, 60_000, API_TOKEN_RATE_PER_MINUTE);
    if (hit.count > API_TOKEN_RATE_PER_MINUTE)
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        waitMessage(hit.resetInMs, "Too many requests with this API token"),
      );

    // Staff powers never ride on a token: staffRole is left out, so no route treats its
    // bearer as staff (the admin area is refused above in any case).
    request.user = {
      id: row.id,
      email: row.email,
      username: row.username,
      fullName: row.full_name,
      role: row.role,
      avatarUrl: row.avatar_url,
      marketingEmails: row.marketing_emails,
      staffRole: null,
    };
    request.apiToken = { id: row.token_id, scopes: row.scopes };
    // Every line this request logs, "request completed" included, names the token.
    const log = request.log.child({ apiTokenId: row.token_id });
    request.log = log;
    reply.log = log;
    await uses.record(row.token_id, request.ip);
  }

  return {
    authenticate,
    /** Writes pending use counts now. */
    flushUses: () => uses.flush(),
    async close() {
      clearInterval(timer);
      await uses.flush();
    },
  };
}
