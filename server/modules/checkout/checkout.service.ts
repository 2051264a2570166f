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
import { listingBuyItNowOpen } from "../auction-rules/auction-rules";
import { lockListings } from "../listings/listing-locks";
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

export interface CheckoutDeps extends PaymentsDeps {
  taxRatePercent: number;
}

interface StockRow {
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
           order by position limit 1) as "imageUrl"
        from listings l left join auction_settings a on a.listing_id = l.id
        where l.id in (${idList})`,
  );
  return new Map(found.map((r) => [r.id, r]));
}

/** The spec's refusal for a line, or null when it can be bought. */
export function lineProblem(
  line: CartLineInput,
  listing: StockRow | undefined,
  buyerId: string | null,
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
): Promise<CartValidation> {
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
      shippingCents: listing?.shippingCents ?? 0,
      quantity: line.quantity,
      available: listing ? Math.max(0, listing.available) : 0,
      problem: lineProblem(line, listing, buyerId),
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
 * session that reserves their stock are written. Then the provider opens its hosted page.
 */
export async function checkoutLines(
  deps: CheckoutDeps,
  buyer: { id: string; email: string },
  lines: CartLineInput[],
): Promise<CheckoutResponse> {
  const created = await deps.db.transaction(async (tx) => {
    const ids = lines.map((l) => l.listingId);
    await lockListings(tx, ids);
    // Checking out again (say after the browser's Back button) replaces the buyer's unpaid
    // checkout of these items; every reservation left then counts against this one.
    const superseded = await supersedeUnpaidCheckouts(tx, buyer.id, ids);
    const stock = await readStock(tx, ids, false);
    const priced = lines.map((line) => {
      const listing = stock.get(line.listingId);
      const problem = lineProblem(line, listing, buyer.id);
      if (problem || !listing)
        throw ruleBroken(
          problem?.code ?? ERROR_CODES.notFound,
          problem?.message ?? "This item is no longer available.",
          { [line.listingId]: problem?.message ?? "" },
        );
      return { line, listing };
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
      sql`insert into orders (buyer_id, status, source, subtotal_cents, shipping_cents, tax_cents, total_cents)
          values (${buyer.id}, 'pending', 'checkout', ${totals.subtotalCents}, ${totals.shippingCents},
                  ${totals.taxCents}, ${totals.totalCents})
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
 * payment session is resumed, or a new one opened (see payOrder).
 */
export async function checkoutAuctionOrder(
  deps: CheckoutDeps,
  buyer: { id: string; email: string },
  orderId: string,
): Promise<CheckoutResponse> {
  return payOrder(deps, buyer, orderId);
}
