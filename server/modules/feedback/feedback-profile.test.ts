import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";
import { auditOf, type Person, person } from "../moderation/moderation-test-kit";

// Revisions, staff removal and the seller's feedback profile (issue 28, point 5; decision 0024).
// Every test ends by checking that each user's denormalised rating is still the sum of the
// standing buyers' stars about them.

const t = setUpTestApp();
let seller: Person;
let buyer: Person;
let stranger: Person;
let moderator: Person;

beforeAll(async () => {
  seller = await person(t, "isle");
  buyer = await person(t, "keisha");
  stranger = await person(t, "nosy");
  moderator = await person(t, "mod", "moderator");
});

/** A paid order of the buyer's with one line from `sellerId`, paid yesterday. */
async function order(sellerId = seller.id, buyerId = buyer.id) {
  const db = t.database.db;
  const listing = await createListing(db, { sellerId, title: "Guava jam", priceCents: 900 });
  const [o] = await rows<{ id: string }>(
    db,
    sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at, paid_at)
        values (${buyerId}, 'paid', 'checkout', 900, 0, 0, 900, now() - interval '1 day', now() - interval '1 day')
        returning id`,
  );
  const orderId = o?.id as string;
  const [line] = await rows<{ id: string }>(
    db,
    sql`insert into order_lines (order_id, listing_id, seller_id, title, unit_price_cents, shipping_cents, quantity)
        values (${orderId}, ${listing.id}, ${sellerId}, 'Guava jam', 900, 0, 1) returning id`,
  );
  return { orderId, lineId: line?.id as string };
}

/** The buyer leaves feedback on a new order; returns the order and the feedback's id. */
async function feedbackOn(
  body: Record<string, unknown>,
  who: { seller?: string; buyer?: Person } = {},
) {
  const o = await order(who.seller ?? seller.id, (who.buyer ?? buyer).id);
  const res = await (who.buyer ?? buyer).agent.post(
    `/api/orders/${o.orderId}/lines/${o.lineId}/feedback`,
    body,
  );
  expect(res.statusCode, res.body).toBe(201);
  return { ...o, id: res.json().id as string, feedback: res.json() };
}

const askUrl = (id: string) => `/api/feedback/${id}/revision-request`;
const reviseUrl = (id: string) => `/api/feedback/${id}/revision`;
const removeUrl = (id: string) => `/api/admin/feedback/${id}/remove`;

async function ratingOf(userId: string) {
  const [r] = await rows<{ total: number; count: number }>(
    t.database.db,
    sql`select rating_total as total, rating_count as count from users where id = ${userId}`,
  );
  return r;
}

/** Users whose rating disagrees with the standing buyers' feedback about them (should be none). */
async function ratingDrift() {
  return rows<{ id: string }>(
    t.database.db,
    sql`select u.id from users u
        left join (select subject_id, sum(stars)::int as total, count(*)::int as count from feedback
                   where author_role = 'buyer' and removed_at is null group by subject_id) f
          on f.subject_id = u.id
        where u.rating_total <> coalesce(f.total, 0) or u.rating_count <> coalesce(f.count, 0)`,
  );
}

async function latestNotification(userId: string) {
  const [n] = await rows<{ kind: string; message: string; link: string | null; emailDue: boolean }>(
    t.database.db,
    sql`select kind, message, link, email_due_at is not null as "emailDue" from notifications
        where user_id = ${userId} order by created_at desc, id desc limit 1`,
  );
  return n;
}

describe("detailed seller ratings", () => {
  it("are stored with the buyer's feedback, each optional, and refused outside 1-5", async () => {
    const left = await feedbackOn({
      rating: "positive",
      stars: 5,
      detailed: { described: 5, communication: 4, shippingTime: 3 },
    });
    const [row] = await rows<Record<string, number | null>>(
      t.database.db,
      sql`select described_stars as d, communication_stars as c, shipping_time_stars as t,
            shipping_cost_stars as s from feedback where id = ${left.id}`,
    );
    expect(row).toEqual({ d: 5, c: 4, t: 3, s: null });

    const o = await order();
    const bad = await buyer.agent.post(`/api/orders/${o.orderId}/lines/${o.lineId}/feedback`, {
      rating: "positive",
      stars: 5,
      detailed: { shippingCost: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("shippingCost must be a whole number from 1 to 5");

    // A seller's feedback about the buyer carries none, whatever is sent.
    const mine = await seller.agent.post(`/api/orders/${o.orderId}/lines/${o.lineId}/feedback`, {
      rating: "positive",
      detailed: { described: 5 },
    });
    expect(mine.statusCode).toBe(201);
    const [theirs] = await rows<{ d: number | null }>(
      t.database.db,
      sql`select described_stars as d from feedback where id = ${mine.json().id}`,
    );
    expect(theirs?.d).toBeNull();
    expect(await ratingDrift()).toEqual([]);
  });
});

describe("POST /api/feedback/{id}/revision-request", () => {
  it("lets only the seller ask, once, about neutral or negative feedback; the buyer is told", async () => {
    const left = await feedbackOn({ rating: "negative", stars: 1, comment: "Never came" });
    expect(left.feedback).toMatchObject({ canRequestRevision: true, canRevise: false });

    const byStranger = await stranger.agent.post(askUrl(left.id), {});
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json().error.code).toBe("feedback_not_found");
    const byBuyer = await buyer.agent.post(askUrl(left.id), {});
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().error).toMatchObject({
      code: "feedback_not_yours",
      message: "Only the seller this feedback is about can ask for a revision.",
    });
    expect((await new Agent(t.app).post(askUrl(left.id), {})).statusCode).toBe(401);
    const unknown = await seller.agent.post(askUrl("00000000-0000-4000-8000-000000000000"), {});
    expect(unknown.statusCode).toBe(404);
    const tooLong = await seller.agent.post(askUrl(left.id), { message: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(400);

    const res = await seller.agent.post(askUrl(left.id), {
      message: "  It was delayed at customs; it has arrived now.  ",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      canRequestRevision: false,
      canRevise: true,
      revisionRequest: { message: "It was delayed at customs; it has arrived now." },
    });
    const note = await latestNotification(buyer.id);
    expect(note).toMatchObject({ kind: "feedback_revision_requested", emailDue: true });
    expect(note?.link).toBe(`/orders/${left.orderId}`);
    expect(note?.message).toBe(
      `${seller.username} asked you to revise your feedback for "Guava jam". You can revise it once within 30 days.`,
    );

    const again = await seller.agent.post(askUrl(left.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("feedback_revision_already_requested");
  });

  it("refuses positive feedback, and feedback left more than 30 days ago, clearly", async () => {
    const positive = await feedbackOn({ rating: "positive", stars: 4 });
    expect(positive.feedback.canRequestRevision).toBe(false);
    const res = await seller.agent.post(askUrl(positive.id), {});
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: "feedback_revision_not_needed",
      message: "Only neutral or negative feedback can be revised.",
    });

    const old = await feedbackOn({ rating: "neutral", stars: 3 });
    await t.database.db.execute(
      sql`update feedback set created_at = now() - interval '31 days' where id = ${old.id}`,
    );
    const late = await seller.agent.post(askUrl(old.id), {});
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toMatchObject({
      code: "feedback_revision_request_closed",
      message:
        "You can ask for a revision within 30 days of the feedback; this feedback was left longer ago.",
    });
  });
});

describe("POST /api/feedback/{id}/revision", () => {
  it("lets only the buyer revise, once, when asked; the rating, the profile and the timeline follow", async () => {
    const s = await person(t, "fresh");
    const left = await feedbackOn({ rating: "negative", stars: 1 }, { seller: s.id });
    await feedbackOn({ rating: "positive", stars: 5 }, { seller: s.id });
    expect(await ratingOf(s.id)).toEqual({ total: 6, count: 2 });
    const before = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(before).toMatchObject({ percentPositive: 50, rating: 3, ratingCount: 2 });

    const notAsked = await buyer.agent.post(reviseUrl(left.id), { rating: "positive", stars: 5 });
    expect(notAsked.statusCode).toBe(422);
    expect(notAsked.json().error).toMatchObject({
      code: "feedback_revision_not_requested",
      message: "You can revise feedback only when the seller asks you to.",
    });
    expect((await s.agent.post(askUrl(left.id), { message: "Please look again" })).statusCode).toBe(
      201,
    );

    const bySeller = await s.agent.post(reviseUrl(left.id), { rating: "positive", stars: 5 });
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().error.message).toBe(
      "Only the buyer who left this feedback can revise it.",
    );
    const byStranger = await stranger.agent.post(reviseUrl(left.id), {
      rating: "positive",
      stars: 5,
    });
    expect(byStranger.statusCode).toBe(404);
    const noStars = await buyer.agent.post(reviseUrl(left.id), { rating: "positive" });
    expect(noStars.statusCode).toBe(400);

    const res = await buyer.agent.post(reviseUrl(left.id), {
      rating: "positive",
      stars: 4,
      comment: "Arrived after all, thank you",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rating: "positive",
      stars: 4,
      comment: "Arrived after all, thank you",
      canRevise: false,
      canRequestRevision: false,
    });
    expect(res.json().revisedAt).not.toBeNull();
    expect(await ratingOf(s.id)).toEqual({ total: 9, count: 2 });
    const after = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(after).toMatchObject({ percentPositive: 100, rating: 4.5, ratingCount: 2 });
    expect(after.windows[0]).toEqual({ months: 1, positive: 2, neutral: 0, negative: 0 });
    const note = await latestNotification(s.id);
    expect(note).toMatchObject({ kind: "feedback_revised", link: `/orders/${left.orderId}` });
    expect(note?.message).toBe(
      `${buyer.username} revised their feedback for "Guava jam" to positive.`,
    );

    const listed = (await stranger.agent.get(`/api/users/${s.id}/feedback`)).json();
    const item = listed.items.find((i: { id: string }) => i.id === left.id);
    expect(item).toMatchObject({ rating: "positive", stars: 4 });
    expect(item.revisedAt).not.toBeNull();

    // The order page tells it: the feedback as first left, the asking, the revision.
    const page = (await s.agent.get(`/api/orders/${left.orderId}/details`)).json();
    const kinds = page.timeline.map(
      (e: { kind: string; rating: string | null; note: string | null }) => [
        e.kind,
        e.rating,
        e.note,
      ],
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        ["feedback_from_buyer", "negative", null],
        ["feedback_revision_requested", null, "Please look again"],
        ["feedback_revised", "positive", null],
      ]),
    );
    const buyerPage = (await buyer.agent.get(`/api/orders/${left.orderId}/details`)).json();
    expect(buyerPage.purchase.items[0].feedback).toMatchObject({
      rating: "positive",
      canRevise: false,
    });

    const second = await buyer.agent.post(reviseUrl(left.id), { rating: "neutral", stars: 3 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: "feedback_already_revised",
      message: "You have already revised this feedback; feedback can be revised once.",
    });
    expect(await ratingOf(s.id)).toEqual({ total: 9, count: 2 });
    expect(await ratingDrift()).toEqual([]);
  });

  it("refuses a revision more than 30 days after the seller asked, clearly", async () => {
    const left = await feedbackOn({ rating: "neutral", stars: 3 });
    expect((await seller.agent.post(askUrl(left.id), {})).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update feedback_revision_requests set created_at = now() - interval '30 days 1 minute'
          where feedback_id = ${left.id}`,
    );
    const mine = (await buyer.agent.get(`/api/orders/${left.orderId}/details`)).json();
    expect(mine.purchase.items[0].feedback.canRevise).toBe(false);
    const res = await buyer.agent.post(reviseUrl(left.id), { rating: "positive", stars: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: "feedback_revision_expired",
      message: "The seller asked more than 30 days ago, so this feedback can no longer be revised.",
    });
  });
});

