import { sql } from "drizzle-orm";
import type { MyListingOffers, Offer, OfferPage } from "../../../core/contracts/offers";
import { ERROR_CODES } from "../../../core/errors";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import {
  answerDeadline,
  automaticAnswer,
  effectiveOfferStatus,
  OFFER_MESSAGES,
  OFFER_RULES,
  type OfferStatus,
} from "../../../core/offers";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { isoTime, rows } from "../../db/rows";
import { conflict, forbidden, notFound, ruleBroken } from "../../errors";
import { lockListings } from "../listings/listing-locks";
import { assertShipsToAccount } from "../listings/ships-to-account";
import { notify } from "../notifications/notifications.service";
import { agreeOffer, assertCanSell, type OfferListing, readOfferListing } from "./offer-agreement";
import { offerActor } from "./offers.policy";

export interface OffersDeps {
  db: Db;
  clock: Clock;
  taxRatePercent: number;
}

interface OfferRow {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  status: OfferStatus;
  amountCents: number;
  quantity: number;
  message: string | null;
  counterCents: number | null;
  counterMessage: string | null;
  declineMessage: string | null;
  expiresAt: Date | string;
  createdAt: Date | string;
  orderId: string | null;
  orderStatus: Offer["orderStatus"];
  listingTitle: string;
  listingPriceCents: number;
  thumbUrl: string | null;
  width: number | null;
  height: number | null;
  buyerName: string;
  sellerName: string;
}

const offerColumns = sql`o.id, o.listing_id as "listingId", o.buyer_id as "buyerId",
  o.seller_id as "sellerId", o.status, o.amount_cents as "amountCents", o.quantity, o.message,
  o.counter_cents as "counterCents", o.counter_message as "counterMessage",
  o.decline_message as "declineMessage", o.expires_at as "expiresAt", o.created_at as "createdAt",
  o.order_id as "orderId", ord.status as "orderStatus",
  l.title as "listingTitle", l.price_cents as "listingPriceCents",
  img.thumb_url as "thumbUrl", img.width, img.height,
  b.username as "buyerName", s.username as "sellerName"`;

const offerJoins = sql`
  join listings l on l.id = o.listing_id
  join users b on b.id = o.buyer_id
  join users s on s.id = o.seller_id
  left join orders ord on ord.id = o.order_id
  left join lateral (select i.thumb_url, i.width, i.height from listing_images i
    where i.listing_id = l.id order by i.position limit 1) img on true`;

function toOffer(row: OfferRow, now: Date): Offer {
  const status = effectiveOfferStatus(row.status, new Date(row.expiresAt), now);
  return {
    id: row.id,
    status,
    amountCents: row.amountCents,
    quantity: row.quantity,
    message: row.message,
    counterCents: row.counterCents,
    counterMessage: row.counterMessage,
    declineMessage: row.declineMessage,
    awaiting: status === "pending" ? "seller" : status === "countered" ? "buyer" : null,
    expiresAt: isoTime(row.expiresAt),
    createdAt: isoTime(row.createdAt),
    orderId: row.orderId,
    orderStatus: row.orderStatus,
    listing: {
      id: row.listingId,
      title: row.listingTitle,
      priceCents: row.listingPriceCents,
      image:
        row.thumbUrl && row.width && row.height
          ? { thumbUrl: row.thumbUrl, width: row.width, height: row.height }
          : null,
    },
    buyer: { id: row.buyerId, username: row.buyerName },
    seller: { id: row.sellerId, username: row.sellerName },
  };
}

async function readOffer(db: Db, offerId: string, now: Date): Promise<Offer> {
  const [row] = await rows<OfferRow>(
    db,
    sql`select ${offerColumns} from offers o ${offerJoins} where o.id = ${offerId}`,
  );
  if (!row) throw new Error("offer vanished");
  return toOffer(row, now);
}

/** The seller's secret automatic amounts for a listing (none when never set). */
async function readAutoAnswers(tx: Db, listingId: string) {
  const [row] = await rows<{ autoAcceptCents: number | null; autoDeclineCents: number | null }>(
    tx,
    sql`select auto_accept_cents as "autoAcceptCents", auto_decline_cents as "autoDeclineCents"
        from listing_offer_settings where listing_id = ${listingId}`,
  );
  return row ?? { autoAcceptCents: null, autoDeclineCents: null };
}

