import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  supportRequestCreatedSchema,
} from "../../../core/contracts/support";
import { supportRequests } from "../../db/schema/support";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { smtpMailer } from "../mail/mailer";
import { newReference, sendPendingSupportEmails } from "./support.service";

const SUPPORT = "help-desk@tradewinds.test";

// A real SMTP server on this machine stands in for the mail provider; it can be told to refuse.
const received: { to: string; subject: string; text: string; html: string }[] = [];
// A refusal's SMTP code: 450 passes (try again later), 550 is for good.
let refuse: 450 | 550 | null = null;
// When set, only this recipient is refused.
let refuseOnly: string | null = null;
let smtp: SMTPServer;
const t = setUpTestApp({ seed: false, env: { SUPPORT_EMAIL: SUPPORT } });
let deps: Parameters<typeof sendPendingSupportEmails>[0];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      callback(
        refuse && (refuseOnly === null || address.address === refuseOnly)
          ? Object.assign(new Error("Mailbox unavailable"), { responseCode: refuse })
          : undefined,
      );
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo[0]?.address ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  deps = {
    db: t.database.db,
    mailer: smtpMailer(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`),
    supportEmail: t.app.config.supportEmail,
    publicUrl: "http://localhost:3000",
  };
});
afterAll(async () => {
  deps?.mailer.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(async () => {
  // Each test starts with nothing due and an empty mailbox.
  refuse = null;
  refuseOnly = null;
  await sendPendingSupportEmails(deps);
  received.length = 0;
});

const request = {
  category: "shipping",
  subject: "Parcel to Grenada",
  message: "My parcel from Kingston has not arrived.\nOrder 1a2b3c4d, shipped last week.",
};

async function send(agent: Agent, body: Record<string, unknown>) {
  return agent.post("/api/support-requests", body);
}

/** Stores a request as the form does, straight in the table. */
async function store(email: string) {
  const [row] = await t.database.db
    .insert(supportRequests)
    .values({ ...request, reference: newReference(), email })
    .returning();
  if (!row) throw new Error("not stored");
  return row.reference;
}

/** Ends a request's lease (or due time) a second ago. */
async function dueNow(reference: string) {
  await t.database.db.execute(
    sql`update support_requests set email_due_at = now() - interval '1 second'
        where reference = ${reference}`,
  );
}

async function stored(reference: string) {
  const [row] = await t.database.db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.reference, reference));
  return row;
}

describe("POST /api/support-requests", () => {
  it("stores a visitor's request and answers its reference; the worker emails support and a copy", async () => {
    const res = await send(new Agent(t.app), { ...request, email: "Marcia@Example.com" });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = supportRequestCreatedSchema.parse(res.json());
    expect(reference).toMatch(/^TW-[2-9A-HJ-NP-Z]{8}$/);
    const row = await stored(reference);
    expect(row).toMatchObject({
      userId: null,
      email: "marcia@example.com",
      category: "shipping",
      subject: "Parcel to Grenada",
      emailedAt: null,
    });
    expect(row?.emailDueAt).toBeInstanceOf(Date);
    // The request did not send it: the worker does.
    expect(received).toHaveLength(0);

    expect(await sendPendingSupportEmails(deps)).toBe(1);
    expect(received.map((m) => m.to)).toEqual([SUPPORT, "marcia@example.com"]);
    const [toSupport, copy] = received;
    expect(toSupport?.subject).toBe(`[${reference}] Shipping and delivery: Parcel to Grenada`);
    expect(toSupport?.text).toContain("From: marcia@example.com (not signed in)");
    expect(toSupport?.text).toContain("My parcel from Kingston has not arrived.");
    expect(toSupport?.text).toContain("Order 1a2b3c4d, shipped last week.");
    expect(toSupport?.text).toContain("mailto:marcia@example.com?subject=Re%3A%20%5BTW-");
    expect(copy?.subject).toBe(`We received your message (reference ${reference})`);
    expect(copy?.text).toContain(`Your reference number is ${reference}`);
    expect(copy?.text).toContain("We reply within 24 hours.");
    expect(copy?.text).toContain("Subject: Parcel to Grenada");
    expect(copy?.text).toContain("http://localhost:3000/help");
    const sent = await stored(reference);
    expect(sent?.emailDueAt).toBeNull();
    expect(sent?.emailedAt).toBeInstanceOf(Date);

    // Sent once: the next run finds nothing.
    received.length = 0;
    expect(await sendPendingSupportEmails(deps)).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("answers a signed-in sender at their account's address unless they give another", async () => {
    const user = await createUser(t.database.db, "keisha");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const own = supportRequestCreatedSchema.parse((await send(agent, request)).json());
    expect(await stored(own.reference)).toMatchObject({ userId: user.id, email: user.email });
    const other = await send(agent, { ...request, email: "keisha.work@example.com" });
    expect(other.statusCode).toBe(201);
    const { reference } = supportRequestCreatedSchema.parse(other.json());
    expect(await stored(reference)).toMatchObject({
      userId: user.id,
      email: "keisha.work@example.com",
    });

    await sendPendingSupportEmails(deps);
    expect(received.map((m) => m.to)).toEqual([
      SUPPORT,
      user.email,
      SUPPORT,
      "keisha.work@example.com",
    ]);
    expect(received[0]?.text).toContain(`From: ${user.email} (signed in as ${user.username})`);
  });

  it("requires category, subject and message, with the form's messages", async () => {
    const visitor = new Agent(t.app);
    const empty = await send(visitor, { email: "a@example.com" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      category: SUPPORT_MESSAGES.categoryRequired,
      subject: SUPPORT_MESSAGES.subjectRequired,
      message: SUPPORT_MESSAGES.messageRequired,
    });
    const blank = await send(visitor, {
      category: "nonsense",
      subject: "   ",
      message: "\n\n",
      email: "a@example.com",
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({
      category: SUPPORT_MESSAGES.categoryRequired,
      subject: SUPPORT_MESSAGES.subjectRequired,
      message: SUPPORT_MESSAGES.messageRequired,
    });
    const long = await send(visitor, {
      ...request,
      subject: "x".repeat(SUPPORT_LIMITS.subjectMax + 1),
      email: "a@example.com",
    });
    expect(long.json().error.fields).toEqual({ subject: SUPPORT_MESSAGES.subjectTooLong });
    const badEmail = await send(visitor, { ...request, email: "not-an-address" });
    expect(badEmail.json().error.fields).toEqual({ email: "Please enter a valid email address" });
    expect(await t.database.db.select().from(supportRequests)).not.toContainEqual(
      expect.objectContaining({ email: "a@example.com" }),
    );
  });

  it("asks a visitor for an address to reply to", async () => {
    const res = await send(new Agent(t.app), request);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "bad_request",
      message: SUPPORT_MESSAGES.emailRequired,
      fields: { email: SUPPORT_MESSAGES.emailRequired },
    });
  });

  it("limits requests per sender and copies per address", async () => {
    const user = await createUser(t.database.db, "busy");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    for (let i = 0; i < SUPPORT_LIMITS.requestsPerHour; i++) {
      const res = await send(agent, { ...request, email: `busy${i}@example.com` });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send(agent, { ...request, email: "busy-more@example.com" });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("rate_limited");
    // Someone else at another address is unaffected.
    expect((await send(new Agent(t.app), { ...request, email: "x@example.com" })).statusCode).toBe(
      201,
    );

    // Visitors from many addresses cannot have one inbox sent copy after copy.
    for (let i = 0; i < SUPPORT_LIMITS.copiesPerAddressPerHour; i++) {
      const res = await send(new Agent(t.app), { ...request, email: "victim@example.com" });
      expect(res.statusCode, res.body).toBe(201);
    }
    const flood = await send(new Agent(t.app), { ...request, email: "VICTIM@example.com" });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().error.message).toMatch(/Too many messages from this email address/);
  });
});

describe("sendPendingSupportEmails", () => {
  it("keeps a request through a mail outage and sends it when its lease ends", async () => {
    refuse = 450;
    const res = await send(new Agent(t.app), { ...request, email: "outage@example.com" });
    const { reference } = supportRequestCreatedSchema.parse(res.json());
    await sendPendingSupportEmails(deps);
    expect(received).toHaveLength(0);
    // Leased, not lost: not due again at once...
    const leased = await stored(reference);
    expect(leased?.emailedAt).toBeNull();
    expect(leased?.emailDueAt?.getTime()).toBeGreaterThan(Date.now());
    refuse = null;
    expect(await sendPendingSupportEmails(deps)).toBe(0);
    expect(received).toHaveLength(0);

    // ...but once the lease has run out.
    await dueNow(reference);
    expect(await sendPendingSupportEmails(deps)).toBe(1);
    expect(received.map((m) => m.to)).toEqual([SUPPORT, "outage@example.com"]);
    const sent = await stored(reference);
    expect(sent?.emailDueAt).toBeNull();
    expect(sent?.emailedAt).toBeInstanceOf(Date);
  });

  it("sends both emails again when the copy failed for now after the support email went", async () => {
    refuse = 450;
    refuseOnly = "partial@example.com";
    const reference = await store("partial@example.com");
    await sendPendingSupportEmails(deps);
    expect(received.map((m) => m.to)).toEqual([SUPPORT]);
    expect((await stored(reference))?.emailedAt).toBeNull();

    refuse = null;
    await dueNow(reference);
    expect(await sendPendingSupportEmails(deps)).toBe(1);
    // At least once: support sees the same reference twice.
    expect(received.map((m) => m.to)).toEqual([SUPPORT, SUPPORT, "partial@example.com"]);
    expect((await stored(reference))?.emailDueAt).toBeNull();
  });

  it("does not retry an address the mail server refuses for good", async () => {
    refuse = 550;
    const res = await send(new Agent(t.app), { ...request, email: "nobody@example.com" });
    const { reference } = supportRequestCreatedSchema.parse(res.json());
    expect(await sendPendingSupportEmails(deps)).toBe(1);
    // Dropped, not sent: no longer due, and never emailed.
    expect(await stored(reference)).toMatchObject({ emailDueAt: null, emailedAt: null });
    refuse = null;
    expect(await sendPendingSupportEmails(deps)).toBe(0);
    expect(received).toHaveLength(0);
  });

  it("sends each request once when two workers run at the same time", async () => {
    const addresses = ["p1", "p2", "p3", "p4", "p5"].map((n) => `${n}@example.com`);
    const references: string[] = [];
    for (const address of addresses) references.push(await store(address));
    const [a, b] = await Promise.all([
      sendPendingSupportEmails(deps),
      sendPendingSupportEmails(deps),
    ]);
    expect(a + b).toBe(addresses.length);
    expect(received.filter((m) => m.to === SUPPORT)).toHaveLength(addresses.length);
    expect(
      received
        .map((m) => m.to)
        .filter((to) => to !== SUPPORT)
        .sort(),
    ).toEqual(addresses);
    for (const reference of references) {
      expect(received.filter((m) => m.subject.includes(reference))).toHaveLength(2);
      expect((await stored(reference))?.emailDueAt).toBeNull();
    }
  });

  it("sends a request whose worker died mid-send once its lease runs out", async () => {
    const reference = await store("orphan@example.com");
    // Claimed by a worker that died before marking it done: leased, never completed.
    await t.database.db.execute(
      sql`update support_requests set email_due_at = now() + interval '2 minutes'
          where reference = ${reference}`,
    );
    expect(await sendPendingSupportEmails(deps)).toBe(0);
    expect(received).toHaveLength(0);

    await dueNow(reference);
    expect(await sendPendingSupportEmails(deps)).toBe(1);
    expect(received.map((m) => m.to)).toEqual([SUPPORT, "orphan@example.com"]);
    const sent = await stored(reference);
    expect(sent?.emailDueAt).toBeNull();
    expect(sent?.emailedAt).toBeInstanceOf(Date);
  });

  it("escapes the sender's words in the HTML part", async () => {
    await send(new Agent(t.app), {
      ...request,
      subject: "<script>alert(1)</script>",
      message: "<b>bold</b> claim",
      email: "html@example.com",
    });
    await sendPendingSupportEmails(deps);
    for (const mail of received) {
      expect(mail.html).not.toContain("<b>bold</b>");
      expect(mail.html).toContain("&#60;b&#62;bold&#60;/b&#62;");
    }
  });
});

describe("newReference", () => {
  it("draws readable references that differ", () => {
    const drawn = new Set(Array.from({ length: 1000 }, newReference));
    expect(drawn.size).toBe(1000);
    for (const reference of drawn) expect(reference).toMatch(/^TW-[2-9A-HJ-NP-Z]{8}$/);
  });
});
