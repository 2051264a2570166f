import { sql } from "drizzle-orm";
import { finalValueFeeCents, insertionFeeCents } from "../../../core/fees";
import { NEW_SELLER_COMPLETED_SALES, releaseDate, splitProportionally } from "../../../core/ledger";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";
import { notify } from "../notifications/notifications.service";
import { type Entry, lockSellerMoney, postJournal } from "./journal";

// The money rules of a sale, each posted in the transaction of the event that causes it:
//   paid       the buyer's payment lands at the provider; each seller's part, less its final value
//              fee, waits in their pending balance; the tax waits for remittance.
//   shipped /  the part's release date is set: the earlier of delivery confirmed + 3 days and
//   received   shipped with tracking + 7 days (14 days for a seller with few completed sales).
//   released   the release job moves what is left of the part from pending to available (on hold
//              while an admin holds the seller's payouts).
//   refunded   the money owed back to the buyer comes from the part still pending, then from
//              available, which may go negative and is made good by the next sales; the final
//              value fee comes back in proportion.
//   listed     the insertion fee, past the free listings of the month, comes from available.

/** One seller's part of a paid order. */
interface Part {
  sellerId: string;
  saleCents: number;
  subtotalCents: number;
  feeCents: number;
}

const sellerSaleSource = (orderId: string, sellerId: string) => ({
  kind: "seller_sale",
  id: `${orderId}:${sellerId}`,
});

/**
 * The buyer's payment of a paid order, posted in the transaction that marks it paid; a second call
 * for the same order posts nothing. Each seller's fee is charged per line, on item plus shipping,
 * by the function the fee pages and the calculator show (core/fees.ts).
 */
export async function postOrderPaid(tx: Db, orderId: string, now: Date): Promise<boolean> {
  const [order] = await rows<{ totalCents: number; taxCents: number }>(
    tx,
    sql`select total_cents as "totalCents", tax_cents as "taxCents" from orders where id = ${orderId}`,
  );
  if (!order) throw new Error(`no order ${orderId} to post`);
  const lines = await rows<{
    sellerId: string;
    unitPriceCents: number;
    quantity: number;
    shippingCents: number;
  }>(
    tx,
    sql`select seller_id as "sellerId", unit_price_cents as "unitPriceCents", quantity,
          shipping_cents as "shippingCents"
        from order_lines where order_id = ${orderId} order by seller_id, id`,
  );
  const parts = new Map<string, Part>();
  for (const line of lines) {
    const item = line.unitPriceCents * line.quantity;
    const part = parts.get(line.sellerId) ?? {
      sellerId: line.sellerId,
      saleCents: 0,
      subtotalCents: 0,
      feeCents: 0,
    };
    part.saleCents += item + line.shippingCents;
    part.subtotalCents += item;
    part.feeCents += finalValueFeeCents(item + line.shippingCents);
    parts.set(line.sellerId, part);
  }
  const sellers = [...parts.values()];
  // Tax is on the subtotal only (core/cart.ts); each part's share, in whole cents summing exactly.
  const taxShares = splitProportionally(
    order.taxCents,
    sellers.map((p) => p.subtotalCents),
  );
  const entries: Entry[] = [
    { account: "provider_clearing", amountCents: -order.totalCents, kind: "sale" },
    { account: "tax_payable", amountCents: order.taxCents, kind: "sale" },
  ];
  for (const part of sellers) {
    entries.push(
      {
        account: "seller_pending",
        sellerId: part.sellerId,
        amountCents: part.saleCents,
        kind: "sale",
      },
      {
        account: "seller_pending",
        sellerId: part.sellerId,
        amountCents: -part.feeCents,
        kind: "fee",
      },
      { account: "fee_revenue_final_value", amountCents: part.feeCents, kind: "fee" },
    );
  }
  // Whatever differs between the lines and the order's total (none today) is the platform's to
  // explain, not a seller's: the journal would not balance and is refused.
  const posted = await postJournal(tx, {
    source: { kind: "order", id: orderId },
    purpose: "sale",
    orderId,
    occurredAt: now,
    entries,
  });
  if (!posted) return false;
  for (const [index, part] of sellers.entries()) {
    const [history] = await rows<{ completed: number }>(
      tx,
      sql`select count(*)::int as completed from shipments
          where seller_id = ${part.sellerId} and received_at is not null`,
    );
    await tx.execute(sql`
      insert into seller_sales (order_id, seller_id, sale_cents, tax_cents, fee_cents, new_seller, paid_at)
      values (${orderId}, ${part.sellerId}, ${part.saleCents}, ${taxShares[index] ?? 0},
              ${part.feeCents}, ${(history?.completed ?? 0) < NEW_SELLER_COMPLETED_SALES},
              ${now.toISOString()})
      on conflict do nothing`);
  }
  await askToOnboard(
    tx,
    sellers.map((p) => p.sellerId),
  );
  return true;
}

