import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  API_TOKEN_RATE_PER_MINUTE,
  type ApiTokenScope,
  apiTokenListSchema,
  createdApiTokenSchema,
  MAX_API_TOKENS,
} from "../../../core/contracts/api-tokens";
import { ERROR_CODES } from "../../../core/errors";
import { rows } from "../../db/rows";
import { assertTokenRoute, tokenMayReach } from "../../plugins/api-token-auth";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// Personal API tokens (issue 33): made with the browser's session, used with only a bearer header.

const logLines: string[] = [];
const t = setUpTestApp({
  logger: {
    level: "info",
    stream: new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  },
});
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana Ruiz" };
const ALL: ApiTokenScope[] = ["read", "listings", "orders", "messages"];

let sellerId: string;
let seller: Agent;
let buyerId: string;
let buyer: Agent;
let orderId: string;

beforeAll(async () => {
  const s = await createUser(t.database.db, "tokenseller");
  sellerId = s.id;
  seller = await signedInAgent(t.app, t.database.db, s.id);
  const b = await createUser(t.database.db, "tokenbuyer");
  buyerId = b.id;
  buyer = await signedInAgent(t.app, t.database.db, b.id);
  const listing = await createListing(t.database.db, {
    sellerId,
    title: "Calabash bowl",
    priceCents: 2500,
    quantity: 1,
  });
  const res = await buyer.post("/api/checkout", {
    lines: [{ listingId: listing.id, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const checkout = res.json() as { orderId: string; redirectUrl: string };
  orderId = checkout.orderId;
  const session = checkout.redirectUrl.split("/pay/sandbox/")[1];
  const paid = await buyer.post(`/api/payments/sandbox/sessions/${session}/pay`, CARD);
  expect(paid.statusCode, paid.body).toBe(200);
});

async function makeToken(
  agent: Agent,
  scopes: ApiTokenScope[] = ALL,
  expiresInDays = 30,
  name = "Shop sync",
) {
  const res = await agent.post("/api/me/tokens", { name, scopes, expiresInDays });
  expect(res.statusCode, res.body).toBe(201);
  return createdApiTokenSchema.parse(res.json());
}

/** A request from outside any browser: no cookies, only the bearer header. */
function bearer(method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, secret: string) {
  return (body?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}` },
      ...(body ? { payload: body } : {}),
    });
}

describe("making, listing and revoking tokens", () => {
  it("shows the secret once and stores only its SHA-256", async () => {
    const { token, secret } = await makeToken(seller, ["orders", "read"], 90, "Accounting");
    expect(secret).toMatch(/^tw_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: "Accounting",
      scopes: ["read", "orders"],
      last4: secret.slice(-4),
      lastUsedAt: null,
      useCount: 0,
      revokedAt: null,
    });
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const [row] = await rows<Record<string, unknown>>(
      t.database.db,
      sql`select * from api_tokens where id = ${token.id}`,
    );
    expect(row?.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    // No column holds the secret, nor any long piece of it.
    expect(JSON.stringify(row)).not.toContain(secret.slice(7, 30));

    const list = await seller.get("/api/me/tokens");
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(7, 30));
    expect(apiTokenListSchema.parse(list.json()).items.map((i) => i.id)).toContain(token.id);
  });

  it("refuses a bad scope, a lifetime not offered, no name, and a visitor", async () => {
    const bad = await seller.post("/api/me/tokens", {
      name: "x",
      scopes: ["admin"],
      expiresInDays: 30,
    });
    expect(bad.statusCode).toBe(400);
    const noScope = await seller.post("/api/me/tokens", {
      name: "x",
      scopes: [],
      expiresInDays: 30,
    });
    expect(noScope.statusCode).toBe(400);
    const forever = await seller.post("/api/me/tokens", {
      name: "x",
      scopes: ["read"],
      expiresInDays: 10_000,
    });
    expect(forever.statusCode).toBe(400);
    const unnamed = await seller.post("/api/me/tokens", {
      name: " ",
      scopes: ["read"],
      expiresInDays: 7,
    });
    expect(unnamed.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/me/tokens" })).statusCode).toBe(401);
  });

  it(`refuses a token past ${MAX_API_TOKENS} live ones (revoked and expired ones do not count)`, async () => {
    const user = await createUser(t.database.db, "tokenmany");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    for (let i = 0; i < MAX_API_TOKENS; i++)
      await t.database.db.execute(sql`insert into api_tokens
        (user_id, name, scopes, token_hash, last4, expires_at)
        values (${user.id}, ${`t${i}`}, array['read']::text[], ${`hash-many-${i}`}, 'abcd',
          now() + interval '1 day')`);
    const res = await agent.post("/api/me/tokens", {
      name: "one more",
      scopes: ["read"],
      expiresInDays: 7,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(ERROR_CODES.apiTokenLimitReached);
    await t.database.db.execute(
      sql`update api_tokens set revoked_at = now() where user_id = ${user.id} and name = 't0'`,
    );
    await makeToken(agent, ["read"]);
  });

  it("needs the CSRF header to make or revoke one, as every cookie request does", async () => {
    const res = await seller.request(
      "POST",
      "/api/me/tokens",
      { name: "x", scopes: ["read"], expiresInDays: 7 },
      { csrf: false },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ERROR_CODES.csrfFailed);
    const { token } = await makeToken(seller);
    const del = await seller.request("DELETE", `/api/me/tokens/${token.id}`, undefined, {
      csrf: false,
    });
    expect(del.statusCode).toBe(403);
  });

  it("answers 404 for another user's token and leaves it working", async () => {
    const { token, secret } = await makeToken(seller, ["orders"]);
    const res = await buyer.delete(`/api/me/tokens/${token.id}`);
    expect(res.statusCode).toBe(404);
    expect((await bearer("GET", "/api/me/sales", secret)()).statusCode).toBe(200);
    const list = apiTokenListSchema.parse((await buyer.get("/api/me/tokens")).json());
    expect(list.items.map((i) => i.id)).not.toContain(token.id);
  });
});

describe("a bearer token", () => {
  it("lists the seller's sales with only the Authorization header, and sets no cookie", async () => {
    const { secret } = await makeToken(seller, ["orders"]);
    const res = await bearer("GET", "/api/me/sales", secret)();
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: { orderId: string }[] };
    expect(page.items.map((i) => i.orderId)).toContain(orderId);
    expect(res.cookies).toEqual([]);
    // The buyer's own token sees their order, and an order by id.
    const mine = await makeToken(buyer, ["orders"]);
    const orders = await bearer("GET", "/api/me/orders", mine.secret)();
    expect((orders.json() as { items: { id: string }[] }).items.map((o) => o.id)).toContain(
      orderId,
    );
    expect((await bearer("GET", `/api/orders/${orderId}`, mine.secret)()).statusCode).toBe(200);
  });

  it("needs no CSRF header to change things in its scope (a message, a listing)", async () => {
    const { secret } = await makeToken(seller, ["messages", "listings"]);
    const started = await bearer(
      "POST",
      "/api/me/conversations",
      secret,
    )({
      recipientId: buyerId,
      text: "Your bowl ships tomorrow.",
    });
    expect(started.statusCode, started.body).toBe(201);
    const mine = await bearer("GET", "/api/me/listings", secret)();
    expect(mine.statusCode, mine.body).toBe(200);
    // The same POST from a browser without the CSRF header is refused.
    const cookie = await seller.request(
      "POST",
      "/api/me/conversations",
      { recipientId: buyerId, text: "Again" },
      { csrf: false },
    );
    expect(cookie.statusCode).toBe(403);
    expect(cookie.json().error.code).toBe(ERROR_CODES.csrfFailed);
  });

  it("is 403 without the route's scope, naming it", async () => {
    const { secret } = await makeToken(seller, ["read"]);
    const res = await bearer("GET", "/api/me/sales", secret)();
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: ERROR_CODES.apiTokenScopeMissing,
      message: 'This API token does not have the "orders" scope.',
    });
    const me = await bearer("GET", "/api/me", secret)();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: sellerId, username: expect.any(String) });
  });

  it("is 403 on a route that takes no token", async () => {
    const { secret } = await makeToken(seller);
    const res = await bearer("GET", "/api/me/cart", secret)();
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe(ERROR_CODES.apiTokenNotAllowed);
  });

  it("never changes the account, nor lists, makes or revokes tokens", async () => {
    const { token, secret } = await makeToken(seller);
    const attempts = [
      bearer("PATCH", "/api/me", secret)({ fullName: "Taken Over" }),
      bearer(
        "POST",
        "/api/me/password",
        secret,
      )({
        currentPassword: "x",
        newPassword: "Another1!pass",
      }),
      bearer("POST", "/api/me/email", secret)({ email: "new@example.com", currentPassword: "x" }),
      bearer("GET", "/api/me/tokens", secret)(),
      bearer("POST", "/api/me/tokens", secret)({ name: "n", scopes: ["read"], expiresInDays: 7 }),
      bearer("DELETE", `/api/me/tokens/${token.id}`, secret)(),
      bearer("POST", "/api/auth/logout", secret)(),
      bearer("PUT", "/api/me/notification-preferences", secret)({}),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe(ERROR_CODES.apiTokenNotAllowed);
    }
    const [row] = await rows<{ revoked_at: unknown }>(
      t.database.db,
      sql`select revoked_at from api_tokens where id = ${token.id}`,
    );
    expect(row?.revoked_at).toBeNull();
  });

  it("never reaches the admin area, even a staff member's (404, as to anyone but staff)", async () => {
    const admin = await createUser(t.database.db, "tokenadmin");
    await t.database.db.execute(sql`update users set staff_role = 'admin' where id = ${admin.id}`);
    const staff = await signedInAgent(t.app, t.database.db, admin.id);
    expect((await staff.get("/api/admin/users")).statusCode).toBe(200);
    const { secret } = await makeToken(staff);
    for (const url of [
      "/api/admin/users",
      `/api/admin/users/${sellerId}`,
      "/api/admin/dashboard",
    ]) {
      const res = await bearer("GET", url, secret)();
      expect(res.statusCode, url).toBe(404);
    }
    // A made-up token cannot tell the area's routes from nothing.
    const bogus = await bearer("GET", "/api/admin/users", "tw_pat_madeup")();
    expect(bogus.statusCode).toBe(404);
    // Staff powers do not ride on a token anywhere.
    const me = await bearer("GET", "/api/me", secret)();
    expect(me.json().staffRole).toBeNull();
  });

  it("is 401 once revoked, at once; 401 when expired; 401 when unknown", async () => {
    const { token, secret } = await makeToken(seller, ["orders"]);
    expect((await bearer("GET", "/api/me/sales", secret)()).statusCode).toBe(200);
    const del = await seller.delete(`/api/me/tokens/${token.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().revokedAt).not.toBeNull();
    const revoked = await bearer("GET", "/api/me/sales", secret)();
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error).toEqual({
      code: ERROR_CODES.apiTokenInvalid,
      message: "This API token has been revoked.",
    });

    const other = await makeToken(seller, ["orders"], 7);
    await t.database.db.execute(
      sql`update api_tokens set created_at = now() - interval '8 days',
        expires_at = now() - interval '1 second' where id = ${other.token.id}`,
    );
    const expired = await bearer("GET", "/api/me/sales", other.secret)();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe("This API token has expired.");

    for (const made of [`tw_pat_${"A".repeat(43)}`, "not-a-token"]) {
      const unknown = await bearer("GET", "/api/me/sales", made)();
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.message).toBe("This API token is not valid.");
    }
  });

  it("stops working when its owner is suspended", async () => {
    const user = await createUser(t.database.db, "tokensuspended");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const { secret } = await makeToken(agent, ["read"]);
    await t.database.db.execute(sql`update users set suspended_at = now() where id = ${user.id}`);
    expect((await bearer("GET", "/api/me", secret)()).statusCode).toBe(401);
  });

  it(`is limited to ${API_TOKEN_RATE_PER_MINUTE} requests a minute per token (429)`, async () => {
    const { token, secret } = await makeToken(seller, ["read"]);
    const fresh = await makeToken(seller, ["read"]);
    // Use the minute up on the shared counters, as that many requests would.
    const key = `api-token|${token.id}`;
    for (let i = 0; i < API_TOKEN_RATE_PER_MINUTE; i++)
      await t.app.limitCounters.take(key, 60_000, API_TOKEN_RATE_PER_MINUTE);
    const res = await bearer("GET", "/api/me", secret)();
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe(ERROR_CODES.rateLimited);
    expect(res.json().error.message).toMatch(
      /^Too many requests with this API token\. Please wait/,
    );
    // Another token of the same account has its own minute.
    expect((await bearer("GET", "/api/me", fresh.secret)()).statusCode).toBe(200);
  });
});

