import { eq, type SQL, sql } from "drizzle-orm";
import {
  type AuctionBook,
  decideBid,
  type IncrementBand,
  minNextBidCents,
  type VisibleBid,
} from "../../../core/bidding";
import type { PlaceBidResult } from "../../../core/contracts/bidding";
import { BID_MESSAGES } from "../../../core/contracts/bidding";
import type { AuctionState } from "../../../core/contracts/browse";
import { formatMoney } from "../../../core/money";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { users } from "../../db/schema/users";
import { AppError, badRequest, forbidden, notFound, ruleBroken } from "../../errors";
import { loadIncrementBands } from "../listings/listings.service";
import type { Mailer } from "../mail/mailer";
import { outbidEmail } from "../mail/templates";

export interface BiddingDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  softCloseMinutes: number;
  log?: (err: unknown, msg: string) => void;
}

/** The channel every instance listens on; the payload is the listing id. */
export const AUCTION_CHANNEL = "auction_updated";

interface LockedAuction extends Record<string, unknown> {
  buy_it_now_price_cents: number | null;
  start_price_cents: number;
  reserve_price_cents: number | null;
  current_bid_cents: number | null;
  leader_id: string | null;
  leader_max_cents: number | null;
  bid_count: number;
  ended: boolean;
  /** Milliseconds until the effective end, by the database's clock. */
  ms_left: number;
}

/**
 * Places a bid in one transaction that locks the auction's row, so concurrent bids on one auction
 * are decided one after another against the latest state; bids on different auctions do not wait.
 */
export async function placeBid(
  deps: BiddingDeps,
  listingId: string,
  bidderId: string,
  input: { amountCents: number; maxAmountCents?: number | null },
): Promise<PlaceBidResult> {
  const outcome = await deps.db.transaction(async (tx) => {
    const [listing] = await rows<{
      kind: string;
      seller_id: string;
      status: string;
      title: string;
    }>(tx, sql`select kind, seller_id, status, title from listings where id = ${listingId}`);
    if (!listing) throw notFound("Listing not found.", "listing_not_found");
    if (listing.kind !== "auction") throw ruleBroken("not_auction", BID_MESSAGES.notAuction);
    if (listing.seller_id === bidderId) throw forbidden(BID_MESSAGES.ownListing);

    const [auction] = await rows<LockedAuction>(
      tx,
      sql`select start_price_cents, reserve_price_cents, buy_it_now_price_cents, current_bid_cents, leader_id, leader_max_cents, bid_count,
            end_time <= now() as ended,
            (extract(epoch from (end_time - now())) * 1000)::float8 as ms_left
          from auction_settings where listing_id = ${listingId} for update`,
    );
    if (!auction) throw ruleBroken("not_auction", BID_MESSAGES.notAuction);
    if (auction.ended || listing.status !== "active")
      throw ruleBroken("auction_ended", BID_MESSAGES.ended);

    const book: AuctionBook = {
      startPriceCents: auction.start_price_cents,
      reservePriceCents: auction.reserve_price_cents,
      currentBidCents: auction.current_bid_cents,
      leaderId: auction.leader_id,
      leaderMaxCents: auction.leader_max_cents,
    };
    const bands = await cachedIncrementBands(tx);
    const decision = decideBid(book, { bidderId, ...input }, bands);
    if (!decision.ok) {
      if (decision.reason === "max_below_amount") {
        throw badRequest(BID_MESSAGES.maxBelowAmount, {
          maxAmountCents: BID_MESSAGES.maxBelowAmount,
        });
      }
      const message =
        book.leaderId === bidderId ? BID_MESSAGES.alreadyLeading : BID_MESSAGES.tooLow;
      throw ruleBroken("bid_too_low", message, {
        amountCents: `Enter ${formatMoney(decision.minimumCents)} or more`,
      });
    }

    const leaderId = decision.book.leaderId as string;
    const softCloseMs = deps.softCloseMinutes * 60_000;
    const outbid = decision.outbidId;
    const [updated] = await rows<{ end_time: Date | string; bid_count: number }>(
      tx,
      bidWriteQuery({
        listingId,
        leaderId,
        visible: decision.visible,
        currentBidCents: decision.book.currentBidCents,
        leaderMaxCents: decision.book.leaderMaxCents,
        // Soft close: a bid in the last N minutes moves the end to N minutes after it.
        extendSeconds: softCloseMs > 0 && auction.ms_left < softCloseMs ? softCloseMs / 1000 : null,
        outbid: outbid
          ? {
              userId: outbid,
              message: `You've been outbid on "${listing.title}". The current bid is ${formatMoney(decision.book.currentBidCents ?? 0)}.`,
            }
          : null,
      }),
    );
    if (!updated) throw new AppError(500, "internal_error", "Something went wrong on our side.");
    const price = decision.book.currentBidCents ?? auction.start_price_cents;
    // The answer is built from what this transaction wrote: no second read of the listing.
    const state: AuctionState = {
      startPriceCents: auction.start_price_cents,
      currentBidCents: decision.book.currentBidCents,
      bidCount: updated.bid_count,
      minNextBidCents: minNextBidCents(
        {
          startPriceCents: auction.start_price_cents,
          currentBidCents: decision.book.currentBidCents,
        },
        bands,
      ),
      endsAt: new Date(updated.end_time).toISOString(),
      ended: false,
      hasReserve: auction.reserve_price_cents !== null,
      reserveMet: auction.reserve_price_cents === null || price >= auction.reserve_price_cents,
      buyItNowPriceCents: updated.bid_count === 0 ? auction.buy_it_now_price_cents : null,
      leaderId,
    };

    return {
      outbid,
      title: listing.title,
      price,
      leading: leaderId === bidderId,
      state,
    };
  });

  if (outcome.outbid) {
    // After commit: a slow or failing mail server must not hold the auction's lock or undo the bid.
    void sendOutbidEmail(deps, outcome.outbid, listingId, outcome.title, outcome.price);
  }
  return {
    auction: outcome.state,
    leading: outcome.leading,
    message: outcome.leading
      ? `Your bid of ${formatMoney(outcome.price)} has been placed.`
      : "Your bid has been placed, but another bidder's maximum is higher. You've been outbid.",
  };
}