/**
 * A seller's first paid sale while they have not set up payouts: they are told once that the
 * money waits for them to finish (the notification itself is the "once": it is never sent again).
 */
async function askToOnboard(tx: Db, sellerIds: string[]): Promise<void> {
  if (sellerIds.length === 0) return;
  const waiting = await rows<{ id: string }>(
    tx,
    sql`select u.id from users u
        where u.id in (${sql.join(
          sellerIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and not exists (select 1 from payout_accounts a
                          where a.seller_id = u.id and a.status = 'enabled')
          and not exists (select 1 from notifications n
                          where n.user_id = u.id and n.kind = 'onboarding_needed')`,
  );
  await notify(
    tx,
    waiting.map((s) => ({
      userId: s.id,
      kind: "onboarding_needed" as const,
      message: notificationText("onboarding_needed", {}),
      link: "/my/payments",
    })),
  );
}

/**
 * Sets a sale's release date after it shipped or its delivery was confirmed: the earlier rule wins,
 * and a date already set is only ever brought forward.
 */
export async function scheduleRelease(
  tx: Db,
  orderId: string,
  sellerId: string,
  event: { shippedWithTrackingAt?: Date; deliveredAt?: Date },
): Promise<void> {
  const [sale] = await rows<{ newSeller: boolean }>(
    tx,
    sql`select new_seller as "newSeller" from seller_sales
        where order_id = ${orderId} and seller_id = ${sellerId} and released_at is null for update`,
  );
  if (!sale) return;
  const at = releaseDate({
    newSeller: sale.newSeller,
    shippedWithTrackingAt: event.shippedWithTrackingAt ?? null,
    deliveredAt: event.deliveredAt ?? null,
  });
  if (!at) return;
  await tx.execute(sql`update seller_sales
    set release_at = least(coalesce(release_at, ${at.toISOString()}), ${at.toISOString()})
    where order_id = ${orderId} and seller_id = ${sellerId}`);
}

/** What is left in pending of one seller's part of one order (its sale, less fees and refunds). */
async function pendingOfSale(tx: Db, orderId: string, sellerId: string): Promise<number> {
  const [row] = await rows<{ total: string | number | null }>(
    tx,
    sql`select sum(e.amount_cents) as total from ledger_entries e
        join ledger_journals j on j.id = e.journal_id
        where j.order_id = ${orderId} and e.seller_id = ${sellerId}
          and e.account = 'seller_pending'`,
  );
  return Number(row?.total ?? 0);
}

/** Whether an admin holds this seller's payouts: released money then waits on hold. */
async function payoutsHeld(tx: Db, sellerId: string): Promise<boolean> {
  const [row] = await rows<{ held: boolean }>(
    tx,
    sql`select held_at is not null as held from payout_accounts where seller_id = ${sellerId}`,
  );
  return row?.held ?? false;
}

/** At most this many sales per run of the release job. */
const RELEASE_BATCH = 500;

/**
 * The release job: every sale whose release date has come moves what is left of it from pending
 * to available (or on hold), each in its own transaction. Safe on every instance at once (SKIP
 * LOCKED) and after a crash (the journal is once per sale). Answers how many it released.
 */