describe("POST /api/admin/feedback/{id}/remove", () => {
  it("is staff's only: 404 to everyone else, with nothing changed", async () => {
    const left = await feedbackOn({ rating: "negative", stars: 2 });
    for (const agent of [buyer.agent, seller.agent, stranger.agent, new Agent(t.app)]) {
      const res = await agent.post(removeUrl(left.id), { reason: "Breaks the rules" });
      expect(res.statusCode).toBe(404);
    }
    const [row] = await rows<{ removed: boolean }>(
      t.database.db,
      sql`select removed_at is not null as removed from feedback where id = ${left.id}`,
    );
    expect(row?.removed).toBe(false);
  });

  it("removes it with a reason and an audit entry: it counts nowhere, both sides are told", async () => {
    const s = await person(t, "shop");
    const left = await feedbackOn(
      {
        rating: "negative",
        stars: 1,
        comment: "Call me on 555-0100 instead",
        detailed: { described: 1, communication: 1, shippingTime: 1, shippingCost: 1 },
      },
      { seller: s.id },
    );
    await feedbackOn({ rating: "positive", stars: 5 }, { seller: s.id });
    expect(await ratingOf(s.id)).toEqual({ total: 6, count: 2 });

    const noReason = await moderator.agent.post(removeUrl(left.id), { reason: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toContain("Please give a reason");
    const res = await moderator.agent.post(removeUrl(left.id), {
      reason: "Contact details in feedback",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().removedAt).not.toBeNull();

    expect(await ratingOf(s.id)).toEqual({ total: 5, count: 1 });
    const profile = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(profile).toMatchObject({ percentPositive: 100, rating: 5, ratingCount: 1 });
    expect(profile.windows[2]).toEqual({ months: 12, positive: 1, neutral: 0, negative: 0 });
    expect(profile.detailed.every((d: { count: number }) => d.count === 0)).toBe(true);
    const listed = (await stranger.agent.get(`/api/users/${s.id}/feedback`)).json();
    expect(listed.total).toBe(1);
    expect(listed.items.map((i: { id: string }) => i.id)).not.toContain(left.id);

    expect(await auditOf(t, left.id)).toEqual([
      expect.objectContaining({
        action: "feedback.remove",
        actorId: moderator.id,
        reason: "Contact details in feedback",
        before: { rating: "negative", stars: 1, comment: "Call me on 555-0100 instead" },
      }),
    ]);
    expect(await latestNotification(buyer.id)).toMatchObject({
      kind: "feedback_removed",
      message:
        'Your feedback for "Guava jam" was removed by our staff: Contact details in feedback',
    });
    expect(await latestNotification(s.id)).toMatchObject({ kind: "feedback_removed" });
    const page = (await s.agent.get(`/api/orders/${left.orderId}/details`)).json();
    expect(page.timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "feedback_removed", note: "Contact details in feedback" }),
      ]),
    );
    expect(page.sales[0].feedbackFromBuyer).toMatchObject({
      canRequestRevision: false,
      canRevise: false,
    });

    const again = await moderator.agent.post(removeUrl(left.id), { reason: "Twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("feedback_removed");
    // Removed feedback is neither revised nor asked about, nor left again.
    expect((await s.agent.post(askUrl(left.id), {})).statusCode).toBe(422);
    expect((await s.agent.post(`/api/feedback/${left.id}/reply`, { reply: "Hi" })).statusCode).toBe(
      404,
    );
    expect(
      (
        await buyer.agent.post(`/api/orders/${left.orderId}/lines/${left.lineId}/feedback`, {
          rating: "positive",
          stars: 5,
        })
      ).statusCode,
    ).toBe(409);
    const unknown = await moderator.agent.post(removeUrl("00000000-0000-4000-8000-000000000000"), {
      reason: "Gone",
    });
    expect(unknown.statusCode).toBe(404);
    expect(await ratingDrift()).toEqual([]);
  });

  it("takes a revised feedback's current stars out of the rating", async () => {
    const s = await person(t, "stall");
    const left = await feedbackOn({ rating: "negative", stars: 1 }, { seller: s.id });
    await s.agent.post(askUrl(left.id), {});
    await buyer.agent.post(reviseUrl(left.id), { rating: "positive", stars: 5 });
    expect(await ratingOf(s.id)).toEqual({ total: 5, count: 1 });
    const res = await moderator.agent.post(removeUrl(left.id), { reason: "Paid review" });
    expect(res.statusCode).toBe(200);
    expect(await ratingOf(s.id)).toEqual({ total: 0, count: 0 });
    const revise = await buyer.agent.post(reviseUrl(left.id), { rating: "positive", stars: 5 });
    expect(revise.statusCode).toBe(422);
    expect(revise.json().error.code).toBe("feedback_removed");
    expect(await ratingDrift()).toEqual([]);
  });
});

describe("GET /api/users/{id}/feedback-profile", () => {
  it("counts by window, leaves neutral out of the percentage, and shows averages from 10 ratings", async () => {
    const s = await person(t, "market");
    const empty = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(empty).toMatchObject({ percentPositive: null, rating: null, ratingCount: 0 });
    expect(empty.windows).toEqual([
      { months: 1, positive: 0, neutral: 0, negative: 0 },
      { months: 6, positive: 0, neutral: 0, negative: 0 },
      { months: 12, positive: 0, neutral: 0, negative: 0 },
    ]);

    // Nine buyers give every detailed rating: not enough for an average yet.
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) {
      const left = await feedbackOn(
        {
          rating: i < 7 ? "positive" : i === 7 ? "neutral" : "negative",
          stars: i < 7 ? 5 : i === 7 ? 3 : 1,
          detailed: { described: 5, communication: 4, shippingTime: 4, shippingCost: 3 },
        },
        { seller: s.id },
      );
      ids.push(left.id);
    }
    const nine = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(nine.detailed).toEqual([
      { key: "described", average: null, count: 9 },
      { key: "communication", average: null, count: 9 },
      { key: "shippingTime", average: null, count: 9 },
      { key: "shippingCost", average: null, count: 9 },
    ]);
    // 7 positive of 8 positive and negative (the neutral is left out): 87.5%.
    expect(nine.percentPositive).toBe(87.5);

    // The tenth gives two of the four: those two show their averages.
    await feedbackOn(
      { rating: "positive", stars: 5, detailed: { described: 4, shippingCost: 5 } },
      { seller: s.id },
    );
    const ten = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(ten.detailed).toEqual([
      { key: "described", average: 4.9, count: 10 },
      { key: "communication", average: null, count: 9 },
      { key: "shippingTime", average: null, count: 9 },
      { key: "shippingCost", average: 3.2, count: 10 },
    ]);

    // Dated back: two into the 6-month window, one into the 12-month one, one older than a year.
    const move = (id: string, interval: string) =>
      t.database.db.execute(
        sql`update feedback set created_at = now() - ${interval}::interval where id = ${id}`,
      );
    await move(ids[0] as string, "2 months");
    await move(ids[7] as string, "3 months"); // the neutral
    await move(ids[8] as string, "8 months"); // the negative
    await move(ids[1] as string, "13 months");
    const dated = (await stranger.agent.get(`/api/users/${s.id}/feedback-profile`)).json();
    expect(dated.windows).toEqual([
      { months: 1, positive: 6, neutral: 0, negative: 0 },
      { months: 6, positive: 7, neutral: 1, negative: 0 },
      { months: 12, positive: 7, neutral: 1, negative: 1 },
    ]);
    expect(dated.percentPositive).toBe(87.5);
    // The year-old one left the averages' count too; the all-time rating keeps it.
    expect(dated.detailed[0]).toEqual({ key: "described", average: null, count: 9 });
    expect(dated.ratingCount).toBe(10);

    const unknown = await stranger.agent.get(
      "/api/users/00000000-0000-4000-8000-000000000000/feedback-profile",
    );
    expect(unknown.statusCode).toBe(404);
    expect((await stranger.agent.get("/api/users/nope/feedback-profile")).statusCode).toBe(400);
    expect(await ratingDrift()).toEqual([]);
  });
});