/** A listing a buyer may offer on: visible to them, another's, taking offers. */
function assertOfferable(listing: OfferListing | null, buyerId: string): OfferListing {
  if (listing?.moderation !== "visible") throw notFound("Listing not found.");
  if (listing.sellerId === buyerId)
    throw forbidden(OFFER_MESSAGES.ownListing, ERROR_CODES.offerOnOwnListing);
  if (listing.kind !== "fixed_price" || !listing.acceptsOffers)
    throw ruleBroken(ERROR_CODES.offersNotAccepted, OFFER_MESSAGES.notOffered);
  return listing;
}

/**
 * Records open offers whose deadline has passed as expired (the job does the same for all); the
 * rules then never count a lapsed offer as the buyer's open one.
 */
async function lapseBuyerOffers(tx: Db, listingId: string, buyerId: string, now: Date) {
  await tx.execute(sql`update offers set status = 'expired', answered_at = ${now}
    where listing_id = ${listingId} and buyer_id = ${buyerId}
      and status in ('pending', 'countered') and expires_at <= ${now}`);
}

/**
 * A buyer's new offer, the seller's automatic answer applied at once. Under the listing's lock:
 * the count of three, the one open offer, the stock and an automatic accept are decided on what
 * is committed, whatever else races.
 */
async function placeOffer(
  tx: Db,
  deps: OffersDeps,
  listing: OfferListing,
  buyerId: string,
  input: { amountCents: number; quantity: number; message: string | null },
  now: Date,
): Promise<string> {
  if (input.amountCents >= listing.priceCents)
    throw ruleBroken(ERROR_CODES.offerAmount, OFFER_MESSAGES.belowPrice(listing.priceCents), {
      amountCents: OFFER_MESSAGES.belowPrice(listing.priceCents),
    });
  assertCanSell(listing, input.quantity);
  // Refused as a bid is: an agreement would be an order the seller does not ship (decision 0021).
  await assertShipsToAccount(tx, listing.id, buyerId);
  await lapseBuyerOffers(tx, listing.id, buyerId, now);
  const [made] = await rows<{ total: number; open: number }>(
    tx,
    sql`select count(*)::int as total,
          count(*) filter (where status in ('pending', 'countered'))::int as open
        from offers where listing_id = ${listing.id} and buyer_id = ${buyerId}`,
  );
  if ((made?.open ?? 0) > 0) throw conflict(OFFER_MESSAGES.oneOpen, ERROR_CODES.offerOpen);
  if ((made?.total ?? 0) >= OFFER_RULES.maxOffersPerBuyer)
    throw ruleBroken(ERROR_CODES.offerLimit, OFFER_MESSAGES.tooMany);

  const auto = automaticAnswer(input.amountCents, await readAutoAnswers(tx, listing.id));
  const [offer] = await rows<{ id: string }>(
    tx,
    sql`insert into offers (listing_id, buyer_id, seller_id, status, amount_cents, quantity, message,
                            decline_message, answered_at, expires_at, created_at)
        values (${listing.id}, ${buyerId}, ${listing.sellerId},
                ${auto === "decline" ? "declined" : "pending"}, ${input.amountCents},
                ${input.quantity}, ${input.message},
                ${auto === "decline" ? OFFER_MESSAGES.autoDecline : null},
                ${auto === "decline" ? now : null}, ${answerDeadline(now)}, ${now})
        returning id`,
  );
  if (!offer) throw new Error("offer insert returned nothing");
  const amount = formatMoney(input.amountCents);
  if (auto === "accept") {
    await agreeOffer(
      tx,
      listing,
      { id: offer.id, buyerId, quantity: input.quantity },
      input.amountCents,
      deps.taxRatePercent,
      now,
    );
  } else if (auto === "decline") {
    await notify(tx, [
      {
        userId: buyerId,
        kind: "offer_declined",
        message: notificationText("offer_declined", {
          amount,
          title: listing.title,
          role: "buyer",
          reason: OFFER_MESSAGES.autoDecline,
        }),
        link: `/listing/${listing.id}`,
        listingId: listing.id,
      },
    ]);
  } else {
    const [buyer] = await rows<{ username: string }>(
      tx,
      sql`select username from users where id = ${buyerId}`,
    );
    await notify(tx, [
      {
        userId: listing.sellerId,
        kind: "offer_received",
        message: notificationText("offer_received", {
          buyer: buyer?.username ?? "A buyer",
          amount,
          title: listing.title,
          quantity: input.quantity,
        }),
        link: `/my/selling/offers?listing=${listing.id}`,
        listingId: listing.id,
      },
    ]);
  }
  return offer.id;
}