export async function releaseDueFunds(db: Db, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await rows<{ orderId: string; sellerId: string }>(
        tx,
        sql`select order_id as "orderId", seller_id as "sellerId" from seller_sales
            where released_at is null and release_at <= ${now.toISOString()}
            order by release_at limit 1 for update skip locked`,
      );
      if (!due) return false;
      await releaseSale(tx, due.orderId, due.sellerId, now);
      return true;
    });
    if (!done) break;
    released += 1;
    if (released >= RELEASE_BATCH) break;
  }
  return released;
}

async function releaseSale(tx: Db, orderId: string, sellerId: string, now: Date): Promise<void> {
  await lockSellerMoney(tx, sellerId);
  const left = await pendingOfSale(tx, orderId, sellerId);
  const to = (await payoutsHeld(tx, sellerId)) ? "seller_on_hold" : "seller_available";
  await postJournal(tx, {
    source: sellerSaleSource(orderId, sellerId),
    purpose: "release",
    orderId,
    occurredAt: now,
    entries: [
      { account: "seller_pending", sellerId, amountCents: -left, kind: "release" },
      { account: to, sellerId, amountCents: left, kind: "release" },
    ],
  });
  await tx.execute(sql`update seller_sales set released_at = ${now.toISOString()}
    where order_id = ${orderId} and seller_id = ${sellerId}`);
}

/**
 * A refund recorded for an order (recordRefund, in its transaction): the buyer is owed it at once,
 * whatever the provider does later. A refund of one seller's part is that seller's; a refund of
 * the whole order is shared among its sellers by what each part cost the buyer. For each part, the
 * share of tax comes back from tax payable, and the rest from the seller, with the final value fee
 * returned in proportion to the sale refunded so far (so several partial refunds never return more
 * fee than was charged). The seller's money comes from the part still pending first (it was never
 * theirs to spend), then from available, which may go negative.
 */
export async function postRefundRecorded(
  tx: Db,
  refund: { id: string; orderId: string; sellerId: string | null; amountCents: number },
  now: Date,
): Promise<boolean> {
  const sales = await rows<{
    sellerId: string;
    saleCents: number;
    taxCents: number;
    feeCents: number;
  }>(
    tx,
    sql`select seller_id as "sellerId", sale_cents as "saleCents", tax_cents as "taxCents",
          fee_cents as "feeCents"
        from seller_sales where order_id = ${refund.orderId} order by seller_id`,
  );
  // An order paid before the ledger existed, or one that could not be filled (never a sale), has
  // no parts: the refund is the platform's own, from the money it holds.
  if (sales.length === 0) {
    return postJournal(tx, {
      source: { kind: "refund", id: refund.id },
      purpose: "refund",
      orderId: refund.orderId,
      occurredAt: now,
      entries: [
        { account: "provider_clearing", amountCents: -refund.amountCents, kind: "refund" },
        { account: "refunds_payable", amountCents: refund.amountCents, kind: "refund" },
      ],
    });
  }
  const parts = sales;
  // Every seller's money is locked, in one order, before any is read: the split depends on what
  // earlier refunds left of each part.
  for (const part of parts) await lockSellerMoney(tx, part.sellerId);
  const earlier: Awaited<ReturnType<typeof refundedOfSale>>[] = [];
  for (const part of parts) earlier.push(await refundedOfSale(tx, refund.orderId, part.sellerId));
  const own = refund.sellerId ? parts.findIndex((p) => p.sellerId === refund.sellerId) : -1;
  const shares = refundShares(
    refund.amountCents,
    parts.map((p, i) => Math.max(0, p.saleCents + p.taxCents - (earlier[i]?.totalCents ?? 0))),
    own >= 0 ? own : null,
  );
  let posted = false;
  for (const [index, part] of parts.entries()) {
    const share = shares[index] ?? 0;
    if (share === 0) continue;
    const before = earlier[index] ?? { totalCents: 0, taxCents: 0, saleCents: 0, feeCents: 0 };
    const whole = part.saleCents + part.taxCents;
    // Split by what has been refunded of this part in all, so rounding never drifts over several
    // partial refunds: the tax and the fee come back exactly in full with the last cent.
    const refundedAfter = Math.min(whole, before.totalCents + share);
    const taxAfter = whole > 0 ? Math.round((part.taxCents * refundedAfter) / whole) : 0;
    const taxShare = Math.min(share, Math.max(0, taxAfter - before.taxCents));
    const saleShare = share - taxShare;
    const saleAfter = Math.min(part.saleCents, before.saleCents + saleShare);
    const feeAfter =
      part.saleCents > 0 ? Math.round((part.feeCents * saleAfter) / part.saleCents) : 0;
    const feeBack = Math.max(0, Math.min(part.feeCents, feeAfter) - before.feeCents);
    const fromSeller = saleShare - feeBack;
    const pendingLeft = Math.max(0, await pendingOfSale(tx, refund.orderId, part.sellerId));
    const fromPending = Math.max(0, Math.min(fromSeller, pendingLeft));
    const sellerId = part.sellerId;
    // One journal per seller's part, so each part's tax and fee given back can be read again.
    const done = await postJournal(tx, {
      source: { kind: "refund", id: refund.id },
      purpose: `refund:${sellerId}`,
      orderId: refund.orderId,
      occurredAt: now,
      entries: [
        { account: "refunds_payable", amountCents: share, kind: "refund" },
        { account: "tax_payable", amountCents: -taxShare, kind: "refund" },
        { account: "fee_revenue_final_value", amountCents: -feeBack, kind: "fee" },
        { account: "seller_pending", sellerId, amountCents: -fromPending, kind: "refund" },
        {
          account: "seller_available",
          sellerId,
          amountCents: -(fromSeller - fromPending),
          kind: "refund",
        },
      ],
    });
    posted = posted || done;
  }
  return posted;
}

