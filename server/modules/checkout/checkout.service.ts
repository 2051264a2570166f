import { sql } from "drizzle-orm";
import { orderTotals } from "../../../core/cart";
import type {
  CartLineInput,
  CartLineState,
  CartValidation,
  CheckoutResponse,
} from "../../../core/contracts/buying";
import { RESERVED_OUT_MESSAGE } from "../../../core/contracts/buying";
import { ERROR_CODES } from "../../../core/errors";
import { rows, uuidList } from "../../db/rows";
import { ruleBroken } from "../../errors";
import { accountDeliverTo, resolveDeliverTo } from "../accounts/deliver-to";
import { listingBuyItNowOpen } from "../auction-rules/auction-rules";
import { type DeliveryRow, deliverySelect, optionForDest } from "../listings/listing-delivery";
import { lockListings } from "../listings/listing-locks";
import { requiredDeliverTo } from "../orders/order-destination";
import {
  expireAtProvider,
  payOrder,
  supersedeUnpaidCheckouts,
} from "../orders/unpaid-orders.service";
import {
  insertPaymentSession,
  type PaymentsDeps,
  startPaymentSession,
} from "../payments/payments.service";
import { isSoldOut } from "../stock/listing-stock";
import { reservedUnits } from "../stock/reservations";

/**
 * Where a buyer's items go: the territory the request names (the page's "Deliver to"), else the
 * account's, else unknown (null). A named territory that does not exist is a 400.
 */
async function buyerDeliverTo(
  db: PaymentsDeps["db"],
  buyerId: string | null,
  given: string | undefined,
): Promise<{ slug: string; name: string } | null> {
  const value = given ?? (buyerId ? await accountDeliverTo(db, buyerId) : null);
  return value ? resolveDeliverTo(db, value) : null;
}

export interface CheckoutDeps extends PaymentsDeps {
  taxRatePercent: number;
}

interface StockRow extends DeliveryRow {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  status: "active" | "ended" | "sold";
  /** Only a visible listing can be bought (held, removed, of a suspended seller: not). */
  moderation: string;
  /** Fixed price, or an auction still offering Buy It Now. */
  buyable: boolean;
  sellerId: string;
  priceCents: number;
  shippingCents: number;
  quantity: number;
  available: number;
  imageUrl: string | null;
}

/**
 * Reads the listings of a cart with their available stock (stock less what other buyers' open
 * checkouts hold; `buyerId`'s own are theirs); `lock` holds them for a checkout.
 */
