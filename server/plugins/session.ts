import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import cookie from "@fastify/cookie";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CSRF_COOKIE, CSRF_HEADER, type SessionUser } from "../../core/contracts/accounts";
import { ERROR_CODES } from "../../core/errors";
import type { NamedStatement } from "../db/client";
import { sessions } from "../db/schema/accounts";
import { AppError, unauthorized } from "../errors";
import { isApiRoute } from "./api-routes";
import { apiTokenAuth, assertTokenRoute, bearerSecret } from "./api-token-auth";
import { SessionCache } from "./session-cache";

export const SESSION_COOKIE = "tw_session";
/** Notified by the database (session-changed.sql) with a user id when their sessions or account change. */
export const SESSION_CHANNEL = "session_changed";
/** The longest a cached session is trusted without a database read, should a notification be lost. */
const SESSION_CACHE_TTL_MS = 30_000;
/** Remember me keeps a session this long; without it the cookie ends with the browser. */
export const REMEMBER_ME_MS = 30 * 24 * 3600 * 1000;
/** A browser-session cookie still needs a server-side end, for browsers that restore sessions. */
export const BROWSER_SESSION_MS = 24 * 3600 * 1000;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A route called by another server without our cookies (payment webhooks), whose own signature
     * protects it: the CSRF check does not apply.
     */
    csrfExempt?: boolean;
    /**
     * A route that changes the signed-in user's own account or sessions (what the session cache
     * holds): this instance forgets their cached sessions as soon as it has answered (every
     * /api/auth/ route does too). Any other change reaches the cache through the database's
     * notification (session-changed.sql). `"others"`: it may change other users' accounts (a
     * suspension, a role): this instance forgets every cached session, so the change holds here from
     * the next request; the other instances hear of it by that notification.
     */
    changesAccount?: boolean | "others";
  }
  interface FastifyRequest {
    /** The signed-in user, or null; set for /api and /auth requests. */
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
  interface FastifyInstance {
    startSession(
      reply: FastifyReply,
      userId: string,
      persistent: boolean,
      previousTokenHash?: string | null,
    ): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Writes the API tokens' pending use counts now (they are written at most once a minute). */
    flushApiTokenUses(): Promise<void>;
  }
}

// crypto.hash: one call, about a third of createHash().update().digest() for a token (every request).
export const hashToken = (token: string) => hash("sha256", token, "hex");
export const newToken = () => randomBytes(32).toString("base64url");

