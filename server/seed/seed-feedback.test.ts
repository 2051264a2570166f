import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { rows } from "../db/rows";
import { openTestDatabase } from "../test/build-test-app";
import { buildSeedPlan, seedDatabase } from "./seed";
import { DRAWINGS } from "./seed-drawings/catalog";
import { starsFor } from "./seed-feedback";

const NOW = new Date("2025-06-15T12:00:00.000Z");

describe("starsFor", () => {
  it("spreads a total over 1-5 stars", () => {
    for (const [total, count] of [
      [63, 15],
      [35, 9],
      [193, 41],
      [5, 1],
    ] as const) {
      const stars = starsFor(total, count);
      expect(stars).toHaveLength(count);
      expect(stars.reduce((a, b) => a + b, 0)).toBe(total);
      for (const s of stars) expect(s >= 1 && s <= 5).toBe(true);
    }
  });
});

describe("the demo's conditions", () => {
  // Rules a description can state plainly: "for parts or not working" only for an item sold as
  // such, and anything still sealed is new.
  const FOR_PARTS = /for parts|not working|does not work|spares or repair/i;
  const SEALED = /\bsealed\b/i;
  const plan = buildSeedPlan(NOW);

  it("are 'for parts or not working' only where the description says so", () => {
    const wrong = plan
      .filter((l) => l.condition === "poor" && !FOR_PARTS.test(l.description))
      .map((l) => l.title);
    expect(wrong).toEqual([]);
  });

  it("are new for anything still sealed", () => {
    const wrong = plan
      .filter((l) => l.condition !== null && l.condition !== "new" && SEALED.test(l.description))
      .map((l) => `${l.title}: ${l.condition}`);
    expect(wrong).toEqual([]);
  });
});

describe("the demo's drawings", () => {
  it("show as many solar lights as the pack holds", () => {
    const svg = DRAWINGS["Solar Garden Lights, Pack of 12"]?.svg ?? "";
    // Each light's lamp glass is drawn once in this colour.
    expect(svg.match(/#fff8d6/g)?.length).toBe(12);
  });
});

const targets: { name: string; kind: "pglite" | "postgres" }[] = [
  { name: "PGlite", kind: "pglite" },
];
if (process.env.TEST_DATABASE_URL) targets.push({ name: "PostgreSQL", kind: "postgres" });

describe.each(targets)("demo feedback on $name", ({ kind }) => {
  let database: Database;
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
    await seedDatabase(database.db, { now: NOW });
  });
  afterAll(async () => {
    await dispose?.();
  });

  it("gives every user the sum and count of the buyers' stars about them, and nothing else", async () => {
    const users = await rows<{
      username: string;
      ratingTotal: number;
      ratingCount: number;
      total: number;
      count: number;
    }>(
      database.db,
      sql`select u.username, u.rating_total as "ratingTotal", u.rating_count as "ratingCount",
            coalesce(sum(f.stars), 0)::int as total, count(f.id)::int as count
          from users u left join feedback f on f.subject_id = u.id and f.author_role = 'buyer'
          group by u.id order by u.username`,
    );
    for (const u of users)
      expect([u.username, u.ratingTotal, u.ratingCount]).toEqual([u.username, u.total, u.count]);
    const rated = users.filter((u) => u.ratingCount > 0).map((u) => u.username);
    expect(rated).toEqual([
      "aaliyah",
      "desmond",
      "marcus",
      "marisol",
      "natalia",
      "rafael",
      "shanice",
    ]);
    expect(users.find((u) => u.username === "marisol")).toMatchObject({
      ratingTotal: 193,
      ratingCount: 41,
    });
  });

  it("sells an auction at most once, when it is sold, and nothing before it was listed", async () => {
    const bad = await rows<{ title: string; status: string; kind: string; orders: number }>(
      database.db,
      sql`select l.title, l.status, l.kind, count(distinct o.id)::int as orders
          from listings l join order_lines ol on ol.listing_id = l.id
          join orders o on o.id = ol.order_id and o.status in ('paid', 'pending')
          group by l.id
          having (l.kind = 'auction' and (l.status <> 'sold' or count(distinct o.id) > 1))
            or min(o.created_at) < l.created_at`,
    );
    expect(bad).toEqual([]);
    // So no open auction says it sold a unit on the seller's Selling page.
    const [open] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from listings l
          where l.kind = 'auction' and l.status = 'active'
            and exists (select 1 from order_lines ol where ol.listing_id = l.id)`,
    );
    expect(open?.n).toBe(0);
  });

  it("puts each feedback on a paid, shipped and received line of its author and subject", async () => {
    const [bad] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from feedback f
          join order_lines ol on ol.id = f.order_line_id join orders o on o.id = ol.order_id
          left join shipments s on s.order_id = o.id and s.seller_id = ol.seller_id
          where o.status <> 'paid' or s.received_at is null
            or (f.author_role = 'buyer' and (f.author_id <> o.buyer_id or f.subject_id <> ol.seller_id))
            or (f.author_role = 'seller' and (f.author_id <> ol.seller_id or f.subject_id <> o.buyer_id
                or f.rating <> 'positive' or f.stars is not null))
            or f.created_at < o.paid_at or f.created_at > o.paid_at + interval '60 days'
            or f.created_at > ${NOW}`,
    );
    expect(bad?.n).toBe(0);
    const [stats] = await rows<{ comments: number; replies: number; aboutBuyers: number }>(
      database.db,
      sql`select count(*) filter (where comment <> '')::int as comments,
            count(reply)::int as replies,
            count(*) filter (where author_role = 'seller')::int as "aboutBuyers"
          from feedback`,
    );
    expect(stats?.comments).toBeGreaterThan(5);
    expect(stats?.replies).toBe(1);
    expect(stats?.aboutBuyers).toBeGreaterThan(5);
  });
});
