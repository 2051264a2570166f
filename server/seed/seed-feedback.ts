import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { orderTotals } from "../../core/cart";
import type { FeedbackRating } from "../../core/contracts/feedback";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import { feedback, shipments } from "../db/schema/after-sale";
import { orderLines, orders } from "../db/schema/orders";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The newest of these past sales was paid this many days before the seed. */
const PAST_SALES_END_DAYS = 35;

const atMinute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/**
 * How many stars each demo seller has been given, and by how many buyers: the ratings the demo
 * has always shown. Each is now a row of feedback on a paid, shipped and received past order, and
 * users.rating_total/rating_count are summed from those rows, as leaving feedback keeps them.
 */
const SELLER_RATINGS: Record<string, { total: number; count: number }> = {
  marcus: { total: 63, count: 15 },
  aaliyah: { total: 154, count: 32 },
  desmond: { total: 99, count: 22 },
  rafael: { total: 35, count: 9 },
  marisol: { total: 193, count: 41 },
  shanice: { total: 79, count: 18 },
  natalia: { total: 132, count: 27 },
};

const COMMENTS: Record<FeedbackRating, readonly string[]> = {
  positive: [
    "Exactly as described, well packed and quick to arrive. Thank you!",
    "Great seller, answered all my questions before I bought.",
    "Arrived early and in perfect condition. Would buy again.",
    "Lovely item, smooth transaction from start to finish.",
  ],
  neutral: [
    "Item was fine but took longer to ship than I expected.",
    "OK overall; the packaging could have been better.",
  ],
  negative: ["Item had a scratch not shown in the photos."],
};

const SELLER_COMMENTS = [
  "Paid straight away, a pleasure to deal with.",
  "Great buyer, quick payment and friendly messages.",
];

const REPLY =
  "Thanks for letting me know. I have changed my packaging so it arrives safer next time.";

const CARRIERS = ["dhl_express", "fedex", "amerijet", "tropical_shipping", "jamaica_post", "ups"];

function ratingFor(stars: number): FeedbackRating {
  return stars >= 4 ? "positive" : stars === 3 ? "neutral" : "negative";
}

/**
 * `count` star counts summing to `total`, each 1-5: an even spread, then one pair moved a star
 * apart either way (4+4 as 3+5) for a little variety, in an order mixing them.
 */
export function starsFor(total: number, count: number): number[] {
  if (count === 0) return [];
  const base = Math.floor(total / count);
  const extra = total % count;
  const stars = Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
  const i = stars.indexOf(4);
  const j = stars.lastIndexOf(4);
  if (count >= 10 && i !== j && i >= 0) {
    stars[i] = 5;
    stars[j] = 3;
  }
  return interleave(stars);
}

/** A fixed mix of the high and low ends, so the lower stars do not bunch by date. */
function interleave(stars: number[]): number[] {
  const out: number[] = [];
  let lo = stars.length - 1;
  let hi = 0;
  while (hi <= lo) {
    out.push(stars[hi++] as number);
    if (hi <= lo && out.length % 4 === 0) out.push(stars[lo--] as number);
  }
  return out;
}

/**
 * The buyer's detailed seller ratings beside their stars: near the overall stars, each a little
 * different (shipping cost rated lowest, communication highest), and one buyer in six skipping
 * them, as they are optional. Rafael's nine feedbacks leave him short of the 10 that show averages.
 */
function detailedFor(stars: number, k: number) {
  if (k % 6 === 5) return {};
  const clamp = (n: number) => Math.max(1, Math.min(5, n));
  return {
    describedStars: clamp(stars + (k % 5 === 2 ? -1 : 0)),
    communicationStars: clamp(stars + (k % 3 === 0 ? 1 : 0)),
    shippingTimeStars: clamp(stars - (k % 4 === 1 ? 1 : 0)),
    shippingCostStars: clamp(stars - (k % 3 === 1 ? 1 : 0)),
  };
}

interface SellerListing {
  id: string;
  sellerId: string;
  title: string;
  priceCents: number;
  shippingCents: number;
  imageUrl: string | null;
  createdAt: Date | string;
}

/**
 * Demo feedback, run inside the seed's transaction after the listings, users and orders: for each
 * demo seller, past orders of their listings by other demo users (paid, shipped and received),
 * each with the buyer's feedback whose stars make the seller's rating; a few comments, one seller
 * reply, and some sellers' positive feedback about their buyers. Ratings are then summed from the
 * rows, so the numbers shown are what the rows say.
 */
