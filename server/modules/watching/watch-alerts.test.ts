import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { settleDueAuctions } from "../auctions/auction-settlement";
import { sendEndingSoonAlerts } from "./watch-alerts";
import { watchListing } from "./watchlist.service";

const t = setUpTestApp();
let db: Db;
beforeAll(async () => {
  db = t.database.db;
});

const MINUTE = 60_000;

async function alerts(userId: string) {
  return rows<{ kind: string; message: string; listing_id: string }>(
    db,
    sql`select kind, message, listing_id from notifications
        where user_id = ${userId} and kind like 'watched_item_%' order by created_at, id`,
  );
}

describe("watch alerts", () => {
  it("tells watchers once that an auction ends within the hour, then once that it ended", async () => {
    const watcher = await createUser(db, "watcher");
    const later = await createUser(db, "watcher");
    const soon = await createListing(db, {
      title: "Carved calabash bowl",
      auction: { endTime: new Date(Date.now() + 30 * MINUTE) },
    });
    const farOff = await createListing(db, {
      title: "Mahogany stool",
      auction: { endTime: new Date(Date.now() + 5 * 60 * MINUTE) },
    });
    await watchListing(db, watcher.id, soon.id);
    await watchListing(db, watcher.id, farOff.id);
    await watchListing(db, later.id, soon.id);

    await Promise.all([sendEndingSoonAlerts(db), sendEndingSoonAlerts(db)]);
    await sendEndingSoonAlerts(db);
    const ending = notificationText("watched_item_ending", { title: "Carved calabash bowl" });
    expect(await alerts(watcher.id)).toEqual([
      { kind: "watched_item_ending", message: ending, listing_id: soon.id },
    ]);
    expect(await alerts(later.id)).toHaveLength(1);

    // It ends with no bids: settlement tells its watchers, once.
    await db.execute(
      sql`update auction_settings set end_time = now() - interval '1 second' where listing_id = ${soon.id}`,
    );
    await settleDueAuctions(db);
    await settleDueAuctions(db);
    const ended = notificationText("watched_item_ended", {
      title: "Carved calabash bowl",
      soldOut: false,
    });
    expect((await alerts(watcher.id)).map((a) => a.message)).toEqual([ending, ended]);
  });

  it("tells watchers when the seller lowers the price or Buy It Now comes back, once each", async () => {
    const seller = await createUser(db, "seller");
    const watcher = await createUser(db, "watcher");
    const sellerAgent = await signedInAgent(t.app, db, seller.id);
    const listing = await createListing(db, {
      title: "Steel pan",
      sellerId: seller.id,
      priceCents: 50_000,
      auction: { endTime: new Date(Date.now() + 3 * 24 * 60 * MINUTE) },
    });
    await watchListing(db, watcher.id, listing.id);

    const edit = async (body: Record<string, unknown>) => {
      const res = await sellerAgent.patch(`/api/listings/${listing.id}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await edit({ priceCents: 60_000 });
    expect(await alerts(watcher.id)).toEqual([]);
    await edit({ priceCents: 45_000 });
    await edit({ description: "Tuned last week, with its stand." });
    expect((await alerts(watcher.id)).map((a) => a.message)).toEqual([
      notificationText("watched_item_price_drop", {
        title: "Steel pan",
        price: "$450.00",
        buyItNow: false,
      }),
    ]);
    await edit({ buyItNowPriceCents: 80_000 });
    await edit({ buyItNowPriceCents: 80_000 });
    expect((await alerts(watcher.id)).map((a) => a.message)).toEqual([
      notificationText("watched_item_price_drop", {
        title: "Steel pan",
        price: "$450.00",
        buyItNow: false,
      }),
      notificationText("watched_item_price_drop", {
        title: "Steel pan",
        price: "$800.00",
        buyItNow: true,
      }),
    ]);
  });

  it("tells watchers once when the last unit is paid for, not the buyer", async () => {
    const watcher = await createUser(db, "watcher");
    const buyer = await createUser(db, "buyer");
    const listing = await createListing(db, { title: "Pepper sauce", quantity: 2 });
    await watchListing(db, watcher.id, listing.id);
    await watchListing(db, buyer.id, listing.id);
    const agent = await signedInAgent(t.app, db, buyer.id);
    const buy = async (quantity: number) => {
      const res = await agent.post("/api/checkout", {
        lines: [{ listingId: listing.id, quantity }],
      });
      expect(res.statusCode, res.body).toBe(201);
      const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
      const paid = await agent.post(`/api/payments/sandbox/sessions/${session}/pay`, {
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/40",
        cvc: "123",
        name: "Devon Clarke",
      });
      expect(paid.statusCode, paid.body).toBe(200);
    };
    await buy(1);
    expect(await alerts(watcher.id)).toEqual([]);
    await buy(1);
    expect((await alerts(watcher.id)).map((a) => a.message)).toEqual([
      notificationText("watched_item_ended", { title: "Pepper sauce", soldOut: true }),
    ]);
    expect(await alerts(buyer.id)).toEqual([]);
  });
});
