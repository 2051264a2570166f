import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { HomeSections } from "../../../core/contracts/browse";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { dailyPickCandidates, PICK_CANDIDATES } from "./home.service";

const t = setUpTestApp();

async function home(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/home${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as HomeSections;
}

describe("GET /api/home", () => {
  it("fills four sections of 4, 4, 4 and 12 open listings, Daily Picks distinct", async () => {
    const body = await home();
    expect(body.featured).toHaveLength(4);
    expect(body.trending).toHaveLength(4);
    expect(body.endingSoon).toHaveLength(4);
    expect(body.dailyPicks).toHaveLength(12);
    expect(new Set(body.dailyPicks.map((l) => l.id)).size).toBe(12);
    const all = [...body.featured, ...body.trending, ...body.endingSoon, ...body.dailyPicks];
    expect(all.every((l) => l.status === "active")).toBe(true);
  });

  it("puts featured listings first and the soonest-ending open auctions in Ending Soon", async () => {
    const body = await home();
    expect(body.featured.every((l) => l.id)).toBe(true);
    const soonest = await t.app.inject({
      method: "GET",
      url: "/api/listings?sort=ending_soon&pageSize=4",
    });
    expect(body.endingSoon.every((l) => l.kind === "auction" && !l.auction?.ended)).toBe(true);
    const ends = body.endingSoon.map((l) => Date.parse(l.auction?.endsAt ?? ""));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(soonest.statusCode).toBe(200);
  });

  it("filters every section by territory", async () => {
    const body = await home("?territory=jamaica");
    const all = [...body.featured, ...body.trending, ...body.endingSoon, ...body.dailyPicks];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((l) => l.territory.name === "Jamaica")).toBe(true);
  });

  // Issue 21: each section is the first listings of its View all page (/deals, /trending,
  // /ending-soon), whose queries are written out here as those pages send them.
  it.each(["", "grenada", "guyana", "jamaica", "barbados", "belize"])(
    "shows in each section the first listings of its View all page (territory %j)",
    async (territory) => {
      const where = territory ? `&territory=${territory}` : "";
      const body = await home(territory ? `?territory=${territory}` : "");
      const viewAll = async (query: string) => {
        const res = await t.app.inject({
          method: "GET",
          url: `/api/listings?${query}${where}&pageSize=4`,
        });
        expect(res.statusCode).toBe(200);
        return (res.json() as { items: { id: string }[] }).items.map((l) => l.id);
      };
      expect(body.featured.map((l) => l.id)).toEqual(await viewAll("featured=true"));
      expect(body.trending.map((l) => l.id)).toEqual(await viewAll("kind=auction&sort=most_bids"));
      expect(body.endingSoon.map((l) => l.id)).toEqual(await viewAll("sort=ending_soon"));
      // Daily Picks has no View all page: it leaves out what the other sections show.
      const shown = new Set(
        [...body.featured, ...body.trending, ...body.endingSoon].map((l) => l.id),
      );
      expect(body.dailyPicks.some((l) => shown.has(l.id))).toBe(false);
    },
  );

  // Issue 32: the day's candidates are a sample, not a shuffle of every open listing.
  it.each([undefined, "jamaica"])(
    "draws Daily Picks candidates from across the open listings, the same all day (%j)",
    async (territory) => {
      const db = t.database.db;
      const first = await dailyPickCandidates(db, territory);
      expect(await dailyPickCandidates(db, territory)).toEqual(first);
      expect(new Set(first).size).toBe(first.length);
      expect(first.length).toBeGreaterThan(0);
      expect(first.length).toBeLessThanOrEqual(PICK_CANDIDATES);
      const open = await rows<{ id: string; n: number }>(
        db,
        sql`select l.id, (row_number() over (order by l.created_at desc, l.id))::int as n
            from listings l join territories t on t.id = l.territory_id
            where l.status = 'active' and l.moderation = 'visible'
              and (l.kind = 'fixed_price' or l.auction_ends_at > now())
              and (${territory ?? null}::text is null or t.slug = ${territory ?? null})`,
      );
      const position = new Map(open.map((r) => [r.id, r.n]));
      // Every candidate is open (and of the territory).
      expect(first.every((id) => position.has(id))).toBe(true);
      // Not simply the newest: with more open listings than candidates, some come from further back.
      if (open.length > 2 * PICK_CANDIDATES)
        expect(Math.max(...first.map((id) => position.get(id) ?? 0))).toBeGreaterThan(
          PICK_CANDIDATES,
        );
    },
  );

  it("rejects an empty territory", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/home?territory=" });
    expect(res.statusCode).toBe(400);
  });
});