/** Throws 401 (with the area's own message when the spec has one) unless someone is signed in. */
export function requireUser(
  request: FastifyRequest,
  message = "Please sign in to continue.",
): SessionUser {
  if (!request.user) throw unauthorized(message);
  return request.user;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const CSRF_TOKEN_BYTES = 24;
/**
 * The system's random bytes for CSRF tokens, drawn 4 KiB at a time (as Node does for randomUUID):
 * a client without cookies (an API user, a script) gets a new token on every API request, and one
 * call for 24 bytes cost more than the rest of the session check. No byte is handed out twice.
 */
const csrfEntropy = { pool: Buffer.alloc(0), offset: 0 };
function newCsrfToken(): string {
  if (csrfEntropy.offset + CSRF_TOKEN_BYTES > csrfEntropy.pool.length) {
    csrfEntropy.pool = randomBytes(4096);
    csrfEntropy.offset = 0;
  }
  const start = csrfEntropy.offset;
  csrfEntropy.offset += CSRF_TOKEN_BYTES;
  return csrfEntropy.pool.toString("base64url", start, start + CSRF_TOKEN_BYTES);
}

/**
 * The signed-in user of a live session. A named statement: every request that misses the cache
 * runs it, so each connection plans it once.
 */
const SESSION_LOOKUP: NamedStatement = {
  name: "session_lookup",
  // A suspended user has no session: suspension takes effect on their next request everywhere
  // (the users trigger of migration 0006 drops cached sessions on every instance).
  text: `select u.id, u.email, u.username, u.full_name, u.role, u.avatar_url, u.marketing_emails,
      u.staff_role, s.expires_at
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1 and s.expires_at > now() and u.suspended_at is null`,
};

interface SessionRow extends Record<string, unknown> {
  id: string;
  email: string;
  username: string;
  full_name: string;
  role: SessionUser["role"];
  avatar_url: string | null;
  marketing_emails: boolean;
  staff_role: SessionUser["staffRole"];
  expires_at: Date | string;
}

/**
 * Server-side sessions in an httpOnly cookie, and the CSRF defence: a state-changing request to
 * any route must echo the `tw_csrf` cookie in the `x-csrf-token` header (double submit), unless
 * the route is marked `config.csrfExempt`. Another site can make the browser send our cookies but
 * can neither read the cookie nor set the header.
 */
export const sessionPlugin = fp<{ secret: string; secure: boolean }>(
  async (app, { secret, secure }) => {
    await app.register(cookie, { secret });
    app.decorateRequest("user", null);
    app.decorateRequest("sessionTokenHash", null);
    app.decorateRequest("apiToken", null);
    // A route that may never take a token (server/plugins/api-token-auth.ts) but names a scope
    // is a mistake found at start-up, not by a token holder.
    app.addHook("onRoute", (route) =>
      assertTokenRoute(route.method, route.url, route.config?.apiTokenScope),
    );
    const tokens = apiTokenAuth(app, app.limitCounters);
    app.decorate("flushApiTokenUses", tokens.flushUses);

    // Every request of a signed-in user needs them; reading the sessions table each time was the
    // largest cost of a bid after the bid itself (docs/decisions/0002). A trigger on sessions and
    // users notifies SESSION_CHANNEL with the user id, and every instance drops that user's entries.
    const cache = new SessionCache(SESSION_CACHE_TTL_MS);
    const stopListening = await app.database.listen(SESSION_CHANNEL, (userId) =>
      cache.invalidateUser(userId),
    );
    app.addHook("onClose", async () => {
      await stopListening();
      await tokens.close();
    });

    const baseCookie = { path: "/", httpOnly: true, sameSite: "lax" as const, secure };

    app.addHook("onRequest", async (request, reply) => {
      const route = request.routeOptions;
      // No route matched: nothing will run but the not-found answer.
      if (route.url === undefined) return;
      // A personal API token (issue 33) stands in for the cookie and needs no CSRF token: another
      // site can make a browser send cookies, never an Authorization header. Any cookie is ignored.
      const bearer = isApiRoute(route.url) ? bearerSecret(request) : null;
      if (bearer !== null) {
        await tokens.authenticate(request, reply, bearer);
        return;
      }
      const csrf = request.cookies[CSRF_COOKIE];
      if (UNSAFE_METHODS.has(request.method) && route.config.csrfExempt !== true) {
        const header = request.headers[CSRF_HEADER];
        const sent = Array.isArray(header) ? header[0] : header;
        const ok =
          csrf !== undefined &&
          typeof sent === "string" &&
          sent.length === csrf.length &&
          timingSafeEqual(Buffer.from(sent), Buffer.from(csrf));
        if (!ok) {
          throw new AppError(
            403,
            ERROR_CODES.csrfFailed,
            "Your session has expired. Please refresh the page and try again.",
          );
        }
      }
      if (!isApiRoute(route.url)) return;
      if (!csrf) {
        // Readable by the page on purpose: it echoes the value in the header.
        reply.setCookie(CSRF_COOKIE, newCsrfToken(), {
          path: "/",
          sameSite: "strict",
          secure,
          httpOnly: false,
        });
      }

      const token = request.cookies[SESSION_COOKIE];
      if (!token) return;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached) {
        request.user = cached;
        request.sessionTokenHash = tokenHash;
        return;
      }
      const ticket = cache.ticket();
      const [row] = await app.database.run<SessionRow>(SESSION_LOOKUP, [tokenHash]);
      if (row) {
        const user: SessionUser = {
          id: row.id,
          email: row.email,
          username: row.username,
          fullName: row.full_name,
          role: row.role,
          avatarUrl: row.avatar_url,
          marketingEmails: row.marketing_emails,
          staffRole: row.staff_role,
        };
        cache.set(tokenHash, user, new Date(row.expires_at), ticket);
        request.user = user;
        request.sessionTokenHash = tokenHash;
      } else {
        reply.clearCookie(SESSION_COOKIE, baseCookie);
      }
    });

    // A user's own account changes (profile, password, email, sign-out) go through the routes
    // marked changesAccount and /api/auth/: this instance forgets them at once rather than waiting
    // for the database's notification, so the next request sees the change. Not every write under
    // /api/me: a message, a watch or a cart change leaves the account as it was, and forgetting the
    // session there cost the next request a session lookup (a second statement for a bid-sized
    // send) and refused the cache any lookup in flight meanwhile (SessionCache.ticket).
    app.addHook("onResponse", async (request) => {
      if (request.routeOptions.config.changesAccount === "others") {
        if (UNSAFE_METHODS.has(request.method)) cache.clear();
        return;
      }
      if (
        request.user &&
        UNSAFE_METHODS.has(request.method) &&
        (request.routeOptions.config.changesAccount === true ||
          request.routeOptions.url?.startsWith("/api/auth/"))
      )
        cache.invalidateUser(request.user.id);
    });

    app.decorate(
      "startSession",
      async (
        reply: FastifyReply,
        userId: string,
        persistent: boolean,
        previous?: string | null,
      ) => {
        // A new id at every sign-in, and the old one gone: no session fixation.
        if (previous) await app.db.delete(sessions).where(eq(sessions.tokenHash, previous));
        const token = newToken();
        const expiresAt = new Date(Date.now() + (persistent ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
        await app.db
          .insert(sessions)
          .values({ tokenHash: hashToken(token), userId, persistent, expiresAt });
        reply.setCookie(
          SESSION_COOKIE,
          token,
          persistent ? { ...baseCookie, expires: expiresAt } : baseCookie,
        );
      },
    );

    app.decorate("endSession", async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.sessionTokenHash) {
        await app.db.delete(sessions).where(eq(sessions.tokenHash, request.sessionTokenHash));
      }
      if (request.user) cache.invalidateUser(request.user.id);
      reply.clearCookie(SESSION_COOKIE, baseCookie);
    });
  },
  { name: "session", dependencies: ["db", "rate-limit"] },
);