describe("attribution", () => {
  it("records last use and count at most once a minute, and shows them to staff", async () => {
    const { token, secret } = await makeToken(seller, ["read"]);
    const use = () =>
      t.app.inject({
        method: "GET",
        url: "/api/me",
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: "203.0.113.9",
      });
    expect((await use()).statusCode).toBe(200);
    const read = async () =>
      (
        await rows<{ use_count: number; last_used_at: unknown; last_used_ip: string }>(
          t.database.db,
          sql`select use_count, last_used_at, last_used_ip from api_tokens where id = ${token.id}`,
        )
      )[0];
    expect(await read()).toMatchObject({ use_count: 1, last_used_ip: "203.0.113.9" });
    await use();
    await use();
    // Within the minute: counted in memory, not written.
    expect((await read())?.use_count).toBe(1);
    await t.app.flushApiTokenUses();
    expect((await read())?.use_count).toBe(3);

    const admin = await createUser(t.database.db, "tokenstaff");
    await t.database.db.execute(
      sql`update users set staff_role = 'moderator' where id = ${admin.id}`,
    );
    const staff = await signedInAgent(t.app, t.database.db, admin.id);
    const detail = await staff.get(`/api/admin/users/${sellerId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const shown = (
      detail.json() as { apiTokens: { id: string; useCount: number; lastUsedIp: string }[] }
    ).apiTokens.find((a) => a.id === token.id);
    expect(shown).toMatchObject({ useCount: 3, lastUsedIp: "203.0.113.9" });
  });

  it("names the token in the request's log line", async () => {
    const { token, secret } = await makeToken(seller, ["read"]);
    await bearer("GET", "/api/me", secret)();
    const line = logLines.find((l) => l.includes(token.id) && l.includes("request completed"));
    expect(line).toBeDefined();
    expect(line).not.toContain(secret);
  });
});

describe("which routes may take a token", () => {
  it("are the ones docs/api-tokens.md lists, each marked bearer in the OpenAPI document", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const bearerRoutes = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.security?.some((req) => "bearer" in req))
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const documented = [
      ...readFileSync(join(import.meta.dirname, "../../../docs/api-tokens.md"), "utf8").matchAll(
        /`((?:GET|POST|PATCH|PUT|DELETE) \/api\/[^`]+)`/g,
      ),
    ].map((m) => m[1]);
    expect(bearerRoutes).toHaveLength(27);
    expect(bearerRoutes).toEqual([...new Set(documented)].sort());
  });

  it("refuses at start-up a scope on an account, token, sign-in or admin route", () => {
    for (const [method, url] of [
      ["PATCH", "/api/me"],
      ["POST", "/api/me/password"],
      ["POST", "/api/me/email"],
      ["POST", "/api/me/avatar"],
      ["GET", "/api/me/tokens"],
      ["DELETE", "/api/me/tokens/:id"],
      ["POST", "/api/auth/login"],
      ["GET", "/api/admin/users"],
    ] as const) {
      expect(tokenMayReach(method, url), url).toBe(false);
      expect(() => assertTokenRoute(method, url, "read")).toThrow(/may not take API tokens/);
    }
    expect(tokenMayReach("GET", "/api/me")).toBe(true);
    expect(tokenMayReach("GET", "/api/me/sales")).toBe(true);
  });
});
