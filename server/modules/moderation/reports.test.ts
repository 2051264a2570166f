import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  adminReportPageSchema,
  adminReportSchema,
  listingRuleSchema,
} from "../../../core/contracts/admin";
import { rows } from "../../db/rows";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { auditOf, notificationsOf, type Person, person } from "./moderation-test-kit";

const t = setUpTestApp();
let reporter: Person;
let seller: Person;
let user: Person;
let moderator: Person;
let admin: Person;

beforeAll(async () => {
  reporter = await person(t, "reporter");
  seller = await person(t, "seller");
  user = await person(t, "user");
  moderator = await person(t, "mod", "moderator");
  admin = await person(t, "admin", "admin");
});

async function listingOf(owner: Person, title = "Reported lamp") {
  return createListing(t.database.db, { sellerId: owner.id, title });
}

async function report(who: Person, body: Record<string, unknown>) {
  return who.agent.post("/api/reports", { reason: "counterfeit", comment: "", ...body });
}

async function reportListing(who: Person, listingId: string, reason = "counterfeit") {
  const res = await report(who, { subjectKind: "listing", subjectId: listingId, reason });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function reportState(id: string) {
  const [row] = await rows<{
    status: string;
    resolution: string | null;
    resolutionReason: string | null;
    resolvedById: string | null;
    assigneeId: string | null;
  }>(
    t.database.db,
    sql`select status, resolution, resolution_reason as "resolutionReason",
          resolved_by_id as "resolvedById", assignee_id as "assigneeId" from reports where id = ${id}`,
  );
  return row;
}

describe("policy: every moderation route is staff only", () => {
  const uuid = "00000000-0000-4000-8000-000000000000";
  const reason = { reason: "Checking the policy" };
  const routes: { method: "GET" | "POST" | "DELETE"; url: string; body?: unknown }[] = [
    { method: "GET", url: "/api/admin/reports" },
    { method: "GET", url: `/api/admin/reports/${uuid}` },
    { method: "POST", url: `/api/admin/reports/${uuid}/assign` },
    {
      method: "POST",
      url: `/api/admin/reports/${uuid}/resolve`,
      body: { action: "dismiss", ...reason },
    },
    { method: "GET", url: "/api/admin/listings" },
    { method: "POST", url: `/api/admin/listings/${uuid}/remove`, body: reason },
    { method: "POST", url: `/api/admin/listings/${uuid}/restore`, body: reason },
    { method: "POST", url: `/api/admin/listings/${uuid}/approve`, body: reason },
    { method: "GET", url: "/api/admin/listing-rules" },
    { method: "POST", url: "/api/admin/listing-rules", body: { kind: "word", value: "policy" } },
    { method: "DELETE", url: `/api/admin/listing-rules/${uuid}` },
  ];

  const call = (agent: Agent, r: (typeof routes)[number]) =>
    r.method === "GET"
      ? agent.get(r.url)
      : r.method === "DELETE"
        ? agent.delete(r.url)
        : agent.post(r.url, r.body);

  it.each(routes)("$method $url answers 404 to a visitor and to an ordinary user", async (r) => {
    const visitor = await call(new Agent(t.app), r);
    expect(visitor.statusCode, visitor.body).toBe(404);
    const ordinary = await call(user.agent, r);
    expect(ordinary.statusCode, ordinary.body).toBe(404);
    expect(ordinary.json().error.code).toBe("not_found");
  });

  it("lets a moderator and an admin read the queue, the listings and the rules", async () => {
    for (const staff of [moderator, admin]) {
      for (const url of ["/api/admin/reports", "/api/admin/listings", "/api/admin/listing-rules"]) {
        const res = await staff.agent.get(url);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      }
      // Past the policy, an unknown report or listing is a plain 404 of its own kind.
      const missing = await staff.agent.get(`/api/admin/reports/${uuid}`);
      expect(missing.json().error.code).toBe("report_not_found");
      const gone = await staff.agent.post(`/api/admin/listings/${uuid}/remove`, reason);
      expect(gone.json().error.code).toBe("listing_not_found");
    }
  });

  it("keeps rule writes to admins: a moderator is told so (403)", async () => {
    const add = await moderator.agent.post("/api/admin/listing-rules", {
      kind: "word",
      value: "policy",
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().error.message).toBe("Only an admin can do that.");
    const created = await admin.agent.post("/api/admin/listing-rules", {
      kind: "word",
      value: "policy",
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = listingRuleSchema.parse(created.json());
    const del = await moderator.agent.delete(`/api/admin/listing-rules/${rule.id}`);
    expect(del.statusCode).toBe(403);
    const ok = await admin.agent.delete(`/api/admin/listing-rules/${rule.id}`);
    expect(ok.statusCode).toBe(204);
  });
});

describe("POST /api/reports", () => {
  it("asks a visitor to sign in", async () => {
    const listing = await listingOf(seller);
    const res = await new Agent(t.app).post("/api/reports", {
      subjectKind: "listing",
      subjectId: listing.id,
      reason: "counterfeit",
    });
    expect(res.statusCode).toBe(401);
  });

  it("files a listing report about its seller, once per reporter while it is open", async () => {
    const listing = await listingOf(seller);
    const id = await reportListing(reporter, listing.id);
    const again = await reportListing(reporter, listing.id, "misleading");
    expect(again).toBe(id);
    const [row] = await rows<{ n: number; reportedUserId: string; kind: string }>(
      t.database.db,
      sql`select count(*) over ()::int as n, reported_user_id as "reportedUserId", subject_kind as kind
          from reports where listing_id = ${listing.id}`,
    );
    expect(row).toEqual({ n: 1, reportedUserId: seller.id, kind: "listing" });
    // Someone else's report of the same listing is their own.
    expect(await reportListing(user, listing.id)).not.toBe(id);
  });

  it("refuses your own listing and yourself (422), and what the public cannot see (404)", async () => {
    const own = await listingOf(reporter);
    const mine = await report(reporter, { subjectKind: "listing", subjectId: own.id });
    expect(mine.statusCode).toBe(422);
    expect(mine.json().error).toMatchObject({
      code: "cannot_report_own",
      message: "You cannot report your own listing.",
    });
    const self = await report(reporter, {
      subjectKind: "user",
      subjectId: reporter.id,
      reason: "scam",
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe("You cannot report yourself.");

    const held = await createListing(t.database.db, { sellerId: seller.id, moderation: "held" });
    const hidden = await report(reporter, { subjectKind: "listing", subjectId: held.id });
    expect(hidden.statusCode).toBe(404);
    const unknown = await report(reporter, {
      subjectKind: "user",
      subjectId: "00000000-0000-4000-8000-000000000000",
      reason: "scam",
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("checks the reason and the comment's length", async () => {
    const listing = await listingOf(seller);
    const bad = await report(reporter, {
      subjectKind: "listing",
      subjectId: listing.id,
      reason: "scam",
    });
    expect(bad.statusCode).toBe(400);
    const long = await report(reporter, {
      subjectKind: "listing",
      subjectId: listing.id,
      comment: "x".repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain("comment must be at most 1000 characters");
  });

  it("limits how many reports one user sends a minute", async () => {
    const busy = await person(t, "busy");
    const listing = await listingOf(seller);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push(
        (await report(busy, { subjectKind: "listing", subjectId: listing.id })).statusCode,
      );
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe("the queue", () => {
  // Each test reports as a new user: one user's reports a minute are limited.
  let reporter: Person;
  beforeEach(async () => {
    reporter = await person(t, "reporter");
  });

  it("lists the seeded open reports oldest first, each subject shown in place", async () => {
    const res = await moderator.agent.get("/api/admin/reports?status=open&pageSize=100");
    expect(res.statusCode, res.body).toBe(200);
    const page = adminReportPageSchema.parse(res.json());
    const times = page.items.map((r) => r.createdAt);
    expect([...times].sort()).toEqual(times);
    const kinds = new Set(page.items.map((r) => r.subject.kind));
    expect(kinds).toEqual(new Set(["listing", "user", "conversation"]));

    const conversation = page.items.find((r) => r.subject.kind === "conversation");
    if (conversation?.subject.kind !== "conversation") throw new Error("no conversation report");
    expect(conversation.subject.participants).toHaveLength(2);
    expect(conversation.subject.messages.length).toBeGreaterThan(0);
    expect(conversation.subject.messages.length).toBeLessThanOrEqual(10);
    const sent = conversation.subject.messages.map((m) => m.sentAt);
    expect([...sent].sort()).toEqual(sent);

    const listing = page.items.find((r) => r.subject.kind === "listing");
    if (listing?.subject.kind !== "listing") throw new Error("no listing report");
    expect(listing.subject.seller.id).toBe(listing.reportedUser?.id);
    expect(listing.subject.moderation).toBe("visible");

    const detail = await admin.agent.get(`/api/admin/reports/${conversation.id}`);
    expect(adminReportSchema.parse(detail.json()).subject).toEqual(conversation.subject);
  });

  it("assigns a report to the moderator who takes it, with an audit entry", async () => {
    const id = await reportListing(reporter, (await listingOf(seller)).id);
    const res = await moderator.agent.post(`/api/admin/reports/${id}/assign`);
    expect(res.statusCode, res.body).toBe(200);
    const assigned = adminReportSchema.parse(res.json());
    expect(assigned.status).toBe("assigned");
    expect(assigned.assignee).toEqual({ id: moderator.id, username: moderator.username });
    const listed = adminReportPageSchema.parse(
      (await moderator.agent.get("/api/admin/reports?status=assigned")).json(),
    );
    expect(listed.items.map((r) => r.id)).toContain(id);
    const [entry] = await auditOf(t, id);
    expect(entry).toMatchObject({ action: "report.assign", actorId: moderator.id });
  });

  it("dismisses with a reason, and a resolved report cannot be acted on again", async () => {
    const id = await reportListing(reporter, (await listingOf(seller)).id);
    const noReason = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "dismiss",
      reason: "",
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain("Please give a reason");
    const res = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "dismiss",
      reason: "The photos match the brand's own.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminReportSchema.parse(res.json())).toMatchObject({
      status: "resolved",
      resolution: "dismiss",
      resolutionReason: "The photos match the brand's own.",
    });
    expect((await reportState(id))?.resolvedById).toBe(moderator.id);
    // The reporter hears the outcome, without the moderator's reason.
    const told = (await notificationsOf(t, reporter.id)).filter((n) => n.kind === "report_outcome");
    expect(told.at(-1)).toMatchObject({
      emailDue: true,
      message:
        'We reviewed your report about the listing "Reported lamp" and found it does not break our rules. Thank you for telling us.',
    });
    const again = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "dismiss",
      reason: "Again",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("report_resolved");
    expect((await moderator.agent.post(`/api/admin/reports/${id}/assign`)).statusCode).toBe(409);
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(["report.resolve"]);
    // The reporter can open a new report once theirs is resolved.
    const resolved = adminReportPageSchema.parse(
      (await moderator.agent.get("/api/admin/reports?status=resolved")).json(),
    );
    expect(resolved.items[0]?.id).toBe(id);
  });

  it("removes a listing from its report and resolves every open report on it", async () => {
    const listing = await listingOf(seller, "Designer handbag");
    const first = await reportListing(reporter, listing.id);
    const secondReporter = await person(t, "second");
    const second = await reportListing(secondReporter, listing.id);
    const res = await moderator.agent.post(`/api/admin/reports/${first}/resolve`, {
      action: "remove_listing",
      reason: "Counterfeit designer goods are not allowed.",
    });
    expect(res.statusCode, res.body).toBe(200);
    const resolved = adminReportSchema.parse(res.json());
    expect(resolved).toMatchObject({ status: "resolved", resolution: "remove_listing" });
    if (resolved.subject.kind !== "listing") throw new Error("listing report expected");
    expect(resolved.subject.moderation).toBe("removed");
    expect(await reportState(second)).toMatchObject({
      status: "resolved",
      resolution: "remove_listing",
      resolvedById: moderator.id,
    });
    const notices = await notificationsOf(t, seller.id);
    expect(notices.filter((n) => n.listingId === listing.id)).toEqual([
      expect.objectContaining({ kind: "listing_removed", emailDue: true }),
    ]);
    expect(notices.at(-1)?.message).toContain("Counterfeit designer goods are not allowed.");
    // The reporters are not told what happened to whom, only that action was taken: each once.
    expect((await notificationsOf(t, reporter.id)).map((n) => n.kind)).not.toContain(
      "listing_removed",
    );
    for (const who of [reporter.id, secondReporter.id]) {
      const outcomes = (await notificationsOf(t, who)).filter(
        (n) => n.kind === "report_outcome" && n.message.includes("Designer handbag"),
      );
      expect(outcomes).toEqual([
        expect.objectContaining({
          message:
            'We reviewed your report about the listing "Designer handbag" and took action. Thank you for telling us.',
        }),
      ]);
    }
    expect((await auditOf(t, listing.id)).map((e) => e.action)).toEqual(["listing.remove"]);
    expect((await auditOf(t, first)).map((e) => e.action)).toEqual(["report.resolve"]);
    expect((await auditOf(t, second)).map((e) => e.action)).toEqual(["report.resolve"]);
  });

  it("refuses remove_listing on a report that is not a listing's (422)", async () => {
    const target = await person(t, "target");
    const res = await report(reporter, {
      subjectKind: "user",
      subjectId: target.id,
      reason: "scam",
    });
    const id = res.json().id as string;
    const refused = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "remove_listing",
      reason: "Nothing to remove",
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("report_action_invalid");
    expect((await reportState(id))?.status).toBe("open");
  });

  it("warns the reported user, told with the reason; the report resolved in the same step", async () => {
    const target = await person(t, "warned");
    const res = await report(reporter, {
      subjectKind: "user",
      subjectId: target.id,
      reason: "harassment",
    });
    const id = res.json().id as string;
    const done = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "warn_user",
      reason: "Please keep messages polite.",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(adminReportSchema.parse(done.json()).resolution).toBe("warn_user");
    const notices = await notificationsOf(t, target.id);
    expect(notices).toEqual([expect.objectContaining({ kind: "account_warning", emailDue: true })]);
    expect(notices[0]?.message).toContain("Please keep messages polite.");
    expect((await auditOf(t, target.id)).map((e) => e.action)).toEqual(["user.warn"]);
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(["report.resolve"]);
    expect((await notificationsOf(t, reporter.id)).at(-1)?.message).toBe(
      `We reviewed your report about the member ${target.username} and took action. Thank you for telling us.`,
    );
  });

  it("suspends the user a conversation report is about, whose session then ends", async () => {
    const target = await person(t, "suspended");
    const listing = await listingOf(target, "Spare fins");
    const started = await reporter.agent.post("/api/me/conversations", {
      recipientId: target.id,
      text: "Is this still available?",
    });
    expect([200, 201]).toContain(started.statusCode);
    const conversationId = started.json().conversation.id as string;
    await target.agent.post(`/api/me/conversations/${conversationId}/messages`, {
      text: "Pay me by wire outside the site.",
    });
    const filed = await reporter.agent.post(`/api/me/conversations/${conversationId}/reports`, {
      reason: "scam",
      comment: "",
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id as string;
    const shown = adminReportSchema.parse(
      (await moderator.agent.get(`/api/admin/reports/${id}`)).json(),
    );
    if (shown.subject.kind !== "conversation") throw new Error("conversation report expected");
    expect(shown.subject.messages.map((m) => m.body)).toContain("Pay me by wire outside the site.");
    expect(shown.reportedUser?.id).toBe(target.id);

    const done = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "suspend_user",
      reason: "Asking for payment outside the site.",
    });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await rows<{ suspended: boolean }>(
      t.database.db,
      sql`select suspended_at is not null as suspended from users where id = ${target.id}`,
    );
    expect(row?.suspended).toBe(true);
    expect((await target.agent.get("/api/me/listings")).statusCode).toBe(401);
    // Their listings are hidden with them (admin-ops' suspension), not removed.
    const [hidden] = await rows<{ moderation: string }>(
      t.database.db,
      sql`select moderation from listings where id = ${listing.id}`,
    );
    expect(hidden?.moderation).not.toBe("visible");
    expect((await auditOf(t, target.id)).map((e) => e.action)).toEqual(["user.suspend"]);
  });
});