export interface BidWrite {
  listingId: string;
  leaderId: string;
  visible: VisibleBid[];
  currentBidCents: number | null;
  leaderMaxCents: number | null;
  extendSeconds: number | null;
  outbid: { userId: string; message: string } | null;
}

/**
 * Every write of an accepted bid as one statement: the new visible bids, the old leader's bids
 * turned outbid, the auction's new state (and soft-close end), the outbid notification and the live
 * signal. One round trip while the auction's row is locked keeps the lock short under contention.
 * Exported so the benchmark drives exactly this transaction through a bare pool.
 */
export function bidWriteQuery(w: BidWrite): SQL {
  // clock_timestamp() plus a position: bids recorded by one statement must keep their order.
  const values = w.visible.map(
    (v, i) =>
      sql`(${w.listingId}::uuid, ${v.bidderId}::uuid, ${v.amountCents}::int, ${v.maxAmountCents}::int,
        ${v.bidderId === w.leaderId ? "active" : "outbid"}::bid_status, clock_timestamp() + make_interval(secs => ${i / 1_000_000}))`,
  );
  return sql`
    with inserted as (
      ${
        values.length > 0
          ? sql`insert into bids (listing_id, bidder_id, amount_cents, max_amount_cents, status, placed_at)
              values ${sql.join(values, sql`, `)} returning 1`
          : sql`select 1 where false`
      }
    ), outbid as (
      update bids set status = 'outbid'
      where ${w.outbid !== null} and listing_id = ${w.listingId} and status = 'active' and bidder_id <> ${w.leaderId}
    ), auction as (
      update auction_settings set
        current_bid_cents = ${w.currentBidCents}::int,
        leader_id = ${w.leaderId}::uuid,
        leader_max_cents = ${w.leaderMaxCents}::int,
        bid_count = bid_count + ${w.visible.length}::int,
        end_time = ${w.extendSeconds === null ? sql`end_time` : sql`now() + make_interval(secs => ${w.extendSeconds})`}
      where listing_id = ${w.listingId}
      returning end_time, bid_count
    ), told as (
      insert into notifications (user_id, kind, message, link)
      select ${w.outbid?.userId ?? null}::uuid, 'outbid', ${w.outbid?.message ?? ""}, ${`/listing/${w.listingId}`}
      where ${w.outbid !== null}
    )
    select a.end_time, a.bid_count, pg_notify(${AUCTION_CHANNEL}, ${w.listingId}::text) as notified from auction a`;
}

let bandCache: { bands: IncrementBand[]; at: number } | null = null;
const BAND_CACHE_MS = 30_000;

/** The increment table changes about never; reading it once per bid would sit inside the lock. */
async function cachedIncrementBands(db: Db): Promise<IncrementBand[]> {
  if (!bandCache || Date.now() - bandCache.at > BAND_CACHE_MS) {
    bandCache = { bands: await loadIncrementBands(db), at: Date.now() };
  }
  return bandCache.bands;
}

async function sendOutbidEmail(
  deps: BiddingDeps,
  userId: string,
  listingId: string,
  title: string,
  price: number,
) {
  try {
    const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
    if (!user) return;
    await deps.mailer.send(
      outbidEmail(
        user.email,
        user.fullName.split(" ")[0] ?? "",
        title,
        formatMoney(price),
        `${deps.publicUrl}/listing/${listingId}`,
      ),
    );
  } catch (err) {
    deps.log?.(err, "outbid email failed");
  }
}
