import { beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";

// The listing page's quantity picker (issue 17) offers what the listing detail calls `quantity`:
// stock less other buyers' holds. These pin that the server agrees with that number.
const t = setUpTestApp();
let seller: { id: string };
let buyer: Agent;
let rival: Agent;

beforeAll(async () => {
  seller = await createUser(t.database.db, "shop");
  buyer = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "buyer")).id);
  rival = await signedInAgent(t.app, t.database.db, (await createUser(t.database.db, "rival")).id);
});

describe("quantities on a multi-stock Buy It Now listing", () => {
  it("offers and sells only what other buyers' checkouts leave, with the spec's message", async () => {
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Guava jam",
      priceCents: 800,
      quantity: 5,
    });
    const held = await buyer.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 3 }],
    });
    expect(held.statusCode, held.body).toBe(201);

    const seen = (await rival.get(`/api/listings/${listing.id}`)).json();
    expect(seen.quantity).toBe(2);
    expect(seen.reservedQuantity).toBe(3);
    // The holder's own checkout is theirs: it does not shrink what they see.
    expect((await buyer.get(`/api/listings/${listing.id}`)).json().quantity).toBe(5);

    const validate = await rival.post("/api/cart/validate", {
      lines: [{ listingId: listing.id, quantity: 3 }],
    });
    expect(validate.json().lines[0]).toMatchObject({
      available: 2,
      problem: { message: "Sorry, only 2 items available" },
    });

    const tooMany = await rival.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.message).toBe("Sorry, only 2 items available");

    const two = await rival.post("/api/checkout", {
      lines: [{ listingId: listing.id, quantity: 2 }],
    });
    expect(two.statusCode, two.body).toBe(201);
  });
});