/** POST /api/listings/{id}/offers: a buyer makes an offer. */
export async function makeOffer(
  deps: OffersDeps,
  buyerId: string,
  listingId: string,
  input: { amountCents: number; quantity: number; message: string | null },
): Promise<Offer> {
  const now = deps.clock.now();
  const offerId = await deps.db.transaction(async (tx) => {
    await lockListings(tx, [listingId]);
    const listing = assertOfferable(await readOfferListing(tx, listingId), buyerId);
    return placeOffer(tx, deps, listing, buyerId, input, now);
  });
  return readOffer(deps.db, offerId, now);
}

type Answer =
  | { action: "accept" }
  | { action: "decline"; message: string | null }
  | ({ action: "counter" } & { amountCents: number; message: string | null });

/**
 * The answer to an open offer by the side it waits for: the seller to a buyer's offer (accept,
 * decline, counter), the buyer to the seller's counter (accept, decline, or an offer of their own,
 * which counts towards their three). Lock order: the listing, then the offer, as every offer
 * write takes them, so answers racing each other or a purchase are decided one at a time.
 */
export async function answerOffer(
  deps: OffersDeps,
  userId: string,
  offerId: string,
  answer: Answer,
): Promise<Offer> {
  const now = deps.clock.now();
  const [found] = await rows<{ listingId: string }>(
    deps.db,
    sql`select listing_id as "listingId" from offers where id = ${offerId}`,
  );
  if (!found) throw notFound("Offer not found.");
  const resultId = await deps.db.transaction(async (tx) => {
    await lockListings(tx, [found.listingId]);
    const [offer] = await rows<{
      id: string;
      buyerId: string;
      sellerId: string;
      status: OfferStatus;
      amountCents: number;
      counterCents: number | null;
      quantity: number;
      expiresAt: Date | string;
    }>(
      tx,
      sql`select id, buyer_id as "buyerId", seller_id as "sellerId", status,
            amount_cents as "amountCents", counter_cents as "counterCents", quantity,
            expires_at as "expiresAt"
          from offers where id = ${offerId} for update`,
    );
    if (!offer) throw notFound("Offer not found.");
    const actor = offerActor(offer, userId);
    const status = effectiveOfferStatus(offer.status, new Date(offer.expiresAt), now);
    if (status !== "pending" && status !== "countered")
      throw conflict(OFFER_MESSAGES.stale, ERROR_CODES.offerStale);
    const awaiting = status === "pending" ? "seller" : "buyer";
    if (actor !== awaiting)
      throw conflict(
        awaiting === "seller"
          ? "This offer is waiting for the seller's answer."
          : "This counteroffer is waiting for the buyer's answer.",
        ERROR_CODES.offerStale,
      );
    const listing = await readOfferListing(tx, found.listingId);
    if (!listing) throw notFound("Listing not found.");
    const title = listing.title;

    if (answer.action === "accept") {
      const price =
        actor === "seller" ? offer.amountCents : (offer.counterCents ?? offer.amountCents);
      await agreeOffer(tx, listing, offer, price, deps.taxRatePercent, now);
      return offer.id;
    }

    if (answer.action === "decline") {
      await tx.execute(sql`update offers set status = 'declined', decline_message = ${answer.message},
          answered_at = ${now} where id = ${offer.id}`);
      await notify(tx, [
        actor === "seller"
          ? {
              userId: offer.buyerId,
              kind: "offer_declined",
              message: notificationText("offer_declined", {
                amount: formatMoney(offer.amountCents),
                title,
                role: "buyer",
                reason: answer.message,
              }),
              link: `/listing/${listing.id}`,
              listingId: listing.id,
            }
          : {
              userId: offer.sellerId,
              kind: "offer_declined",
              message: notificationText("offer_declined", {
                amount: formatMoney(offer.counterCents ?? offer.amountCents),
                title,
                role: "seller",
                reason: answer.message,
              }),
              link: `/my/selling/offers?listing=${listing.id}`,
              listingId: listing.id,
            },
      ]);
      return offer.id;
    }

    // A counter.
    if (actor === "seller") {
      if (answer.amountCents <= offer.amountCents || answer.amountCents >= listing.priceCents)
        throw ruleBroken(
          ERROR_CODES.offerAmount,
          OFFER_MESSAGES.counterRange(offer.amountCents, listing.priceCents),
          { amountCents: OFFER_MESSAGES.counterRange(offer.amountCents, listing.priceCents) },
        );
      assertCanSell(listing, offer.quantity);
      await tx.execute(sql`update offers set status = 'countered', counter_cents = ${answer.amountCents},
          counter_message = ${answer.message}, expires_at = ${answerDeadline(now)}, answered_at = ${now}
        where id = ${offer.id}`);
      await notify(tx, [
        {
          userId: offer.buyerId,
          kind: "offer_countered",
          message: notificationText("offer_countered", {
            amount: formatMoney(answer.amountCents),
            title,
          }),
          link: `/listing/${listing.id}`,
          listingId: listing.id,
        },
      ]);
      return offer.id;
    }
    // The buyer answers the seller's counter with an offer of their own: below the counter (at
    // it they would accept), counted towards their three like any other.
    const counter = offer.counterCents ?? listing.priceCents;
    if (answer.amountCents >= counter)
      throw ruleBroken(
        ERROR_CODES.offerAmount,
        `Your offer must be below the seller's counteroffer of ${formatMoney(counter)}. To pay that, accept it.`,
        {
          amountCents: `Your offer must be below the seller's counteroffer of ${formatMoney(counter)}.`,
        },
      );
    await tx.execute(sql`update offers set status = 'replaced', answered_at = ${now}
      where id = ${offer.id}`);
    return placeOffer(
      tx,
      deps,
      listing,
      offer.buyerId,
      { amountCents: answer.amountCents, quantity: offer.quantity, message: answer.message },
      now,
    );
  });
  return readOffer(deps.db, resultId, now);
}

