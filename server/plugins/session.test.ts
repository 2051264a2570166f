import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { Agent } from "../test/agent";
import { secondInstance, setUpTestApp } from "../test/build-test-app";
import { createUser, signedInAgent } from "../test/factories";

const t = setUpTestApp();

/** Asks for the session until `check` holds (the database's notification arrives after commit). */
async function eventually(agent: Agent, check: (user: { username: string } | null) => boolean) {
  let user: { username: string } | null = null;
  for (let i = 0; i < 50; i++) {
    user = (await agent.get("/api/auth/session")).json().user;
    if (check(user)) return user;
    await new Promise((r) => setTimeout(r, 40));
  }
  return user;
}

/** The same session token in a fresh client: what a stolen or second-tab cookie would do. */
function replay(agent: Agent) {
  const copy = new Agent(t.app);
  copy.cookies.set("tw_session", agent.cookies.get("tw_session") as string);
  return copy;
}

describe("cached sessions", () => {
  it("end at sign-out on this instance at once", async () => {
    const user = await createUser(t.database.db, "leaver");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const copy = replay(agent);
    expect((await copy.get("/api/auth/session")).json().user?.id).toBe(user.id);
    expect((await agent.post("/api/auth/logout")).statusCode).toBeLessThan(300);
    expect((await copy.get("/api/auth/session")).json().user).toBeNull();
  });

  it("end when the session row goes, whoever deletes it (another instance, a password reset)", async () => {
    const user = await createUser(t.database.db, "reset");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    expect((await agent.get("/api/auth/session")).json().user?.id).toBe(user.id);
    await t.database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    expect(await eventually(agent, (u) => u === null)).toBeNull();
    const me = await agent.get("/api/me/listings");
    expect(me.statusCode).toBe(401);
  });

  it("show a profile change made elsewhere", async () => {
    const user = await createUser(t.database.db, "renamed");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    expect((await agent.get("/api/auth/session")).json().user?.username).toBe(user.username);
    await t.database.db.execute(
      sql`update users set username = ${`${user.username}x`} where id = ${user.id}`,
    );
    expect((await eventually(agent, (u) => u?.username === `${user.username}x`))?.username).toBe(
      `${user.username}x`,
    );
  });

  /** Counts the session lookups (cache misses) the app makes while `during` runs. */
  async function lookupsDuring(during: () => Promise<void>): Promise<number> {
    const run = vi.spyOn(t.database, "run");
    try {
      await during();
      return run.mock.calls.filter(([statement]) => statement.name === "session_lookup").length;
    } finally {
      run.mockRestore();
    }
  }

  it("stay cached through a write that leaves the account as it was (sending messages)", async () => {
    const user = await createUser(t.database.db, "keeper");
    const other = await createUser(t.database.db, "kept");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const started = await agent.post("/api/me/conversations", { recipientId: other.id });
    expect(started.statusCode).toBe(201);
    const id = started.json().conversation.id;
    const lookups = await lookupsDuring(async () => {
      for (const text of ["Hello", "Still there?", "Bye"]) {
        expect(
          (await agent.post(`/api/me/conversations/${id}/messages`, { text })).statusCode,
        ).toBe(201);
      }
      expect((await agent.get("/api/auth/session")).json().user?.id).toBe(user.id);
    });
    expect(lookups).toBe(0);
  });

  it("are read again on this instance at once after the user's own profile change", async () => {
    const user = await createUser(t.database.db, "profiled");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    expect((await agent.get("/api/auth/session")).json().user?.fullName).toBe(user.fullName);
    const lookups = await lookupsDuring(async () => {
      expect((await agent.patch("/api/me", { fullName: "Now Renamed" })).statusCode).toBe(200);
      expect((await agent.get("/api/auth/session")).json().user?.fullName).toBe("Now Renamed");
    });
    expect(lookups).toBe(1);
  });

  it("are not trusted past their expiry", async () => {
    const user = await createUser(t.database.db, "expiring");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    expect((await agent.get("/api/auth/session")).json().user?.id).toBe(user.id);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect(await eventually(agent, (u) => u === null)).toBeNull();
  });

  // Two instances need a shared database server; PGlite lives inside one process.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "end on every instance when one signs the user out",
    { tags: ["postgres"] },
    async () => {
      const other = await secondInstance(t);
      try {
        const user = await createUser(t.database.db, "twice");
        const here = await signedInAgent(t.app, t.database.db, user.id);
        const there = new Agent(other.app);
        there.cookies.set("tw_session", here.cookies.get("tw_session") as string);
        expect((await there.get("/api/auth/session")).json().user?.id).toBe(user.id);
        await here.post("/api/auth/logout");
        expect(await eventually(there, (u) => u === null)).toBeNull();
      } finally {
        await other.close();
      }
    },
  );
});

describe("the CSRF check", () => {
  it("gives a client without cookies a new token of 24 random bytes on every API request", async () => {
    // More than one 4 KiB draw of entropy (170 tokens): no token comes back twice across it.
    const tokens = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const res = await t.app.inject({ url: "/api/categories" });
      const token = res.cookies.find((c) => c.name === "tw_csrf")?.value ?? "";
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      tokens.add(token);
    }
    expect(tokens.size).toBe(400);
  });

  // Every spelling the router resolves to a real route must meet the check that route has.
  const spellings = [
    "/api/auth/login",
    "/%61pi/auth/login",
    "/api/%61uth/login",
    "/api/auth/%6Cogin",
    "/%61%70%69/auth/login",
    "/api/auth/login/",
    "/api/auth/login?x=1",
  ];

  it("refuses a sign-in without the header whatever the spelling of its path", async () => {
    for (const url of spellings) {
      const agent = new Agent(t.app);
      await agent.get("/api/auth/session");
      const res = await agent.post(
        url,
        { email: "marcus@demo.tradewinds.test", password: "Tradewinds1!" },
        { csrf: false },
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code, url).toBe("csrf_failed");
      expect(agent.cookies.has("tw_session"), url).toBe(false);
    }
  });

  it("refuses a signed-in change without the header under an encoded path", async () => {
    const user = await createUser(t.database.db, "csrf");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    for (const url of ["/%61pi/me", "/api/m%65"]) {
      const res = await agent.patch(url, { fullName: "Changed By Another Site" }, { csrf: false });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await agent.get("/api/auth/session")).json().user.fullName).toBe(user.fullName);
  });

  it("still lets the signed webhook in without one (its signature guards it)", async () => {
    const res = await new Agent(t.app).post(
      "/%61pi/payments/webhook/sandbox",
      { type: "nothing" },
      { csrf: false },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).not.toBe("csrf_failed");
  });
});
