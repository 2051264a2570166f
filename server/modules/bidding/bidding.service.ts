import { and, eq, ne, sql } from "drizzle-orm";
import { type AuctionBook, decideBid } from "../../../core/bidding";
import type { PlaceBidResult } from "../../../core/contracts/bidding";
import { BID_MESSAGES } from "../../../core/contracts/bidding";
import { formatMoney } from "../../../core/money";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { auctionSettings, bids } from "../../db/schema/auctions";
import { users } from "../../db/schema/users";
import { AppError, badRequest, forbidden, notFound, ruleBroken } from "../../errors";
import { getListing, loadIncrementBands } from "../listings/listings.service";
import type { Mailer } from "../mail/mailer";
import { outbidEmail } from "../mail/templates";
import { notify } from "../notifications/notifications.service";

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
      sql`select start_price_cents, reserve_price_cents, current_bid_cents, leader_id, leader_max_cents, bid_count,
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
    const decision = decideBid(book, { bidderId, ...input }, await loadIncrementBands(tx));
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
    // clock_timestamp(), not now(): bids recorded by one transaction must keep their order.
    for (const v of decision.visible) {
      await tx.insert(bids).values({
        listingId,
        bidderId: v.bidderId,
        amountCents: v.amountCents,
        maxAmountCents: v.maxAmountCents,
        status: v.bidderId === leaderId ? "active" : "outbid",
        placedAt: sql`clock_timestamp()`,
      });
    }
    await tx
      .update(bids)
      .set({ status: "outbid" })
      .where(
        and(eq(bids.listingId, listingId), eq(bids.status, "active"), ne(bids.bidderId, leaderId)),
      );

    // Soft close: a bid in the last N minutes moves the end to N minutes after it.
    const softCloseMs = deps.softCloseMinutes * 60_000;
    const extend = softCloseMs > 0 && auction.ms_left < softCloseMs;
    await tx
      .update(auctionSettings)
      .set({
        currentBidCents: decision.book.currentBidCents,
        leaderId,
        leaderMaxCents: decision.book.leaderMaxCents,
        bidCount: sql`${auctionSettings.bidCount} + ${decision.visible.length}`,
        ...(extend ? { endTime: sql`now() + make_interval(secs => ${softCloseMs / 1000})` } : {}),
      })
      .where(eq(auctionSettings.listingId, listingId));

    const outbid = decision.outbidId;
    if (outbid) {
      await notify(tx, [
        {
          userId: outbid,
          kind: "outbid",
          message: `You've been outbid on "${listing.title}". The current bid is ${formatMoney(decision.book.currentBidCents ?? 0)}.`,
          link: `/listing/${listingId}`,
        },
      ]);
    }
    await tx.execute(sql`select pg_notify(${AUCTION_CHANNEL}, ${listingId})`);
    return {
      outbid,
      title: listing.title,
      price: decision.book.currentBidCents ?? 0,
      leading: leaderId === bidderId,
    };
  });

  if (outcome.outbid) {
    // After commit: a slow or failing mail server must not hold the auction's lock or undo the bid.
    void sendOutbidEmail(deps, outcome.outbid, listingId, outcome.title, outcome.price);
  }
  const detail = await getListing(deps.db, listingId);
  if (!detail.auction)
    throw new AppError(500, "internal_error", "Something went wrong on our side.");
  return {
    auction: detail.auction,
    leading: outcome.leading,
    message: outcome.leading
      ? `Your bid of ${formatMoney(detail.auction.currentBidCents ?? input.amountCents)} has been placed.`
      : "Your bid has been placed, but another bidder's maximum is higher. You've been outbid.",
  };
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