describe("reports of feedback", () => {
  it("lets anyone but its author report it; resolving with remove_feedback removes it and tells the reporter", async () => {
    const s = await person(t, "kiosk");
    const left = await feedbackOn(
      { rating: "negative", stars: 1, comment: "Pay me $50 or this stays" },
      { seller: s.id },
    );
    const report = (who: Person, body: Record<string, unknown>) =>
      who.agent.post("/api/reports", { subjectKind: "feedback", subjectId: left.id, ...body });

    const own = await report(buyer, { reason: "other" });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.message).toBe("You cannot report your own feedback.");
    const badReason = await report(s, { reason: "counterfeit" });
    expect(badReason.statusCode).toBe(400);
    const filed = await report(s, { reason: "extortion", comment: "Asked for money" });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().id as string;
    expect((await report(s, { reason: "extortion" })).json().id).toBe(id);

    const queued = (await moderator.agent.get(`/api/admin/reports/${id}`)).json();
    expect(queued).toMatchObject({
      reason: "extortion",
      reportedUser: { id: buyer.id },
      subject: {
        kind: "feedback",
        id: left.id,
        rating: "negative",
        stars: 1,
        comment: "Pay me $50 or this stays",
        title: "Guava jam",
        author: { id: buyer.id },
        about: { id: s.id },
        removed: false,
      },
    });

    const res = await moderator.agent.post(`/api/admin/reports/${id}/resolve`, {
      action: "remove_feedback",
      reason: "Feedback extortion is not allowed.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "resolved",
      resolution: "remove_feedback",
      subject: { kind: "feedback", removed: true },
    });
    expect(await ratingOf(s.id)).toEqual({ total: 0, count: 0 });
    expect((await auditOf(t, left.id)).map((e) => e.action)).toEqual(["feedback.remove"]);
    expect((await auditOf(t, id)).map((e) => e.action)).toEqual(["report.resolve"]);
    // The seller, who reported it, hears both: the removal, and the report's outcome.
    const told = await rows<{ kind: string; message: string }>(
      t.database.db,
      sql`select kind, message from notifications where user_id = ${s.id}
          and kind in ('report_outcome', 'feedback_removed') order by kind`,
    );
    expect(told).toEqual([
      expect.objectContaining({ kind: "feedback_removed" }),
      {
        kind: "report_outcome",
        message:
          'We reviewed your report about feedback on "Guava jam" and took action. Thank you for telling us.',
      },
    ]);
    // Removed feedback is no longer there to report.
    const gone = await report(stranger, { reason: "offensive" });
    expect(gone.statusCode).toBe(404);
    expect(await ratingDrift()).toEqual([]);
  });

  it("refuses remove_feedback on a report of something else (422)", async () => {
    const target = await person(t, "target");
    const filed = await stranger.agent.post("/api/reports", {
      subjectKind: "user",
      subjectId: target.id,
      reason: "scam",
    });
    const res = await moderator.agent.post(`/api/admin/reports/${filed.json().id}/resolve`, {
      action: "remove_feedback",
      reason: "Nothing to remove",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe("report_action_invalid");
  });
});
