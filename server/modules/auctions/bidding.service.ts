import { sql } from "drizzle-orm";
import { auctionState, isAuctionEnded } from "../../../core/bidding";
import type { MyBid, MyBidsPage, PlaceBidResult } from "../../../core/contracts/bidding";
import { BID_MESSAGES } from "../../../core/contracts/bidding";
import { ERROR_CODES } from "../../../core/errors";
import { formatMoney } from "../../../core/money";
import type { KeyedLimiter } from "../../concurrency";
import type { Database, Db, NamedStatement } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { AppError, badRequest, conflict, forbidden, notFound, ruleBroken } from "../../errors";
import {
  DELIVER_TO_NAME,
  type DeliverToName,
  doesNotShipThere,
} from "../listings/ships-to-account";
import type { BidFloors } from "./bid-floors";

export interface BiddingDeps {
  database: Pick<Database, "run">;
  softCloseMinutes: number;
  /** The prices this instance knows (bid-floors.ts); without them every bid asks the database. */
  floors?: BidFloors;
  /** How many bids on one auction this instance sends to the database at once (see BIDS_AT_ONCE). */
  gate?: KeyedLimiter;
}

/**
 * Bids on one auction that one instance sends to the database at once; the others wait their turn
 * in the instance and are checked against the latest known price when it comes (most are then
 * refused at once, see bid-floors.ts). Bids on one auction are decided one after another on its row
 * anyway; a crowd of them at once only had the database switching between backends that wait for
 * that row, and held pooled connections that other auctions' bids and the pages need. Measured in
 * the README (Benchmarks, Bidding): one at a time gave the most accepted bids a second.
 */
export const BIDS_AT_ONCE = 1;

/** One row of `place_bid()` (place-bid.sql, beside this file). */
export interface PlaceBidRow extends Record<string, unknown> {
  outcome:
    | "accepted"
    | "listing_not_found"
    | "not_auction"
    | "own_listing"
    | "does_not_ship"
    | "ended"
    | "being_bought"
    | "max_below_amount"
    | "too_low"
    | "already_leading";
  minimum_cents: number | null;
  start_price_cents: number;
  reserve_price_cents: number | null;
  buy_it_now_price_cents: number | null;
  current_bid_cents: number;
  bid_count: number;
  end_time: Date | string;
  leader_id: string;
  outbid_id: string | null;
  min_next_cents: number;
}

/**
 * The whole bid as one statement: `place_bid()` (place-bid.sql) locks the auction's row, decides
 * with the rules of core/bidding.ts and writes the bids, the state, the outbid notification and the
 * live event (auction.updated on the realtime bus). Run on its own (autocommit), the lock lasts one round trip's server side only. A
 * named statement: every bid runs it, so each connection parses and plans it once. Exported so the
 * benchmark drives exactly this statement through a bare pool.
 */
export const PLACE_BID: NamedStatement = {
  name: "place_bid",
  text: "select * from place_bid($1::uuid, $2::uuid, $3::int, $4::int, $5::int)",
};

/** PLACE_BID's parameters, in order. */
export function placeBidParams(
  listingId: string,
  bidderId: string,
  input: { amountCents: number; maxAmountCents?: number | null },
  softCloseMinutes: number,
): unknown[] {
  return [listingId, bidderId, input.amountCents, input.maxAmountCents ?? null, softCloseMinutes];
}

/**
 * Places a bid with one statement (see PLACE_BID), so concurrent bids on one auction are decided
 * one after another against the latest state; bids on different auctions do not wait.
 */
export async function placeBid(
  deps: BiddingDeps,
  listingId: string,
  bidderId: string,
  input: { amountCents: number; maxAmountCents?: number | null },
): Promise<PlaceBidResult> {
  // A bid at or below a price the auction has reached is refused whoever leads (bid-floors.ts).
  const refuseIfBeaten = () => {
    const known = deps.floors?.knownPrice(listingId, bidderId);
    const max = input.maxAmountCents ?? input.amountCents;
    if (known && max >= input.amountCents && max <= known.priceCents)
      throw tooLow(known.minNextCents, false);
  };
  const decide = async () => {
    const [row] = await deps.database.run<PlaceBidRow>(
      PLACE_BID,
      placeBidParams(listingId, bidderId, input, deps.softCloseMinutes),
    );
    return row;
  };
  refuseIfBeaten();
  // Checked again once its turn comes: the price may have moved while it waited.
  const r = deps.gate
    ? await deps.gate.run(listingId, () => {
        refuseIfBeaten();
        return decide();
      })
    : await decide();
  if (!r) throw new AppError(500, ERROR_CODES.internal, "Something went wrong on our side.");
  noteOutcome(deps.floors, listingId, r);
  switch (r.outcome) {
    case "accepted":
      break;
    case "listing_not_found":
      throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
    case "not_auction":
      throw ruleBroken(ERROR_CODES.notAuction, BID_MESSAGES.notAuction);
    case "own_listing":
      throw forbidden(BID_MESSAGES.ownListing);
    case "does_not_ship": {
      // The refusal names the bidder's Deliver to: read only for this rare answer.
      const [named] = await deps.database.run<DeliverToName>(DELIVER_TO_NAME, [bidderId]);
      throw doesNotShipThere(named?.deliverToName ?? "your territory");
    }
    case "ended":
      throw ruleBroken(ERROR_CODES.auctionEnded, BID_MESSAGES.ended);
    case "being_bought":
      throw conflict(BID_MESSAGES.beingBought, ERROR_CODES.beingBought);
    case "max_below_amount":
      throw badRequest(BID_MESSAGES.maxBelowAmount, {
        maxAmountCents: BID_MESSAGES.maxBelowAmount,
      });
    case "too_low":
    case "already_leading":
      throw tooLow(r.minimum_cents ?? 0, r.outcome === "already_leading");
    default:
      throw new AppError(500, ERROR_CODES.internal, "Something went wrong on our side.");
  }

  // The passed leader's email goes with their notification (sendPendingNotificationEmails).
  const price = r.current_bid_cents;
  const leading = r.leader_id === bidderId;
  // The answer is built from what the statement wrote: no second read of the listing.
  const state = auctionState(
    {
      startPriceCents: r.start_price_cents,
      currentBidCents: price,
      bidCount: r.bid_count,
      endsAt: r.end_time,
      reservePriceCents: r.reserve_price_cents,
      buyItNowPriceCents: r.buy_it_now_price_cents,
      leaderId: r.leader_id,
      // Accepted: the listing was on sale when the bid was decided.
      status: "active",
      // The new price plus its increment, as place_bid() looked it up: no read of the table here.
      minNextBidCents: r.min_next_cents,
    },
    new Date(),
  );
  // A maximum above the price (a proxy bid, or a leader raising theirs, which moves no price)
  // is said in so many words: "Your bid of $20.00" alone would read as the new price.
  const max = input.maxAmountCents ?? input.amountCents;
  return {
    auction: state,
    leading,
    message: !leading
      ? "Your bid has been placed, but another bidder's maximum is higher. You've been outbid."
      : max > price
        ? `Your bid of ${formatMoney(input.amountCents)} has been placed. You're the highest bidder at ${formatMoney(price)}; we'll bid for you up to ${formatMoney(max)}.`
        : `Your bid of ${formatMoney(price)} has been placed.`,
  };
}

