import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { deliveredByCondition, destinationScope } from "./listing-delivery";
import { createDestinationMemo, whereFor } from "./listings.service";

// "Delivery by" at 1,000,000 listings (issue 29, decision 0021): the filter's three cases compare
// the very expressions the delivery indexes hold (deliveryDaysSql), so a near date is found by
// their ranges. An index serves a query only when the expressions are the same, constants
// included: if core/delivery's transit table changes without a migration of these indexes, the
// filter stays right but reads every open listing again. This test says so first.

const t = setUpTestApp();

/** EXPLAIN's text of a capped count of `where` (its filter deparsed as PostgreSQL reads it). */
async function planOf(where: ReturnType<typeof whereFor>): Promise<string> {
  const plan = await rows<{ "QUERY PLAN": string }>(
    t.database.db,
    sql`explain select count(*) from (select 1 from listings l where ${where} limit 10001) c`,
  );
  return plan
    .map((r) => r["QUERY PLAN"])
    .join("\n")
    .replace(/\s+/g, " ");
}

/** Column `n` of index `name` as PostgreSQL deparses it. */
async function indexColumn(name: string, n: number): Promise<string> {
  const found = await rows<{ column: string }>(
    t.database.db,
    sql`select pg_get_indexdef(${name}::regclass, ${n}, false) as "column"`,
  );
  return found[0]?.column ?? "";
}

describe("the delivery indexes", () => {
  it("hold the expressions each of the filter's three cases compares", async () => {
    const db = t.database.db;
    const scope = await destinationScope(db, "grenada");
    expect(scope?.nearIds.length).toBeGreaterThan(0);
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const plan = await planOf(deliveredByCondition("grenada", inThreeDays, new Date(), scope));
    const expressions = [
      await indexColumn("listings_open_deliver_same_idx", 2),
      await indexColumn("listings_open_deliver_near_idx", 2),
      await indexColumn("listings_open_deliver_far_idx", 1),
    ];
    expect(new Set(expressions).size).toBe(3);
    for (const expression of expressions) {
      // pg_get_indexdef wraps an expression column in one more pair of brackets.
      const bare = expression.replace(/\s+/g, " ").replace(/^\((.*)\)$/s, "$1");
      expect(bare).toMatch(/handling_days/);
      expect(plan).toContain(bare);
    }
  });

  it("let the newest-first walks filter ships-to from their own columns", async () => {
    for (const name of [
      "listings_open_created_idx",
      "listings_open_category_idx",
      "listings_open_subcategory_idx",
    ]) {
      const found = await rows<{ def: string }>(
        t.database.db,
        sql`select pg_get_indexdef(${name}::regclass) as def`,
      );
      // search_sig follows them: the word signature Best Match tests in the walk (decision 0018).
      expect(found[0]?.def).toContain(
        "INCLUDE (kind, auction_ends_at, territory_id, handling_days, ship_same_service, ship_caribbean_service, search_sig)",
      );
    }
    // The filter itself reads only those columns (and the walk's own).
    const scope = await destinationScope(t.database.db, "grenada");
    const plan = await planOf(
      whereFor({ shipsTo: "grenada", deliveryBy: "2099-01-01", status: "active" }, [], {
        destination: scope,
      }),
    );
    expect(plan).not.toMatch(/search_vector|seller_id|ship_world/);
  });

  it("let the walk of the listings that take offers filter a category from its own columns", async () => {
    // A category's count of them read 10,001 rows of the table when the planner guessed too few
    // to reach the limit (issue 32, the cold path): the index carries what that filter reads.
    const found = await rows<{ def: string }>(
      t.database.db,
      sql`select pg_get_indexdef('listings_open_offers_idx'::regclass) as def`,
    );
    expect(found[0]?.def).toContain(
      "INCLUDE (kind, auction_ends_at, category_id, subcategory_id, territory_id)",
    );
  });

  it("find nothing to resolve for the rest of the world or a territory that does not exist", async () => {
    expect(await destinationScope(t.database.db, "world")).toBeNull();
    expect(await destinationScope(t.database.db, "atlantis")).toBeNull();
  });
});

describe("the instance's memory of destinations", () => {
  it("answers what it was told for ten minutes, then forgets", () => {
    let now = 0;
    const memo = createDestinationMemo(600_000, () => now);
    expect(memo.get("grenada")).toBeUndefined();
    memo.set("grenada", { id: "g", nearIds: ["b"] });
    memo.set("atlantis", null);
    now = 599_999;
    expect(memo.get("grenada")).toEqual({ id: "g", nearIds: ["b"] });
    expect(memo.get("atlantis")).toBeNull();
    now = 600_000;
    expect(memo.get("grenada")).toBeUndefined();
  });
});
