import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { oauthAccounts } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";
import { seedDatabase } from "../../seed/seed";
import { Agent } from "../../test/agent";
import { openTestDatabase, type TestDatabase } from "../../test/build-test-app";

// A local OpenID Connect server stands in for Google.
let provider: OAuth2Server;
let testDb: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let nextClaims: Record<string, unknown> = {};

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, nextClaims);
  });
  testDb = await openTestDatabase();
  await seedDatabase(testDb.database.db, {});
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: "/tmp/tw-oauth-test",
    GOOGLE_CLIENT_ID: "tradewinds-test",
    GOOGLE_CLIENT_SECRET: "secret",
    OAUTH_GOOGLE_ISSUER: provider.issuer.url as string,
  });
  app = await buildApp({ config, database: testDb.database, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  await provider?.stop();
});

/** Walks the browser's path: our start URL, the provider's authorize page, back to our callback. */
async function signInWithGoogle(agent: Agent, returnTo = "/listings") {
  const start = await agent.get(
    `/api/auth/oauth/google/start?returnTo=${encodeURIComponent(returnTo)}`,
  );
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("state")).toBeTruthy();
  const atProvider = await fetch(authorize, { redirect: "manual" });
  const back = new URL(atProvider.headers.get("location") as string);
  expect(back.pathname).toBe("/auth/callback");
  // The signed flow cookie is scoped to /auth/callback; the agent sends all its cookies.
  return agent.get(`${back.pathname}${back.search}`);
}

describe("Google sign-in through OpenID Connect", () => {
  it("reports the configured providers", async () => {
    expect((await new Agent(app).get("/api/auth/providers")).json()).toEqual({
      google: true,
      facebook: false,
    });
  });

  it("creates a confirmed account on first sign-in and returns to the page the user came from", async () => {
    nextClaims = {
      sub: "google-111",
      email: "Island.Fan@gmail.example",
      email_verified: true,
      name: "Island Fan",
    };
    const agent = new Agent(app);
    const callback = await signInWithGoogle(agent, "/category/art");
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/category/art");
    const session = (await agent.get("/api/auth/session")).json();
    expect(session.user).toMatchObject({
      email: "island.fan@gmail.example",
      username: "island.fan",
      fullName: "Island Fan",
    });
  });

  it("links to an existing confirmed account with the same email", async () => {
    nextClaims = {
      sub: "google-222",
      email: "marcus@demo.tradewinds.test",
      email_verified: true,
      name: "M",
    };
    const agent = new Agent(app);
    await signInWithGoogle(agent);
    expect((await agent.get("/api/auth/session")).json().user.username).toBe("marcus");
    const [marcus] = await testDb.database.db
      .select()
      .from(users)
      .where(eq(users.username, "marcus"));
    const links = await testDb.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, marcus?.id as string));
    expect(links).toHaveLength(1);
  });

  it("refuses an unverified email and a tampered state", async () => {
    nextClaims = { sub: "google-333", email: "someone@example.com", email_verified: false };
    const agent = new Agent(app);
    const res = await signInWithGoogle(agent);
    expect(res.headers.location).toBe("/login?oauthError=oauth_no_email");
    expect((await agent.get("/api/auth/session")).json().user).toBeNull();

    const other = new Agent(app);
    await other.get("/api/auth/oauth/google/start");
    const forged = await other.get("/auth/callback?code=abc&state=forged");
    expect(forged.headers.location).toBe("/login?oauthError=google");
    const noCookie = await new Agent(app).get("/auth/callback?code=abc&state=x");
    expect(noCookie.headers.location).toBe("/login?oauthError=expired");
  });

  // Invariant: whatever returnTo the start URL carries, the browser that follows the callback's
  // redirect stays on this site. Each payload is one a browser would otherwise take elsewhere:
  // scheme-relative, backslashes (read as slashes), tabs and newlines (dropped from URLs by the
  // browser, so "/\t/evil" becomes "//evil"), other schemes, and their encoded and mixed forms.
  const hostile = [
    "//evil.example/steal",
    "///evil.example",
    "/\\evil.example",
    "\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "HTTPS://evil.example/",
    "http:evil.example",
    "https:/evil.example",
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    " //evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/\u0000/evil.example",
    "/\u00a0/evil.example",
    "%2F%2Fevil.example",
    "%2f%2fevil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/.//evil.example",
    "/x/../\\evil.example",
    "@evil.example",
    "evil.example",
  ];
  it("never returns to another site, whatever returnTo says", async () => {
    nextClaims = { sub: "google-444", email: "safe@example.com", email_verified: true };
    const home = "https://tradewinds.example";
    for (const returnTo of hostile) {
      if (returnTo.includes("\u0000")) {
        // The input guard refuses a NUL anywhere in a request before any route sees it.
        const start = await new Agent(app).get(
          `/api/auth/oauth/google/start?returnTo=${encodeURIComponent(returnTo)}`,
        );
        expect(start.statusCode).toBe(400);
        continue;
      }
      const res = await signInWithGoogle(new Agent(app), returnTo);
      expect(res.statusCode, JSON.stringify(returnTo)).toBe(302);
      const location = res.headers.location as string;
      // Resolved as a browser resolves a Location header (the WHATWG URL parser).
      expect(new URL(location, home).origin, JSON.stringify({ returnTo, location })).toBe(home);
      expect(location.startsWith("/") && !location.startsWith("//"), location).toBe(true);
    }
    // A path on this site still comes back as it was.
    const ok = await signInWithGoogle(new Agent(app), "/listing/abc?tab=bids#top");
    expect(ok.headers.location).toBe("/listing/abc?tab=bids#top");
  });

  it("says a provider without credentials is unavailable", async () => {
    const res = await new Agent(app).get("/api/auth/oauth/facebook/start");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Sign-in with Facebook is not available.");
  });
});