/**
 * The provider sent a refund back to the buyer's card: what was owed leaves the money the
 * platform holds. A refund the provider refused for good stays owed (a person sends it by hand).
 */
export async function postRefundSent(
  tx: Db,
  refund: { id: string; orderId: string; amountCents: number },
  now: Date,
): Promise<boolean> {
  return postJournal(tx, {
    source: { kind: "refund", id: refund.id },
    purpose: "sent",
    orderId: refund.orderId,
    occurredAt: now,
    entries: [
      { account: "refunds_payable", amountCents: -refund.amountCents, kind: "refund" },
      { account: "provider_clearing", amountCents: refund.amountCents, kind: "refund" },
    ],
  });
}

/**
 * How a refund is shared among an order's parts, given what is still unrefunded of each: a refund
 * of one seller's part (`own`) comes from that part up to what is left of it, and a whole-order
 * refund (or what a part's refund asks beyond its part, after an earlier whole-order refund took
 * some of it) from every part in proportion to what is left of it. No part ever gives back more
 * than the buyer paid for it; recordRefund never asks for more than the whole order has left.
 */
export function refundShares(
  amount: number,
  left: readonly number[],
  own: number | null,
): number[] {
  const shares = left.map(() => 0);
  let rest = amount;
  if (own !== null) {
    shares[own] = Math.min(rest, left[own] ?? 0);
    rest -= shares[own] ?? 0;
  }
  if (rest <= 0) return shares;
  const open = left.map((l, i) => Math.max(0, l - (shares[i] ?? 0)));
  if (open.reduce((a, b) => a + b, 0) < rest)
    throw new Error(`a refund of ${amount} is more than is left of the order's parts`);
  const spread = splitProportionally(rest, open);
  return shares.map((s, i) => s + (spread[i] ?? 0));
}

/**
 * What earlier refunds took from one seller's part of an order, read from their journals: in all
 * (what the buyer is owed), of it the tax, the sale, and the final value fee given back.
 */