export async function seedDemoFeedback(tx: Db, now: Date): Promise<void> {
  const people = await rows<{ id: string; username: string; joined: Date | string }>(
    tx,
    sql`select id, username, created_at as joined from users
        where email like '%@demo.tradewinds.test' order by created_at, username`,
  );
  const idOf = new Map(people.map((p) => [p.username, p.id]));
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const shipmentRows: (typeof shipments.$inferInsert)[] = [];
  const feedbackRows: (typeof feedback.$inferInsert)[] = [];
  let replied = false;
  let n = 0;

  for (const [username, target] of Object.entries(SELLER_RATINGS)) {
    const sellerId = idOf.get(username);
    if (!sellerId) throw new Error(`seed feedback: no demo seller ${username}`);
    const listings = await rows<SellerListing>(
      tx,
      sql`select l.id, l.seller_id as "sellerId", l.title, l.price_cents as "priceCents",
            l.shipping_cents as "shippingCents", l.created_at as "createdAt",
            (select i.thumb_url from listing_images i where i.listing_id = l.id order by i.position limit 1) as "imageUrl"
          from listings l
          where l.seller_id = ${sellerId} and l.kind = 'fixed_price'
          order by l.created_at, l.title`,
    );
    // Only fixed-price listings sell again and again: an auction sells its one item once, to its
    // winner (seed.ts), so a past sale on one would show an open auction as "1 sold".
    if (listings.length === 0)
      throw new Error(`seed feedback: ${username} has no fixed-price listing`);
    const joinedAt = (p: { joined: Date | string }) => new Date(p.joined).getTime();
    // Buyers who had an account before these past sales began.
    const buyers = people.filter(
      (p) => p.id !== sellerId && joinedAt(p) < now.getTime() - PAST_SALES_END_DAYS * DAY - 2 * DAY,
    );
    const seller = people.find((p) => p.id === sellerId) as (typeof people)[number];

    for (const [k, stars] of starsFor(target.total, target.count).entries()) {
      n++;
      const listing = listings[(k * 5) % listings.length] as SellerListing;
      const buyer = buyers[(k + n) % buyers.length] as (typeof people)[number];
      // Older first, from when both had joined until five weeks ago: the demo's own recent orders
      // stay on top of Purchase History and /my/selling, and these are past the 60-day window.
      const end = now.getTime() - PAST_SALES_END_DAYS * DAY;
      const start = Math.max(joinedAt(seller), joinedAt(buyer)) + DAY;
      const paidAt = new Date(atMinute(start + ((end - start) * (k + 1)) / (target.count + 1)));
      const orderId = randomUUID();
      const lineId = randomUUID();
      const line = {
        unitPriceCents: listing.priceCents,
        shippingCents: listing.shippingCents,
        quantity: 1,
      };
      orderRows.push({
        id: orderId,
        buyerId: buyer.id,
        status: "paid",
        source: "checkout",
        ...orderTotals([line]),
        createdAt: new Date(paidAt.getTime() - HOUR / 4),
        paidAt,
      });
      lineRows.push({
        id: lineId,
        orderId,
        listingId: listing.id,
        sellerId,
        title: listing.title,
        imageUrl: listing.imageUrl,
        ...line,
      });
      const shippedAt = new Date(paidAt.getTime() + 6 * HOUR);
      const receivedAt = new Date(Math.min(paidAt.getTime() + 30 * HOUR, now.getTime() - DAY));
      shipmentRows.push({
        orderId,
        sellerId,
        method: "shipped",
        carrier: CARRIERS[n % CARRIERS.length] as string,
        trackingNumber: `TW${String(100_000 + n * 7919).padStart(10, "0")}`,
        shippedAt,
        receivedAt,
      });
      const rating = ratingFor(stars);
      const comments = COMMENTS[rating];
      // Every neutral or negative one explains itself; a third of the positive ones say something.
      const comment =
        rating !== "positive" || k % 3 === 0 ? (comments[n % comments.length] as string) : "";
      const left = new Date(Math.min(receivedAt.getTime() + 4 * HOUR, now.getTime() - HOUR));
      const reply = !replied && rating !== "positive" && stars >= 2;
      if (reply) replied = true;
      feedbackRows.push({
        orderLineId: lineId,
        authorRole: "buyer",
        authorId: buyer.id,
        subjectId: sellerId,
        rating,
        stars,
        comment,
        reply: reply ? REPLY : null,
        repliedAt: reply ? new Date(left.getTime() + 2 * HOUR) : null,
        createdAt: left,
        ...detailedFor(stars, k),
      });
      // Sellers thank some buyers back (positive only; it counts toward no rating).
      if (k % 4 === 1)
        feedbackRows.push({
          orderLineId: lineId,
          authorRole: "seller",
          authorId: sellerId,
          subjectId: buyer.id,
          rating: "positive",
          stars: null,
          comment: SELLER_COMMENTS[n % SELLER_COMMENTS.length] as string,
          createdAt: new Date(left.getTime() + HOUR),
        });
    }
  }

  // A listing was listed before its first sale: the ones these past sales are on have been on
  // sale (and restocked) since a week before it.
  const firstSale = new Map<string, number>();
  const paidAtOf = new Map(orderRows.map((o) => [o.id, (o.createdAt as Date).getTime()]));
  for (const line of lineRows) {
    const at = paidAtOf.get(line.orderId) as number;
    const known = firstSale.get(line.listingId);
    if (known === undefined || at < known) firstSale.set(line.listingId, at);
  }
  const listedBefore = [...firstSale].map(
    ([listingId, at]) =>
      sql`(${listingId}::uuid, ${new Date(at - 7 * DAY).toISOString()}::timestamptz)`,
  );
  if (listedBefore.length > 0)
    await tx.execute(
      sql`update listings l set created_at = least(l.created_at, v.listed)
          from (values ${sql.join(listedBefore, sql`, `)}) as v(id, listed) where l.id = v.id`,
    );

  for (const chunk of chunked(orderRows)) await tx.insert(orders).values(chunk);
  for (const chunk of chunked(lineRows)) await tx.insert(orderLines).values(chunk);
  for (const chunk of chunked(shipmentRows)) await tx.insert(shipments).values(chunk);
  for (const chunk of chunked(feedbackRows)) await tx.insert(feedback).values(chunk);

  // Every user's rating is the sum and count of the standing buyers' stars about them, nothing
  // else (decision 0024: removed feedback counts nowhere).
  await tx.execute(
    sql`update users u set rating_total = coalesce(f.total, 0), rating_count = coalesce(f.count, 0)
        from (select u2.id, sum(f2.stars)::int as total, count(f2.id)::int as count
              from users u2 left join feedback f2 on f2.subject_id = u2.id and f2.author_role = 'buyer'
                and f2.removed_at is null
              group by u2.id) f
        where f.id = u.id`,
  );
}

function chunked<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