/** The signed-in buyer's offers on one listing, newest first, and how many more they may make. */
export async function myListingOffers(
  deps: OffersDeps,
  buyerId: string,
  listingId: string,
): Promise<MyListingOffers> {
  const now = deps.clock.now();
  const found = await rows<OfferRow>(
    deps.db,
    sql`select ${offerColumns} from offers o ${offerJoins}
        where o.listing_id = ${listingId} and o.buyer_id = ${buyerId}
        order by o.created_at desc, o.id`,
  );
  return {
    items: found.map((r) => toOffer(r, now)),
    offersLeft: Math.max(0, OFFER_RULES.maxOffersPerBuyer - found.length),
  };
}

/**
 * The buyer's offers (Bids & Offers) or the offers a seller received, newest first; a seller may
 * narrow it to one listing. Each side reads only its own (the query is by the caller's id).
 */
export async function listOffers(
  deps: OffersDeps,
  userId: string,
  q: { role: "buyer" | "seller"; listingId?: string; page: number; pageSize: number },
): Promise<OfferPage> {
  const now = deps.clock.now();
  const mine = q.role === "buyer" ? sql`o.buyer_id = ${userId}` : sql`o.seller_id = ${userId}`;
  const where = q.listingId ? sql`${mine} and o.listing_id = ${q.listingId}` : mine;
  const [count] = await rows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from offers o where ${where}`,
  );
  // Those waiting for an answer first, then the newest.
  const found = await rows<OfferRow>(
    deps.db,
    sql`select ${offerColumns} from offers o ${offerJoins} where ${where}
        order by (o.status in ('pending', 'countered') and o.expires_at > ${now}) desc,
          o.created_at desc, o.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    items: found.map((r) => toOffer(r, now)),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