/** The refusal of a bid below the minimum (for the leader: not above their own maximum). */
function tooLow(minimumCents: number, alreadyLeading: boolean): AppError {
  return ruleBroken(
    ERROR_CODES.bidTooLow,
    alreadyLeading ? BID_MESSAGES.alreadyLeading : BID_MESSAGES.tooLow,
    { amountCents: `Enter ${formatMoney(minimumCents)} or more` },
  );
}

/** Tells this instance's known prices what the database's answer showed of the auction. */
function noteOutcome(floors: BidFloors | undefined, listingId: string, r: PlaceBidRow): void {
  if (!floors) return;
  switch (r.outcome) {
    case "accepted":
      floors.heard(listingId, {
        priceCents: r.current_bid_cents,
        minNextCents: r.min_next_cents,
        leaderId: r.leader_id,
        bidCount: r.bid_count,
        endsAt: r.end_time,
        open: true,
      });
      return;
    case "too_low":
    case "already_leading":
      floors.confirmOpen(listingId);
      return;
    case "ended":
    case "listing_not_found":
    case "not_auction":
      floors.closed(listingId);
      return;
    default:
      return;
  }
}

/** The bidder's bids, one per auction (their latest, whose status is their standing), newest first. */
export async function listMyBids(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<MyBidsPage> {
  const [count] = await rows<{ n: number }>(
    db,
    sql`select count(distinct listing_id)::int as n from bids where bidder_id = ${userId}`,
  );
  const items = await rows<{
    id: string;
    amount_cents: number;
    max_amount_cents: number | null;
    placed_at: Date | string;
    status: MyBid["status"];
    listing_id: string;
    title: string;
    thumb_url: string | null;
    width: number | null;
    height: number | null;
    end_time: Date | string;
    listing_status: "active" | "ended" | "sold";
    read_at: Date | string;
    current_bid_cents: number | null;
    pay_order_id: string | null;
  }>(
    db,
    // A leader's maximum is the auction's leader_max_cents. place_bid() also keeps it on their
    // latest bid (a raise that moves no price updates that bid), which is what an outbid bidder's
    // row shows; leader_max_cents still covers a raise made before place_bid() did so.
    sql`select b.id, b.amount_cents,
          case when a.leader_id = ${userId} then a.leader_max_cents else b.max_amount_cents end
            as max_amount_cents,
          b.placed_at, b.status, l.id as listing_id, l.title,
          i.thumb_url, i.width, i.height, a.end_time, l.status as listing_status,
          -- The database's clock, which the page's other readers of "ended" use too.
          now() as read_at, a.current_bid_cents,
          -- The same rule as the purchase history's "Pay now": a won auction's order not yet paid.
          (select o.id from auction_orders ao join orders o on o.id = ao.order_id
            where b.status = 'won' and ao.listing_id = l.id and o.buyer_id = ${userId}
              and o.source = 'auction' and o.status = 'pending') as pay_order_id
        from (
          -- One row per auction: the bidder's latest bid there, whose status is their standing.
          select distinct on (listing_id) * from bids where bidder_id = ${userId}
          order by listing_id, placed_at desc
        ) b join listings l on l.id = b.listing_id join auction_settings a on a.listing_id = l.id
        left join lateral (select thumb_url, width, height from listing_images where listing_id = l.id order by position limit 1) i on true
        order by b.placed_at desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    items: items.map((r) => ({
      id: r.id,
      amountCents: r.amount_cents,
      maxAmountCents: r.max_amount_cents,
      placedAt: isoTime(r.placed_at),
      status: r.status,
      payOrderId: r.pay_order_id,
      listing: {
        id: r.listing_id,
        title: r.title,
        image: r.thumb_url ? { thumbUrl: r.thumb_url, width: 320, height: 320 } : null,
        endsAt: isoTime(r.end_time),
        ended: isAuctionEnded(
          { status: r.listing_status, endsAt: r.end_time },
          new Date(r.read_at),
        ),
        currentBidCents: r.current_bid_cents,
      },
    })),
    total: Number(count?.n ?? 0),
    page,
    pageSize,
  };
}
