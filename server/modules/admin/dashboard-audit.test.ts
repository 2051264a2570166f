import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "../../../core/contracts/admin";
import { rows } from "../../db/rows";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

const t = setUpTestApp();
let moderator: Agent;
let moderatorUser: { id: string; username: string };

beforeAll(async () => {
  moderatorUser = await createUser(t.database.db, "moderator");
  await t.database.db.execute(
    sql`update users set staff_role = 'moderator' where id = ${moderatorUser.id}`,
  );
  moderator = await signedInAgent(t.app, t.database.db, moderatorUser.id);
});

const dashboard = async (): Promise<Dashboard> => {
  const res = await moderator.get("/api/admin/dashboard");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the dashboard (GET /api/admin/dashboard)", () => {
  it("has 30 consecutive days ending today, and periods that are sums of them", async () => {
    const d = await dashboard();
    expect(d.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(d.daily.at(-1)?.date).toBe(today);
    for (let i = 1; i < d.daily.length; i++) {
      const step = Date.parse(d.daily[i]?.date ?? "") - Date.parse(d.daily[i - 1]?.date ?? "");
      expect(step).toBe(86_400_000);
    }
    const sum = (
      days: Dashboard["daily"],
      key: "newUsers" | "newListings" | "orders" | "gmvCents",
    ) => days.reduce((s, day) => s + day[key], 0);
    for (const key of ["newUsers", "newListings", "orders", "gmvCents"] as const) {
      expect(d.today[key]).toBe(d.daily.at(-1)?.[key]);
      expect(d.last7Days[key]).toBe(sum(d.daily.slice(-7), key));
      expect(d.last30Days[key]).toBe(sum(d.daily, key));
    }
    // The demo has sales in the last 30 days.
    expect(d.last30Days.gmvCents).toBeGreaterThan(0);
  });

  it("counts today's new user, listing, paid order (its total as GMV) and open report", async () => {
    const before = await dashboard();
    const u = await createUser(t.database.db, "newbie");
    const listing = await createListing(t.database.db, { sellerId: u.id, title: "Fresh listing" });
    await t.database.db.execute(sql`insert into orders
        (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents, paid_at)
      values (${u.id}, 'paid', 'checkout', 1000, 200, 34, 1234, now())`);
    // An unpaid one counts for nothing.
    await t.database.db.execute(sql`insert into orders
        (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents)
      values (${u.id}, 'pending', 'checkout', 1000, 0, 0, 1000)`);
    await t.database.db.execute(sql`insert into reports (reporter_id, subject_kind, listing_id, reported_user_id, reason)
      values (${moderatorUser.id}, 'listing', ${listing.id}, ${u.id}, 'counterfeit')`);
    const after = await dashboard();
    for (const period of ["today", "last7Days", "last30Days"] as const) {
      expect(after[period].newUsers - before[period].newUsers).toBe(1);
      expect(after[period].newListings - before[period].newListings).toBe(1);
      expect(after[period].orders - before[period].orders).toBe(1);
      expect(after[period].gmvCents - before[period].gmvCents).toBe(1234);
      expect(after[period].openReports - before[period].openReports).toBe(1);
    }
    expect((after.daily.at(-1)?.gmvCents ?? 0) - (before.daily.at(-1)?.gmvCents ?? 0)).toBe(1234);
  });
});

describe("the audit log (GET /api/admin/audit)", () => {
  it("lists staff actions newest first with who, what, why, before and after", async () => {
    const target = await createUser(t.database.db, "target");
    await moderator.post(`/api/admin/users/${target.id}/warn`, { reason: "First warning." });
    await moderator.post(`/api/admin/users/${target.id}/suspend`, { reason: "Then suspended." });
    const res = await moderator.get("/api/admin/audit?pageSize=2");
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items.map((e: { action: string }) => e.action)).toEqual([
      "user.suspend",
      "user.warn",
    ]);
    expect(page.items[0]).toMatchObject({
      actor: { id: moderatorUser.id, username: moderatorUser.username },
      subjectKind: "user",
      subjectId: target.id,
      reason: "Then suspended.",
      before: { suspendedAt: null },
      after: { suspensionReason: "Then suspended." },
    });
    const second = (await moderator.get("/api/admin/audit?pageSize=1&page=2")).json();
    expect(second.items[0].action).toBe("user.warn");
  });

  it("cannot be changed or deleted, whatever the application runs", async () => {
    const target = await createUser(t.database.db, "kept");
    await moderator.post(`/api/admin/users/${target.id}/warn`, { reason: "On the record." });
    const count = async () =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from admin_actions where subject_id = ${target.id}`,
        )
      )[0]?.n;
    expect(await count()).toBe(1);
    await expect(
      t.database.db.execute(
        sql`update admin_actions set reason = 'rewritten' where subject_id = ${target.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from admin_actions where subject_id = ${target.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`truncate admin_actions`)).rejects.toThrow();
    const [entry] = await rows<{ reason: string }>(
      t.database.db,
      sql`select reason from admin_actions where subject_id = ${target.id}`,
    );
    expect(entry?.reason).toBe("On the record.");
    expect(await count()).toBe(1);
  });
});