export async function readStock(
  db: PaymentsDeps["db"],
  ids: string[],
  lock: boolean,
  buyerId: string | null = null,
): Promise<Map<string, StockRow>> {
  const idList = uuidList(ids);
  // The reservations read below then include every checkout that held the lock before us.
  if (lock) await lockListings(db, ids);
  const found = await rows<StockRow>(
    db,
    // An auction sells through checkout only by its Buy It Now price, and only while Buy It Now is
    // open (buyItNowOpen, the auction rules): then its price is that price.
    sql`select l.id, l.title, l.kind, l.status, l.moderation, l.seller_id as "sellerId",
          case when l.kind = 'auction' then coalesce(a.buy_it_now_price_cents, l.price_cents)
            else l.price_cents end as "priceCents",
          (l.kind = 'fixed_price' or ${listingBuyItNowOpen}) as "buyable",
          l.shipping_cents as "shippingCents", l.quantity,
          l.quantity - ${reservedUnits(sql`l.id`, buyerId)} as available,
          (select thumb_url from listing_images i where i.listing_id = l.id
           order by position limit 1) as "imageUrl", ${deliverySelect}
        from listings l join territories t on t.id = l.territory_id
          left join auction_settings a on a.listing_id = l.id
        where l.id in (${idList})`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/**
 * What a line's shipping costs to `deliverTo` (a territory slug or "world"), or null when the
 * seller does not ship there. No destination known (a visitor's cart, an account that never
 * chose): judged as within the item's territory, what every listing offered before issue 29.
 */
export function shippingTo(listing: StockRow, deliverTo: string | null): number | null {
  const option = optionForDest(listing, deliverTo ?? listing.originSlug);
  return option ? option.costCents : null;
}

/** The refusal of a listing that does not ship to the buyer's territory. */
export function doesNotShipMessage(deliverToName: string) {
  return `The seller does not ship this item to ${deliverToName}.`;
}

/** The spec's refusal for a line, or null when it can be bought. */
export function lineProblem(
  line: CartLineInput,
  listing: StockRow | undefined,
  buyerId: string | null,
  deliverTo: { slug: string; name: string } | null = null,
): CartLineState["problem"] {
  if (listing?.moderation !== "visible")
    return { code: ERROR_CODES.notFound, message: "This item is no longer available." };
  if (!listing.buyable)
    return {
      code: ERROR_CODES.notFixedPrice,
      message: "This item is not available for Buy It Now.",
    };
  if (listing.status !== "active" && !isSoldOut(listing))
    return { code: ERROR_CODES.notActive, message: "This item is no longer available." };
  if (buyerId && listing.sellerId === buyerId)
    return { code: ERROR_CODES.ownListing, message: "You cannot buy your own listing." };
  if (shippingTo(listing, deliverTo?.slug ?? null) === null)
    return {
      code: ERROR_CODES.doesNotShipThere,
      message: doesNotShipMessage(deliverTo?.name ?? "your territory"),
    };
  const available = Math.max(0, listing.available);
  // Stock left but all of it in other buyers' open checkouts: it returns if they do not pay.
  if (available === 0 && listing.quantity > 0)
    return { code: ERROR_CODES.stockReserved, message: RESERVED_OUT_MESSAGE };
  if (available === 0)
    return { code: ERROR_CODES.outOfStock, message: "Sorry, this item is out of stock." };
  if (line.quantity > available)
    return {
      code: ERROR_CODES.insufficientStock,
      message: `Sorry, only ${available} items available`,
    };
  return null;
}

/** Today's price, stock and any problem for each cart line, with totals of the good lines. */
export async function validateCart(
  deps: CheckoutDeps,
  buyerId: string | null,
  lines: CartLineInput[],
  deliverToInput?: string,
): Promise<CartValidation> {
  const deliverTo = await buyerDeliverTo(deps.db, buyerId, deliverToInput);
  const stock = await readStock(
    deps.db,
    lines.map((l) => l.listingId),
    false,
    buyerId,
  );
  const states: CartLineState[] = lines.map((line) => {
    const listing = stock.get(line.listingId);
    return {
      listingId: line.listingId,
      title: listing?.title ?? "Unavailable item",
      imageUrl: listing?.imageUrl ?? null,
      sellerId: listing?.sellerId ?? "",
      priceCents: listing?.priceCents ?? 0,
      shippingCents: listing ? (shippingTo(listing, deliverTo?.slug ?? null) ?? 0) : 0,
      quantity: line.quantity,
      available: listing ? Math.max(0, listing.available) : 0,
      problem: lineProblem(line, listing, buyerId, deliverTo),
    };
  });
  const good = states.filter((s) => s.problem === null);
  return {
    lines: states,
    totals: orderTotals(
      good.map((s) => ({
        unitPriceCents: s.priceCents,
        shippingCents: s.shippingCents,
        quantity: s.quantity,
      })),
      deps.taxRatePercent,
    ),
  };
}

/**
 * Checks out cart lines: in one transaction the listings are locked, every rule is checked with
 * prices from the database (never the request), and the order, its lines and the payment
 * session that reserves their stock are written. Then the provider opens its hosted page. It
 * must know where the order goes (the request's Deliver to, else the account's): 422
 * deliver_to_required otherwise, since the shipping charged depends on it.
 */
export async function checkoutLines(
  deps: CheckoutDeps,
  buyer: { id: string; email: string },
  lines: CartLineInput[],
  deliverToInput?: string,
): Promise<CheckoutResponse> {
  const deliverTo = await requiredDeliverTo(deps.db, buyer.id, deliverToInput);
  const created = await deps.db.transaction(async (tx) => {
    const ids = lines.map((l) => l.listingId);
    await lockListings(tx, ids);
    // Checking out again (say after the browser's Back button) replaces the buyer's unpaid
    // checkout of these items; every reservation left then counts against this one.
    const superseded = await supersedeUnpaidCheckouts(tx, buyer.id, ids);
    const stock = await readStock(tx, ids, false);
    const priced = lines.map((line) => {
      const listing = stock.get(line.listingId);
      const problem = lineProblem(line, listing, buyer.id, deliverTo);
      if (problem || !listing)
        throw ruleBroken(
          problem?.code ?? ERROR_CODES.notFound,
          problem?.message ?? "This item is no longer available.",
          { [line.listingId]: problem?.message ?? "" },
        );
      // The shipping charged is that of the group the delivery territory falls in.
      return {
        line,
        listing: { ...listing, shippingCents: shippingTo(listing, deliverTo.slug) ?? 0 },
      };
    });
    const totals = orderTotals(
      priced.map(({ line, listing }) => ({
        unitPriceCents: listing.priceCents,
        shippingCents: listing.shippingCents,
        quantity: line.quantity,
      })),
      deps.taxRatePercent,
    );
    const [order] = await rows<{ id: string }>(
      tx,
      sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents,
                              deliver_to)
          values (${buyer.id}, 'pending', 'checkout', ${totals.subtotalCents}, ${totals.shippingCents},
                  ${totals.taxCents}, ${totals.totalCents}, ${deliverTo.slug})
          returning id`,
    );
    if (!order) throw new Error("order insert returned nothing");
    for (const { line, listing } of priced) {
      await tx.execute(sql`
        insert into order_lines (order_id, listing_id, seller_id, title, image_url, unit_price_cents,
                                 shipping_cents, quantity)
        values (${order.id}, ${listing.id}, ${listing.sellerId}, ${listing.title}, ${listing.imageUrl},
                ${listing.priceCents}, ${listing.shippingCents}, ${line.quantity})`);
    }
    const session = await insertPaymentSession(
      tx,
      deps.provider.id,
      order.id,
      true,
      deps.checkoutExpiryMinutes,
    );
    return { orderId: order.id, session, totals, superseded };
  });
  await expireAtProvider(deps, created.superseded);
  return startPaymentSession(
    deps,
    {
      id: created.orderId,
      buyerId: buyer.id,
      buyerEmail: buyer.email,
      source: "checkout",
      status: "pending",
      ...created.totals,
    },
    {
      session: created.session,
      cancelUrl: `/cart?cancelled=${created.orderId}`,
    },
  );
}

/**
 * Pays for an order by id (an auction the buyer won, or a checkout not finished): its open
 * payment session is resumed, or a new one opened (see payOrder), once it says where it goes.
 */
export async function checkoutAuctionOrder(
  deps: CheckoutDeps,
  buyer: { id: string; email: string },
  orderId: string,
  deliverTo?: string,
): Promise<CheckoutResponse> {
  return payOrder(deps, buyer, orderId, deliverTo);
}
