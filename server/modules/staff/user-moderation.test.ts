import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rows } from "../../db/rows";
import { outboxEmails } from "../../db/schema/accounts";
import { users } from "../../db/schema/users";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { oauthSignIn } from "../accounts/accounts.service";
import { hashPassword } from "../accounts/password";
import { sendPendingNotificationEmails } from "../notifications/notification-emails.service";
import { pageStatus } from "../site/page-status";
import type { Staff } from "./staff.policy";
import { suspendUser, warnUser } from "./user-moderation.service";

const t = setUpTestApp();
let moderator: Agent;
let moderatorId: string;
let admin: Agent;
let adminId: string;
let territoryId: string;
const PASSWORD = "Sunshine1!";
const SUSPENDED_MESSAGE =
  "Your account has been suspended. Contact us if you think this is a mistake.";

async function staff(role: "moderator" | "admin") {
  const u = await createUser(t.database.db, role);
  await t.database.db.execute(sql`update users set staff_role = ${role} where id = ${u.id}`);
  return { id: u.id, agent: await signedInAgent(t.app, t.database.db, u.id) };
}

/** A seller who can sign in with a password, a session, a fixed-price listing and an auction. */
async function seller() {
  const u = await createUser(t.database.db, "seller");
  await t.database.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, u.id));
  const tag = Math.random().toString(36).slice(2, 8);
  const fixed = await createListing(t.database.db, {
    sellerId: u.id,
    title: `Calabash bowl ${tag}`,
    quantity: 3,
  });
  const auction = await createListing(t.database.db, {
    sellerId: u.id,
    title: `Steel drum ${tag}`,
    auction: { endTime: new Date(Date.now() + 86_400_000) },
  });
  return { ...u, tag, fixed, auction, agent: await signedInAgent(t.app, t.database.db, u.id) };
}

/**
 * Waits for a check about someone's session to hold: on PostgreSQL an instance hears of another
 * user's account change by NOTIFY after the commit, a few milliseconds later.
 */
const settled = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 2000, interval: 20 });

const login = (email: string, password = PASSWORD) =>
  new Agent(t.app).post("/api/auth/login", { email, password });

