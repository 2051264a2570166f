import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails } from "../../db/schema/accounts";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";

// These races are only real on PostgreSQL (TEST_DATABASE_URL): PGlite has one connection, so its
// transactions run one after another and the tests pass there with or without atomic consumption.

const t = setUpTestApp();

const PASSWORD = "Sunny-Beach9";
const RACERS = 10;
let counter = 0;
const uniqueEmail = (name: string) => `${name}${++counter}-${Date.now()}@example.com`;

async function lastLink(to: string, path: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  const match = mail?.text.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${path} link mailed to ${to}`);
  return match[1];
}

async function register(email: string) {
  const res = await new Agent(t.app).post("/api/auth/register", {
    firstName: "Ana",
    lastName: "Racer",
    email,
    password: PASSWORD,
    accountType: "personal",
    marketingEmails: false,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Sends the same request from RACERS visitors at once (one agent each, so per-IP limits hold). */
async function race(url: string, body: object) {
  const agents = Array.from({ length: RACERS }, () => new Agent(t.app));
  // Fetch every CSRF cookie first so the posts themselves start together.
  await Promise.all(agents.map((a) => a.get("/api/auth/session")));
  return Promise.all(agents.map((a) => a.post(url, body)));
}

function expectExactlyOneWinner(responses: Awaited<ReturnType<typeof race>>) {
  const ok = responses.filter((r) => r.statusCode === 200);
  const refused = responses.filter((r) => r.statusCode !== 200);
  expect(ok.length, responses.map((r) => `${r.statusCode} ${r.body}`).join("\n")).toBe(1);
  for (const r of refused) {
    expect(r.statusCode, r.body).toBe(400);
    expect(["This link has already been used.", "This link is not valid."]).toContain(
      r.json().error.message,
    );
  }
}

describe("one-use links under concurrent use", () => {
  it("a password reset link resets the password once", async () => {
    const email = uniqueEmail("reset");
    await register(email);
    // Each request hashes the password (on a small thread pool) before its transaction, which
    // staggers the racers; a few rounds make it near certain that some overlap.
    for (let round = 0; round < 3; round++) {
      await new Agent(t.app).post("/api/auth/forgot-password", { email });
      const token = await lastLink(email, "/reset-password");
      expectExactlyOneWinner(
        await race("/api/auth/reset-password", { token, password: "New-Password2" }),
      );
    }
  });

  it("a confirmation link confirms once", async () => {
    const email = uniqueEmail("confirm");
    await register(email);
    const token = await lastLink(email, "/confirm-email");
    expectExactlyOneWinner(await race("/api/auth/confirm", { token }));
  });

  it("an email-change link changes the email once", async () => {
    const email = uniqueEmail("mover");
    await register(email);
    const confirm = await new Agent(t.app).post("/api/auth/confirm", {
      token: await lastLink(email, "/confirm-email"),
    });
    expect(confirm.statusCode).toBe(200);
    const agent = new Agent(t.app);
    const login = await agent.post("/api/auth/login", { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const next = uniqueEmail("moved");
    const change = await agent.post("/api/me/email", { email: next, currentPassword: PASSWORD });
    expect(change.statusCode, change.body).toBe(200);
    const token = await lastLink(next, "/confirm-email");
    expectExactlyOneWinner(await race("/api/auth/confirm", { token }));
    expect((await agent.get("/api/auth/session")).json().user.email).toBe(next);
  });
});
