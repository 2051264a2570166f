import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_CART_LINES, MAX_LINE_QUANTITY, savedCartSchema } from "../../../core/contracts/buying";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { mergeLines } from "./carts.service";

const t = setUpTestApp();

async function person(name: string): Promise<Agent> {
  const user = await createUser(t.database.db, name);
  return signedInAgent(t.app, t.database.db, user.id);
}

async function cartOf(agent: Agent) {
  const res = await agent.get("/api/me/cart");
  expect(res.statusCode, res.body).toBe(200);
  return savedCartSchema.parse(res.json()).lines.map((l) => [l.listingId, l.quantity]);
}

describe("saved cart", () => {
  it("saves and loads the whole cart, with what the browser's cart shows of each line", async () => {
    const buyer = await person("carter");
    const a = await createListing(t.database.db, { title: "Mahogany bowl", priceCents: 4500 });
    const b = await createListing(t.database.db, { title: "Sea glass earrings" });
    expect(await cartOf(buyer)).toEqual([]);

    const put = await buyer.put("/api/me/cart", {
      lines: [
        { listingId: a.id, quantity: 2 },
        { listingId: b.id, quantity: 1 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = savedCartSchema.parse((await buyer.get("/api/me/cart")).json());
    expect(saved.lines).toHaveLength(2);
    expect(saved.lines.find((l) => l.listingId === a.id)).toEqual({
      listingId: a.id,
      quantity: 2,
      title: "Mahogany bowl",
      priceCents: 4500,
      sellerId: a.sellerId,
      imageUrl: `/uploads/test/${a.id}-0-thumb.webp`,
    });

    // Replacing: a line left out is gone, a changed quantity is the new one; empty empties it.
    await buyer.put("/api/me/cart", { lines: [{ listingId: b.id, quantity: 3 }] });
    expect(await cartOf(buyer)).toEqual([[b.id, 3]]);
    expect((await buyer.put("/api/me/cart", { lines: [] })).statusCode).toBe(200);
    expect(await cartOf(buyer)).toEqual([]);
  });

  it("drops listings that do not exist rather than refusing the cart", async () => {
    const buyer = await person("carter");
    const a = await createListing(t.database.db);
    const res = await buyer.put("/api/me/cart", {
      lines: [
        { listingId: randomUUID(), quantity: 1 },
        { listingId: a.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(savedCartSchema.parse(res.json()).lines.map((l) => l.listingId)).toEqual([a.id]);
  });

  it("merges a device's cart at the larger quantity, never the sum, and answers the result", async () => {
    const buyer = await person("carter");
    const [a, b, c] = await Promise.all([
      createListing(t.database.db),
      createListing(t.database.db),
      createListing(t.database.db),
    ]);
    if (!a || !b || !c) throw new Error("listings");
    await buyer.put("/api/me/cart", {
      lines: [
        { listingId: a.id, quantity: 2 },
        { listingId: b.id, quantity: 1 },
      ],
    });
    const res = await buyer.post("/api/me/cart/merge", {
      lines: [
        { listingId: a.id, quantity: 1 },
        { listingId: b.id, quantity: 4 },
        { listingId: c.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = savedCartSchema.parse(res.json()).lines.map((l) => [l.listingId, l.quantity]);
    expect(new Map(merged as [string, number][])).toEqual(
      new Map([
        [a.id, 2],
        [b.id, 4],
        [c.id, 1],
      ]),
    );
    expect(new Map((await cartOf(buyer)) as [string, number][])).toEqual(
      new Map(merged as [string, number][]),
    );
    // The same cart merged again (a second sign-in on a device holding a copy) changes nothing.
    const again = await buyer.post("/api/me/cart/merge", { lines: res.json().lines });
    expect(
      savedCartSchema
        .parse(again.json())
        .lines.map((l) => l.quantity)
        .sort(),
    ).toEqual([1, 2, 4]);
    // An empty device cart just answers the saved one.
    const empty = await buyer.post("/api/me/cart/merge", { lines: [] });
    expect(savedCartSchema.parse(empty.json()).lines).toHaveLength(3);
  });

  it("keeps the saved lines first and stops at the line limit when merging", () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    const saved = Array.from({ length: MAX_CART_LINES - 1 }, (_, i) => ({
      listingId: id(i),
      quantity: 1,
    }));
    const device = [
      { listingId: id(0), quantity: 5 },
      { listingId: id(900), quantity: 1 },
      { listingId: id(901), quantity: 1 },
    ];
    const merged = mergeLines(saved, device);
    expect(merged).toHaveLength(MAX_CART_LINES);
    expect(merged[0]).toEqual({ listingId: id(0), quantity: 5 });
    expect(merged.at(-1)).toEqual({ listingId: id(900), quantity: 1 });
  });

  it("is the caller's own: another user's cart is never visible or changed", async () => {
    const alice = await person("alice");
    const bob = await person("bob");
    const a = await createListing(t.database.db);
    const b = await createListing(t.database.db);
    await alice.put("/api/me/cart", { lines: [{ listingId: a.id, quantity: 1 }] });
    expect(await cartOf(bob)).toEqual([]);
    await bob.post("/api/me/cart/merge", { lines: [{ listingId: b.id, quantity: 2 }] });
    await bob.put("/api/me/cart", { lines: [] });
    expect(await cartOf(alice)).toEqual([[a.id, 1]]);
  });

  it("refuses carts past the limits", async () => {
    const buyer = await person("carter");
    const a = await createListing(t.database.db);
    const tooMany = Array.from({ length: MAX_CART_LINES + 1 }, () => ({
      listingId: randomUUID(),
      quantity: 1,
    }));
    const bad = [
      { lines: tooMany },
      { lines: [{ listingId: a.id, quantity: 0 }] },
      { lines: [{ listingId: a.id, quantity: MAX_LINE_QUANTITY + 1 }] },
      { lines: [{ listingId: a.id, quantity: 1.5 }] },
      { lines: [{ listingId: "nope", quantity: 1 }] },
      {
        lines: [
          { listingId: a.id, quantity: 1 },
          { listingId: a.id, quantity: 2 },
        ],
      },
      {},
    ];
    for (const body of bad) {
      for (const send of [
        () => buyer.put("/api/me/cart", body),
        () => buyer.post("/api/me/cart/merge", body),
      ]) {
        const res = await send();
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
    }
    const max = await buyer.put("/api/me/cart", {
      lines: [{ listingId: a.id, quantity: MAX_LINE_QUANTITY }],
    });
    expect(max.statusCode).toBe(200);
    expect(await cartOf(buyer)).toEqual([[a.id, MAX_LINE_QUANTITY]]);
  });

  it("answers 401 signed out", async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.get("/api/me/cart")).statusCode).toBe(401);
    expect((await visitor.put("/api/me/cart", { lines: [] })).statusCode).toBe(401);
    expect((await visitor.post("/api/me/cart/merge", { lines: [] })).statusCode).toBe(401);
  });
});