async function refundedOfSale(
  tx: Db,
  orderId: string,
  sellerId: string,
): Promise<{ totalCents: number; taxCents: number; saleCents: number; feeCents: number }> {
  const [row] = await rows<{
    total: string | number | null;
    tax: string | number | null;
    fee: string | number | null;
  }>(
    tx,
    sql`select
          sum(e.amount_cents) filter (where e.account = 'refunds_payable') as total,
          -sum(e.amount_cents) filter (where e.account = 'tax_payable') as tax,
          -sum(e.amount_cents) filter (where e.account = 'fee_revenue_final_value') as fee
        from ledger_entries e join ledger_journals j on j.id = e.journal_id
        where j.order_id = ${orderId} and j.source_kind = 'refund'
          and j.purpose = ${`refund:${sellerId}`}`,
  );
  const totalCents = Number(row?.total ?? 0);
  const taxCents = Number(row?.tax ?? 0);
  return {
    totalCents,
    taxCents,
    saleCents: totalCents - taxCents,
    feeCents: Number(row?.fee ?? 0),
  };
}

/**
 * The insertion fee of a listing that just went live, past the seller's free listings of its
 * calendar month: taken from available, which may go negative. Posted once per listing (dated by
 * the money clock); answers the fee charged.
 */
export async function chargeInsertionFee(
  tx: Db,
  listing: { id: string; sellerId: string },
  now: Date,
): Promise<number> {
  // The month is the listing's own (the database's clock), as the calculator counts them.
  const [earlier] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from listings l, listings this
        where this.id = ${listing.id} and l.seller_id = this.seller_id and l.id <> this.id
          and l.created_at >= date_trunc('month', this.created_at)
          and l.created_at <= this.created_at`,
  );
  const fee = insertionFeeCents(earlier?.n ?? 0);
  if (fee === 0) return 0;
  await lockSellerMoney(tx, listing.sellerId);
  const posted = await postJournal(tx, {
    source: { kind: "listing", id: listing.id },
    purpose: "insertion_fee",
    occurredAt: now,
    entries: [
      { account: "seller_available", sellerId: listing.sellerId, amountCents: -fee, kind: "fee" },
      { account: "fee_revenue_insertion", amountCents: fee, kind: "fee" },
    ],
  });
  return posted ? fee : 0;
}

/**
 * A listing upgrade's fee (core/fees.ts), taken from available, which may go negative, as the
 * insertion fee is: journal (`listing`, id, `upgrade:<upgrade>`), so it posts once per listing and
 * upgrade. Answers whether it was posted now.
 */
export async function chargeUpgradeFee(
  tx: Db,
  listing: { id: string; sellerId: string },
  upgrade: { id: string; cents: number },
  now: Date,
): Promise<boolean> {
  await lockSellerMoney(tx, listing.sellerId);
  return postJournal(tx, {
    source: { kind: "listing", id: listing.id },
    purpose: upgradePurpose(upgrade.id),
    occurredAt: now,
    entries: [
      {
        account: "seller_available",
        sellerId: listing.sellerId,
        amountCents: -upgrade.cents,
        kind: "fee",
      },
      { account: "fee_revenue_upgrades", amountCents: upgrade.cents, kind: "fee" },
    ],
  });
}

/** The ledger purpose of an upgrade's fee. */
export const upgradePurpose = (upgrade: string) => `upgrade:${upgrade}`;

/** The ledger source and purpose of an expedited dispute's fee: one per after-sale request. */
export const expediteFeeJournal = (requestId: string) => ({
  source: { kind: "after_sale_request", id: requestId },
  purpose: "expedite",
});

/**
 * The fee of an expedited dispute review (core/fees.ts DISPUTE_FEES_CENTS), paid by the seller who
 * asked for it: taken from available, which may go negative, as the listing fees are. Journal
 * (`after_sale_request`, id, `expedite`) on the case's order, so it posts once per case however
 * often or concurrently it is asked. Answers whether it was posted now.
 */
export async function chargeExpediteFee(
  tx: Db,
  request: { id: string; orderId: string; sellerId: string },
  cents: number,
  now: Date,
): Promise<boolean> {
  await lockSellerMoney(tx, request.sellerId);
  return postJournal(tx, {
    ...expediteFeeJournal(request.id),
    orderId: request.orderId,
    occurredAt: now,
    entries: [
      { account: "seller_available", sellerId: request.sellerId, amountCents: -cents, kind: "fee" },
      { account: "fee_revenue_disputes", amountCents: cents, kind: "fee" },
    ],
  });
}
