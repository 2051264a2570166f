import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { rows } from "../db/rows";
import { followedSellers } from "../db/schema/watching";
import type { Mailer } from "../modules/mail/mailer";
import { sendPendingNotificationEmails } from "../modules/notifications/notification-emails.service";
import { notify } from "../modules/notifications/notifications.service";
import { sendPendingSupportEmails } from "../modules/support/support.service";
import { matchNewListings, queueNewListing } from "../modules/watching/alert-matching";
import { setUpTestApp } from "../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../test/factories";
import { currentTraceId, type TraceLog, withTraceId } from "../trace";

// Issue 31: a request's id (x-request-id) is stored with the background work it queues, and the
// job that does the work logs it, so one request can be followed into its emails and alerts.
const t = setUpTestApp();
const sent: string[] = [];
const mailer: Mailer = {
  kind: "outbox",
  async send(email) {
    sent.push(email.subject);
  },
  close() {},
};
let logged: { traceIds: string[]; msg: string }[] = [];
const traced: TraceLog = (traceIds, msg) => logged.push({ traceIds, msg });
const deps = () => ({ db: t.database.db, mailer, publicUrl: "http://localhost:3000", traced });

beforeEach(async () => {
  // Nothing left due from another test or from the demo data.
  await t.database.db.execute(sql`update notifications set email_due_at = null`);
  await t.database.db.execute(sql`update support_requests set email_due_at = null`);
  await t.database.db.execute(sql`delete from listing_alert_queue`);
  logged = [];
  sent.length = 0;
});

describe("trace ids", () => {
  it("follow a request into the emails its support request sends", async () => {
    const user = await createUser(t.database.db, "tracer");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const res = await agent.post(
      "/api/support-requests",
      { category: "shipping", subject: "Where is it", message: "My parcel has not arrived yet." },
      { headers: { "x-request-id": "trace-support-1" } },
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers["x-request-id"]).toBe("trace-support-1");
    const [stored] = await rows<{ trace_id: string | null }>(
      t.database.db,
      sql`select trace_id from support_requests where user_id = ${user.id}`,
    );
    expect(stored?.trace_id).toBe("trace-support-1");

    await sendPendingSupportEmails({ ...deps(), supportEmail: t.app.config.supportEmail });
    expect(sent).toHaveLength(2);
    expect(logged).toEqual([{ traceIds: ["trace-support-1"], msg: expect.stringMatching(/sent/) }]);
  });

  it("a request without an id of its own gets one, stored as well", async () => {
    const user = await createUser(t.database.db, "tracer2");
    const agent = await signedInAgent(t.app, t.database.db, user.id);
    const res = await agent.post("/api/support-requests", {
      category: "shipping",
      subject: "Where is it",
      message: "My parcel has not arrived yet.",
    });
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [stored] = await rows<{ trace_id: string | null }>(
      t.database.db,
      sql`select trace_id from support_requests where user_id = ${user.id}`,
    );
    expect(stored?.trace_id).toBe(id);
  });

  it("a notice's email is logged with the trace id of the request that stored it", async () => {
    const user = await createUser(t.database.db, "noticed");
    await withTraceId("trace-notice-1", () =>
      notify(t.database.db, [
        { userId: user.id, kind: "account_warning", message: "A warning", link: "/account" },
      ]),
    );
    // Outside a request: no trace id.
    await notify(t.database.db, [
      { userId: user.id, kind: "account_warning", message: "Another", link: "/account" },
    ]);
    expect(currentTraceId()).toBeNull();
    const stored = await rows<{ message: string; trace_id: string | null }>(
      t.database.db,
      sql`select message, trace_id from notifications where user_id = ${user.id} order by message`,
    );
    expect(stored).toEqual([
      { message: "A warning", trace_id: "trace-notice-1" },
      { message: "Another", trace_id: null },
    ]);

    await sendPendingNotificationEmails(deps());
    expect(logged.map((l) => l.traceIds)).toContainEqual(["trace-notice-1"]);
  });

  it("the alerts a new listing causes carry the trace id of the request that listed it", async () => {
    const seller = await createUser(t.database.db, "tracedseller");
    const follower = await createUser(t.database.db, "tracedfan");
    await t.database.db
      .insert(followedSellers)
      .values({ userId: follower.id, sellerId: seller.id });
    const listing = await createListing(t.database.db, { sellerId: seller.id });
    await withTraceId("trace-listing-1", () => queueNewListing(t.database.db, listing.id));

    await matchNewListings(t.database.db, Number.POSITIVE_INFINITY, traced);
    expect(logged).toEqual([{ traceIds: ["trace-listing-1"], msg: expect.any(String) }]);
    const [notice] = await rows<{ trace_id: string | null }>(
      t.database.db,
      sql`select trace_id from notifications
          where user_id = ${follower.id} and kind = 'followed_seller_listed'`,
    );
    expect(notice?.trace_id).toBe("trace-listing-1");
  });
});
