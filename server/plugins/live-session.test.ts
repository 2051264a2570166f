import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema/accounts";
import { hashPassword } from "../modules/accounts/password";
import { notify } from "../modules/notifications/notifications.service";
import { Agent } from "../test/agent";
import { secondInstance, setUpTestApp } from "../test/build-test-app";
import { createUser, signedInAgent } from "../test/factories";
import { hashToken, newToken } from "./session";

const t = setUpTestApp();
let base = "";
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
/** Every stream a test opened, closed before the app so that a stream left open cannot hang it. */
const opened: AbortController[] = [];
afterAll(async () => {
  for (const controller of opened) controller.abort();
});

const PASSWORD = "Sunny-Beach9";

/** A stream of /api/live as `agent`'s browser opens it, read to the end by `rest()`. */
async function openStream(agent: Agent, origin = base) {
  const controller = new AbortController();
  opened.push(controller);
  const res = await fetch(`${origin}/api/live`, {
    headers: { cookie: agent.cookieHeader() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  /** Reads until `part` has arrived (the stream is open and verified). */
  const until = async (part: string) => {
    while (!text.includes(part)) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the stream ended before ${part}`);
      text += decoder.decode(chunk.value, { stream: true });
    }
  };
  return {
    until,
    /** Everything the stream sends until the server ends it; throws if it is still open after `ms`. */
    async rest(ms = 10_000): Promise<string> {
      const deadline = Date.now() + ms;
      for (;;) {
        const left = deadline - Date.now();
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, left))),
        ]);
        if (chunk === null) throw new Error(`the stream was still open after ${ms} ms:\n${text}`);
        if (chunk.done) return text;
        text += decoder.decode(chunk.value, { stream: true });
      }
    },
    close: () => controller.abort(),
  };
}

/** A private event on the user's topic: a stored notification, pushed live with its text. */
const privateEvent = (userId: string, message: string) =>
  notify(t.database.db, [{ userId, kind: "order_paid", message }]);

/** A user who signs in with a password, for the routes that check one. */
async function withPassword(name: string) {
  const user = await createUser(t.database.db, name);
  await t.database.db.execute(
    sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${user.id}`,
  );
  return user;
}

async function signIn(email: string) {
  const agent = new Agent(t.app);
  const res = await agent.post("/api/auth/login", { email, password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return agent;
}

describe("a live stream ends with the session behind it", () => {
  it("signing out ends the stream, and a private event after it is not sent", async () => {
    const ana = await createUser(t.database.db, "ana");
    const agent = await signedInAgent(t.app, t.database.db, ana.id);
    const stream = await openStream(agent);
    await stream.until("notifications.unread");

    expect((await agent.post("/api/auth/logout", {})).statusCode).toBe(200);
    await privateEvent(ana.id, "Secret after sign-out");
    expect(await stream.rest()).not.toContain("Secret after sign-out");
  });

  it("a password change ends the streams of the account's other sessions, not its own", async () => {
    const ben = await withPassword("ben");
    const here = await signIn(ben.email);
    const elsewhere = await signIn(ben.email);
    const own = await openStream(here);
    const other = await openStream(elsewhere);
    await own.until("notifications.unread");
    await other.until("notifications.unread");

    const changed = await here.post("/api/me/password", {
      currentPassword: PASSWORD,
      newPassword: "Brand-new-pass7",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await privateEvent(ben.id, "Secret after the password change");
    expect(await other.rest()).not.toContain("Secret after the password change");
    await own.until("Secret after the password change");
    own.close();
  });

  it("a suspension ends the stream, and an event of theirs after it is not delivered", async () => {
    const cleo = await createUser(t.database.db, "cleo");
    const dan = await createUser(t.database.db, "dan");
    const boss = await createUser(t.database.db, "boss");
    await t.database.db.execute(sql`update users set staff_role = 'admin' where id = ${boss.id}`);
    const cleos = await signedInAgent(t.app, t.database.db, cleo.id);
    const dans = await signedInAgent(t.app, t.database.db, dan.id);
    const started = await dans.post("/api/me/conversations", {
      recipientId: cleo.id,
      text: "Before",
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversationId = started.json().conversation.id as string;
    const stream = await openStream(cleos);
    await stream.until("notifications.unread");

    const admin = await signedInAgent(t.app, t.database.db, boss.id);
    const suspended = await admin.post(`/api/admin/users/${cleo.id}/suspend`, {
      reason: "Testing suspension",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    // A message to a suspended user is refused now (recipient_suspended); their private events
    // still arise (an order of theirs is paid), and must not reach the stream opened before.
    const sent = await dans.post(`/api/me/conversations/${conversationId}/messages`, {
      text: "Secret after suspension",
    });
    expect(sent.statusCode, sent.body).toBe(403);
    await privateEvent(cleo.id, "Secret after suspension");
    expect(await stream.rest()).not.toContain("Secret after suspension");
  });

  it("a session's expiry ends its stream", async () => {
    const eve = await createUser(t.database.db, "eve");
    const agent = new Agent(t.app);
    const token = newToken();
    await t.database.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: eve.id,
      expiresAt: new Date(Date.now() + 1500),
    });
    agent.cookies.set("tw_session", token);
    const stream = await openStream(agent);
    await stream.until("notifications.unread");
    const text = await stream.rest();
    await privateEvent(eve.id, "Secret after expiry");
    expect(text).not.toContain("Secret after expiry");
  });

  it("signing out on one instance ends the stream on another (PostgreSQL: instances share it)", {
    tags: ["postgres"],
  }, async () => {
    const other = await secondInstance(t);
    try {
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const origin = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const fay = await createUser(t.database.db, "fay");
      const agent = await signedInAgent(t.app, t.database.db, fay.id);
      const stream = await openStream(agent, origin);
      await stream.until("notifications.unread");

      expect((await agent.post("/api/auth/logout", {})).statusCode).toBe(200);
      await privateEvent(fay.id, "Secret on the other instance");
      expect(await stream.rest()).not.toContain("Secret on the other instance");
    } finally {
      await other.close();
    }
  });
});