const auditOf = (subjectId: string) =>
  rows<{ action: string; actor_id: string; reason: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, actor_id, reason, before, after from admin_actions
        where subject_id = ${subjectId} order by created_at, id`,
  );

const noticesOf = (userId: string, kind: string) =>
  rows<{ message: string }>(
    t.database.db,
    sql`select message from notifications where user_id = ${userId} and kind = ${kind}`,
  );

async function emailsTo(email: string) {
  await sendPendingNotificationEmails({
    db: t.database.db,
    mailer: t.app.mailer,
    publicUrl: "http://localhost:3000",
  });
  return t.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, email))
    .orderBy(desc(outboxEmails.createdAt));
}

const publicSearch = async (text: string) =>
  (await new Agent(t.app).get(`/api/listings?search=${encodeURIComponent(text)}`))
    .json()
    .items.map((l: { id: string }) => l.id);

beforeAll(async () => {
  ({ id: moderatorId, agent: moderator } = await staff("moderator"));
  ({ id: adminId, agent: admin } = await staff("admin"));
  territoryId = (await new Agent(t.app).get("/api/territories")).json().items[0].id;
});

describe("suspending a user (POST /api/admin/users/{id}/suspend)", () => {
  it("blocks sign-in, ends their sessions, hides their listings, emails them whatever their preferences say, and is audited", async () => {
    const s = await seller();
    const bidder = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db)).id);
    const other = await createUser(t.database.db, "other");
    const otherAuction = await createListing(t.database.db, {
      sellerId: other.id,
      title: `Conch shell ${s.tag}`,
      auction: { endTime: new Date(Date.now() + 86_400_000) },
    });
    // Before: public, and their session works.
    expect((await publicSearch(s.tag)).sort()).toEqual(
      [s.fixed.id, s.auction.id, otherAuction.id].sort(),
    );
    expect((await s.agent.get("/api/auth/session")).json().user.id).toBe(s.id);
    // They turned every account email off (stored directly: the API refuses it, see below).
    await t.database.db.execute(sql`insert into notification_preferences (user_id, kind, email)
      values (${s.id}, 'account_suspended', false)`);

    const res = await moderator.post(`/api/admin/users/${s.id}/suspend`, {
      reason: "Selling counterfeit goods.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, suspensionReason: "Selling counterfeit goods." });
    expect(res.json().suspendedAt).not.toBeNull();

    // Their existing session is gone: signed out everywhere, every write is 401.
    await settled(async () =>
      expect((await s.agent.get("/api/auth/session")).json().user).toBeNull(),
    );
    const bid = await s.agent.post(`/api/listings/${otherAuction.id}/bids`, { amountCents: 5000 });
    expect(bid.statusCode).toBe(401);
    const listing = await s.agent.post("/api/listings", {
      kind: "fixed_price",
      title: "Hand-woven straw basket",
      category: "home",
      territory: territoryId,
      condition: "new",
      description: "Woven in Saint Lucia from local straw.",
      priceCents: 4500,
      quantity: 3,
      shippingCents: 0,
      returnPolicyDays: 30,
    });
    expect(listing.statusCode).toBe(401);
    const message = await s.agent.post("/api/me/conversations", {
      recipientId: other.id,
      text: "Hello",
    });
    expect(message.statusCode).toBe(401);
    const [sessions] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${s.id}`,
    );
    expect(sessions?.n).toBe(0);

    // Signing in again is refused with the reason, the right password notwithstanding.
    const again = await login(s.email);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({
      code: "account_suspended",
      message: SUSPENDED_MESSAGE,
    });
    expect((await login(s.email, "Wrong-password1!")).statusCode).toBe(401);
    // So is signing in through a provider, linked or by the same email.
    await expect(
      oauthSignIn(t.database.db, {
        provider: "google",
        subject: `g-${s.id}`,
        email: s.email,
        emailVerified: true,
        name: null,
      }),
    ).rejects.toMatchObject({ statusCode: 403, code: "account_suspended" });

    // Their listings are hidden from the public (kept, not deleted); others' are not.
    expect(await publicSearch(s.tag)).toEqual([otherAuction.id]);
    for (const l of [s.fixed, s.auction]) {
      expect((await new Agent(t.app).get(`/api/listings/${l.id}`)).statusCode).toBe(404);
      expect((await bidder.get(`/api/listings/${l.id}`)).statusCode).toBe(404);
    }
    expect(
      (await bidder.post(`/api/listings/${s.auction.id}/bids`, { amountCents: 5000 })).statusCode,
    ).not.toBe(201);
    const hidden = await rows<{ moderation: string }>(
      t.database.db,
      sql`select moderation from listings where seller_id = ${s.id}`,
    );
    expect(hidden.map((l) => l.moderation)).toEqual(["suspended", "suspended"]);

    // Told in the app and by email with the reason, although they turned that email off.
    expect((await noticesOf(s.id, "account_suspended"))[0]?.message).toContain(
      "Selling counterfeit goods.",
    );
    const emails = await emailsTo(s.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.text).toContain("Selling counterfeit goods.");

    // Audited: who, why, before and after.
    const [entry] = await auditOf(s.id);
    expect(entry).toMatchObject({
      action: "user.suspend",
      actor_id: moderatorId,
      reason: "Selling counterfeit goods.",
      before: { suspendedAt: null, suspensionReason: null },
      after: { suspensionReason: "Selling counterfeit goods.", hiddenListings: 2 },
    });

    // Once: a second suspension is a clash, and records nothing.
    const twice = await moderator.post(`/api/admin/users/${s.id}/suspend`, { reason: "Again." });
    expect(twice.statusCode).toBe(409);
    expect(await auditOf(s.id)).toHaveLength(1);
  });

  it("a password reset does not get a suspended user back in", async () => {
    const s = await seller();
    await moderator.post(`/api/admin/users/${s.id}/suspend`, { reason: "Fraud." });
    const visitor = new Agent(t.app);
    expect((await visitor.post("/api/auth/forgot-password", { email: s.email })).statusCode).toBe(
      200,
    );
    const [mail] = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, s.email))
      .orderBy(desc(outboxEmails.createdAt))
      .limit(1);
    const token = /reset-password\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeTruthy();
    const reset = await visitor.post("/api/auth/reset-password", {
      token,
      password: "Brand-new-pass1",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await visitor.get("/api/auth/session")).json().user).toBeNull();
    const signIn = await login(s.email, "Brand-new-pass1");
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.code).toBe("account_suspended");
  });

  it("needs a reason, a real user, and never oneself; a moderator cannot suspend an admin", async () => {
    const s = await seller();
    const blank = await moderator.post(`/api/admin/users/${s.id}/suspend`, { reason: " " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe("Please give a reason");
    const unknown = "6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f";
    expect(
      (await moderator.post(`/api/admin/users/${unknown}/suspend`, { reason: "Spam." })).statusCode,
    ).toBe(404);
    const self = await moderator.post(`/api/admin/users/${moderatorId}/suspend`, {
      reason: "Testing.",
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.code).toBe("cannot_moderate_self");

    const other = await staff("admin");
    const refused = await moderator.post(`/api/admin/users/${other.id}/suspend`, {
      reason: "Abuse.",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("cannot_suspend_admin");
    expect((await other.agent.get("/api/auth/session")).json().user.id).toBe(other.id);
    // Another admin may.
    const byAdmin = await admin.post(`/api/admin/users/${other.id}/suspend`, { reason: "Abuse." });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    await settled(async () =>
      expect((await other.agent.get("/api/admin/dashboard")).statusCode).toBe(404),
    );
  });

  it("can be done inside a caller's transaction (the reports queue) and rolls back with it", async () => {
    const s = await seller();
    const actor = { id: moderatorId, staffRole: "moderator" } as Staff;
    await expect(
      t.database.db.transaction(async (tx) => {
        await suspendUser(tx, actor, s.id, "Inside a resolution.");
        await warnUser(tx, actor, s.id, "And a warning.");
        throw new Error("the resolution failed");
      }),
    ).rejects.toThrow("the resolution failed");
    expect((await s.agent.get("/api/auth/session")).json().user.id).toBe(s.id);
    expect(await auditOf(s.id)).toHaveLength(0);
    expect(await noticesOf(s.id, "account_suspended")).toHaveLength(0);

    await t.database.db.transaction(async (tx) => {
      await suspendUser(tx, actor, s.id, "Inside a resolution.");
    });
    await settled(async () =>
      expect((await s.agent.get("/api/auth/session")).json().user).toBeNull(),
    );
    expect((await auditOf(s.id)).map((e) => e.action)).toEqual(["user.suspend"]);
  });
});

describe("reinstating a user (POST /api/admin/users/{id}/reinstate)", () => {
  it("lets them sign in again and brings back the listings the suspension hid, not those staff removed", async () => {
    const s = await seller();
    const removed = await createListing(t.database.db, {
      sellerId: s.id,
      title: `Removed rug ${s.tag}`,
      moderation: "removed",
    });
    expect(
      (await moderator.post(`/api/admin/users/${s.id}/suspend`, { reason: "Spam." })).statusCode,
    ).toBe(200);
    expect(await publicSearch(s.tag)).toEqual([]);
    // Their store is gone with their listings (the API and the page's status alike).
    expect((await new Agent(t.app).get(`/api/stores/${s.id}`)).statusCode).toBe(404);
    expect(await pageStatus(t.database.db, `/store/${s.id}`, { production: true })).toBe(404);

    const self = await moderator.post(`/api/admin/users/${moderatorId}/reinstate`, {
      reason: "x x x",
    });
    expect(self.statusCode).toBe(422);

    const res = await moderator.post(`/api/admin/users/${s.id}/reinstate`, {
      reason: "Appeal accepted.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ suspendedAt: null, suspensionReason: null });
    expect((await publicSearch(s.tag)).sort()).toEqual([s.fixed.id, s.auction.id].sort());
    expect((await new Agent(t.app).get(`/api/stores/${s.id}`)).statusCode).toBe(200);
    expect((await new Agent(t.app).get(`/api/listings/${s.fixed.id}`)).statusCode).toBe(200);
    expect((await new Agent(t.app).get(`/api/listings/${removed.id}`)).statusCode).toBe(404);
    expect((await login(s.email)).statusCode).toBe(200);

    expect((await noticesOf(s.id, "account_reinstated"))[0]?.message).toBe(
      "Your account has been reinstated: Appeal accepted.",
    );
    expect((await emailsTo(s.email)).map((e) => e.text).join("\n")).toContain("Appeal accepted.");
    const entries = await auditOf(s.id);
    expect(entries.map((e) => e.action)).toEqual(["user.suspend", "user.reinstate"]);
    expect(entries[1]).toMatchObject({
      actor_id: moderatorId,
      before: { suspensionReason: "Spam." },
      after: { suspendedAt: null, restoredListings: 2 },
    });

    const again = await moderator.post(`/api/admin/users/${s.id}/reinstate`, { reason: "Again." });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("suspension_unchanged");
  });
});

describe("warning a user (POST /api/admin/users/{id}/warn)", () => {
  it("tells them in the app and by email with the reason, and is audited", async () => {
    const s = await seller();
    const res = await moderator.post(`/api/admin/users/${s.id}/warn`, {
      reason: "Please describe condition accurately.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: s.id, suspendedAt: null });
    expect((await noticesOf(s.id, "account_warning"))[0]?.message).toBe(
      "A moderator sent you a warning: Please describe condition accurately.",
    );
    expect((await emailsTo(s.email))[0]?.text).toContain("Please describe condition accurately.");
    expect(await auditOf(s.id)).toEqual([
      {
        action: "user.warn",
        actor_id: moderatorId,
        reason: "Please describe condition accurately.",
        before: null,
        after: { warning: "Please describe condition accurately." },
      },
    ]);
    // Still signed in: a warning is only words.
    expect((await s.agent.get("/api/auth/session")).json().user.id).toBe(s.id);
    const self = await moderator.post(`/api/admin/users/${moderatorId}/warn`, { reason: "Me." });
    expect(self.statusCode).toBe(422);
  });
});

describe("staff roles (PUT /api/admin/users/{id}/role)", () => {
  it("an admin grants and takes away a role, audited; the user's session shows it at once", async () => {
    const u = await createUser(t.database.db, "helper");
    const agent = await signedInAgent(t.app, t.database.db, u.id);
    expect((await agent.get("/api/admin/dashboard")).statusCode).toBe(404);

    const res = await admin.put(`/api/admin/users/${u.id}/role`, {
      staffRole: "moderator",
      reason: "Joins the support team.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staffRole).toBe("moderator");
    await settled(async () =>
      expect((await agent.get("/api/auth/session")).json().user.staffRole).toBe("moderator"),
    );
    expect((await agent.get("/api/admin/dashboard")).statusCode).toBe(200);

    const back = await admin.put(`/api/admin/users/${u.id}/role`, {
      staffRole: null,
      reason: "Left the team.",
    });
    expect(back.json().staffRole).toBeNull();
    await settled(async () =>
      expect((await agent.get("/api/admin/dashboard")).statusCode).toBe(404),
    );
    const entries = await auditOf(u.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      ["user.set_role", { staffRole: null }, { staffRole: "moderator" }],
      ["user.set_role", { staffRole: "moderator" }, { staffRole: null }],
    ]);

    const self = await admin.put(`/api/admin/users/${adminId}/role`, {
      staffRole: null,
      reason: "Stepping down.",
    });
    expect(self.statusCode).toBe(422);
    const bad = await admin.put(`/api/admin/users/${u.id}/role`, {
      staffRole: "owner",
      reason: "Hm.",
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("finding users (GET /api/admin/users, GET /api/admin/users/{id})", () => {
  it("searches email and username, with LIKE's wildcards taken literally", async () => {
    const u = await createUser(t.database.db, "findme");
    const byName = (await moderator.get(`/api/admin/users?q=${u.username.slice(0, 10)}`)).json();
    expect(byName.items.map((i: { id: string }) => i.id)).toContain(u.id);
    const byEmail = (
      await moderator.get(`/api/admin/users?q=${encodeURIComponent(u.email.toUpperCase())}`)
    ).json();
    expect(byEmail).toMatchObject({ total: 1, items: [{ id: u.id, email: u.email }] });
    expect((await moderator.get("/api/admin/users?q=%25")).json().total).toBe(0);
    expect((await moderator.get("/api/admin/users?q=_")).json().total).toBe(0);
    const all = (await moderator.get("/api/admin/users?pageSize=5")).json();
    expect(all.items).toHaveLength(5);
    expect(all.total).toBeGreaterThan(10);
  });

  it("shows a user's listings, orders, feedback received and reports about them", async () => {
    // A demo seller with sales and feedback.
    const [demo] = await rows<{ id: string }>(
      t.database.db,
      sql`select subject_id as id from feedback group by subject_id order by count(*) desc limit 1`,
    );
    const id = demo?.id as string;
    const reporter = await createUser(t.database.db, "reporter");
    await t.database.db.execute(sql`insert into reports (reporter_id, subject_kind, reported_user_id, reason, comment)
      values (${reporter.id}, 'user', ${id}, 'scam', 'Never shipped.')`);
    const res = await moderator.get(`/api/admin/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.user).toMatchObject({ id, openReports: 1 });
    expect(detail.listings.length).toBeGreaterThan(0);
    expect(detail.feedback.length).toBeGreaterThan(0);
    expect(detail.reports).toEqual([
      expect.objectContaining({
        reason: "scam",
        comment: "Never shipped.",
        status: "open",
        reporter: { id: reporter.id, username: reporter.username },
        subject: expect.objectContaining({ kind: "user", id }),
      }),
    ]);
    const buyer = await rows<{ buyer_id: string }>(
      t.database.db,
      sql`select buyer_id from orders limit 1`,
    );
    const buyerDetail = (await moderator.get(`/api/admin/users/${buyer[0]?.buyer_id}`)).json();
    expect(buyerDetail.orders.length).toBeGreaterThan(0);
    expect(buyerDetail.orders[0].number).toHaveLength(8);
    expect(
      (await moderator.get("/api/admin/users/6d8f1a2e-1b1c-4a5e-9d3f-2a1b3c4d5e6f")).statusCode,
    ).toBe(404);
  });
});

describe("account emails cannot be turned off (GET/PUT /api/me/notification-preferences)", () => {
  it("shows them on, and refuses to turn them off", async () => {
    const u = await createUser(t.database.db, "prefs");
    const agent = await signedInAgent(t.app, t.database.db, u.id);
    const prefs = (await agent.get("/api/me/notification-preferences")).json();
    expect(prefs.account_suspended).toEqual({ email: true });
    const off = await agent.put("/api/me/notification-preferences", {
      account_warning: { email: false },
    });
    expect(off.statusCode).toBe(400);
    expect(off.json().error.fields).toHaveProperty("account_warning");
    const on = await agent.put("/api/me/notification-preferences", {
      account_warning: { email: true },
      outbid: { email: false },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ account_warning: { email: true }, outbid: { email: false } });
    const [stored] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from notification_preferences
          where user_id = ${u.id} and kind = 'account_warning'`,
    );
    expect(stored?.n).toBe(0);
  });
});
