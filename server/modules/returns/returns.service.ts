import { type SQL, sql } from "drizzle-orm";
import { partRefundCents } from "../../../core/cancellation";
import { carrierName, findCarrier, trackingUrl } from "../../../core/carriers";
import { orderNumber } from "../../../core/cart";
import type {
  AfterSaleRequest,
  CaseDecisionInput,
  CaseDetails,
  OpenNotReceivedInput,
  OrderReturns,
  ReturnsList,
  SellerAnswer,
  ShipBackInput,
} from "../../../core/contracts/returns";
import { normalizeTrackingNumber } from "../../../core/contracts/shipping";
import { deliveryWindow } from "../../../core/delivery";
import { ERROR_CODES } from "../../../core/errors";
import { DISPUTE_FEES_CENTS } from "../../../core/fees";
import { formatMoney } from "../../../core/money";
import { type NotificationKind, notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import {
  allowedReturnReasons,
  answerDueAt,
  mayEscalate,
  notReceivedOpensAt,
  RETURN_REASON_LABELS,
  type RequestStatus,
  type ReturnReason,
  returnDeadline,
  returnShippingPaidBy,
  sellerMayDecline,
} from "../../../core/returns";
import { systemClock } from "../../clock";
import type { Db } from "../../db/client";
import { isoTime, rows, uuidList } from "../../db/rows";
import { badRequest, conflict, notFound, ruleBroken } from "../../errors";
import {
  lockRefundable,
  type RefundDeps,
  recordRefund,
  sendRefund,
} from "../cancellations/refunds.service";
import { chargeExpediteFee } from "../ledger/seller-funds";
import { optionForDest, readDeliveries } from "../listings/listing-delivery";
import { notify } from "../notifications/notifications.service";
import { assertBuyerOf, orderViewer } from "../order-access/order-access.policy";
import { recordAdminAction } from "../staff/audit-log";
import type { Staff } from "../staff/staff.policy";
import { assertParty, type Party } from "./returns.policy";

/*
 * Two times, on purpose: the rules (windows, the seller's 3 business days, when a parcel counts as
 * missing) read the injected clock, which tests and the end-to-end server move; each step's own
 * moment is the database's now(), as shipments' and refunds' are, so the order's timeline keeps
 * its events in the order they happened.
 */
const nowOf = (deps: { clock?: RefundDeps["clock"] }) => (deps.clock ?? systemClock).now();

interface RequestRow {
  id: string;
  orderId: string;
  kind: AfterSaleRequest["kind"];
  reason: ReturnReason | null;
  details: string;
  photos: AfterSaleRequest["photos"] | string;
  status: RequestStatus;
  sellerId: string;
  seller: string;
  buyerId: string;
  buyer: string;
  items: AfterSaleRequest["items"] | string;
  dueAt: Date | string | null;
  answer: AfterSaleRequest["answer"];
  answerNote: string | null;
  answeredAt: Date | string | null;
  returnAddress: string | null;
  returnShippingPaidBy: AfterSaleRequest["returnShippingPaidBy"];
  offerCents: number | null;
  carrier: string | null;
  trackingNumber: string | null;
  shippedBackAt: Date | string | null;
  escalatedAt: Date | string | null;
  expedited: boolean;
  expeditedFeeCents: number | null;
  decision: AfterSaleRequest["decision"];
  decisionCents: number | null;
  decisionReason: string | null;
  decidedAt: Date | string | null;
  refundCents: number | null;
  refundStatus: "pending" | "succeeded" | "failed" | null;
  createdAt: Date | string;
  partSubtotalCents: number;
  partShippingCents: number;
  partCount: number;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  orderRefundedCents: number;
  partRefundedCents: number;
}

/** Every request field a response needs, with its part's and order's money (over `a`). */
const REQUEST_SELECT = sql`select a.id, a.order_id as "orderId", a.kind, a.reason, a.details, a.photos,
    a.status, a.seller_id as "sellerId", s.username as seller, a.buyer_id as "buyerId",
    b.username as buyer,
    (select json_agg(json_build_object('title', ol.title, 'quantity', ol.quantity) order by ol.id)
      from order_lines ol where ol.order_id = a.order_id and ol.seller_id = a.seller_id) as items,
    a.due_at as "dueAt", a.answer, a.answer_note as "answerNote", a.answered_at as "answeredAt",
    a.return_address as "returnAddress", a.return_shipping_paid_by as "returnShippingPaidBy",
    a.offer_cents as "offerCents", a.carrier, a.tracking_number as "trackingNumber",
    a.shipped_back_at as "shippedBackAt", a.escalated_at as "escalatedAt", a.expedited,
    a.expedited_fee_cents as "expeditedFeeCents", a.decision, a.decision_cents as "decisionCents",
    a.decision_reason as "decisionReason", a.decided_at as "decidedAt",
    r.amount_cents as "refundCents", r.status as "refundStatus", a.created_at as "createdAt",
    (select coalesce(sum(ol.unit_price_cents * ol.quantity), 0)::int from order_lines ol
      where ol.order_id = a.order_id and ol.seller_id = a.seller_id) as "partSubtotalCents",
    (select coalesce(sum(ol.shipping_cents), 0)::int from order_lines ol
      where ol.order_id = a.order_id and ol.seller_id = a.seller_id) as "partShippingCents",
    (select count(distinct ol.seller_id)::int from order_lines ol where ol.order_id = a.order_id)
      as "partCount",
    o.subtotal_cents as "subtotalCents", o.tax_cents as "taxCents", o.total_cents as "totalCents",
    (select coalesce(sum(x.amount_cents), 0)::int from refunds x
      where x.order_id = a.order_id and x.status <> 'failed') as "orderRefundedCents",
    (select coalesce(sum(x.amount_cents), 0)::int from refunds x
      where x.order_id = a.order_id and x.status <> 'failed'
        and (x.seller_id = a.seller_id or x.seller_id is null)) as "partRefundedCents"
  from after_sale_requests a join orders o on o.id = a.order_id
  join users s on s.id = a.seller_id join users b on b.id = a.buyer_id
  left join refunds r on r.id = a.refund_id`;

/**
 * What a full refund of the request's part sends back now: its items, shipping and tax share
 * (the whole rest for a one-seller order), less what earlier refunds of the part (or the whole
 * order) sent, never more than is left of the order.
 */
function refundableOf(r: RequestRow): number {
  const left = r.totalCents - r.orderRefundedCents;
  const full = partRefundCents({
    partSubtotalCents: r.partSubtotalCents,
    partShippingCents: r.partShippingCents,
    order: r,
    refundedCents: 0,
    lastPart: r.partCount === 1,
  });
  return Math.max(0, Math.min(left, full - r.partRefundedCents));
}

const json = <T>(value: T | string): T => (typeof value === "string" ? JSON.parse(value) : value);
const time = (value: Date | string | null) => (value ? isoTime(value) : null);

function toRequest(r: RequestRow, viewer: Party | "staff", now: Date): AfterSaleRequest {
  return {
    id: r.id,
    orderId: r.orderId,
    number: orderNumber(r.orderId),
    kind: r.kind,
    reason: r.reason,
    details: r.details,
    photos: json(r.photos),
    status: r.status,
    seller: { id: r.sellerId, username: r.seller },
    buyer: { id: r.buyerId, username: r.buyer },
    items: json(r.items) ?? [],
    refundableCents: refundableOf(r),
    dueAt: time(r.dueAt),
    answer: r.answer,
    answerNote: r.answerNote,
    answeredAt: time(r.answeredAt),
    returnAddress: r.returnAddress,
    returnShippingPaidBy: r.returnShippingPaidBy,
    offerCents: r.offerCents,
    carrierName: r.carrier ? carrierName(r.carrier) : null,
    trackingNumber: r.trackingNumber,
    trackingUrl: r.carrier && r.trackingNumber ? trackingUrl(r.carrier, r.trackingNumber) : null,
    shippedBackAt: time(r.shippedBackAt),
    escalatedAt: time(r.escalatedAt),
    expedited: r.expedited,
    expeditedFeeCents: r.expeditedFeeCents,
    decision: r.decision,
    decisionCents: r.decisionCents,
    decisionReason: r.decisionReason,
    decidedAt: time(r.decidedAt),
    refund:
      r.refundCents !== null && r.refundStatus
        ? { amountCents: r.refundCents, status: r.refundStatus }
        : null,
    createdAt: isoTime(r.createdAt),
    canEscalate:
      viewer === "buyer" &&
      mayEscalate({ status: r.status, dueAt: r.dueAt ? new Date(r.dueAt) : null }, now),
  };
}

async function loadRequests(db: Db, where: SQL, limit = 100): Promise<RequestRow[]> {
  return rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} where ${where} order by a.created_at desc limit ${limit}`,
  );
}

/** The buyer's order under its row lock, with the seller's part's shipment: where every open starts. */
async function lockPart(tx: Db, buyerId: string, orderId: string, sellerIdIn: string | undefined) {
  const [order] = await rows<{
    buyerId: string;
    buyer: string;
    status: string;
    paidAt: Date | string | null;
    deliverTo: string | null;
  }>(
    tx,
    sql`select o.buyer_id as "buyerId", u.username as buyer, o.status::text as status,
          o.paid_at as "paidAt", o.deliver_to as "deliverTo"
        from orders o join users u on u.id = o.buyer_id where o.id = ${orderId} for update of o`,
  );
  assertBuyerOf(order, buyerId);
  const sellers = (
    await rows<{ sellerId: string }>(
      tx,
      sql`select distinct seller_id as "sellerId" from order_lines where order_id = ${orderId}`,
    )
  ).map((s) => s.sellerId);
  const sellerId = sellerIdIn ?? (sellers.length === 1 ? sellers[0] : undefined);
  if (!sellerId)
    throw badRequest("Choose which seller's items this is about.", {
      sellerId: "Choose which seller's items this is about.",
    });
  if (!sellers.includes(sellerId))
    throw ruleBroken(ERROR_CODES.returnNotAllowed, "That seller has nothing in this order.");
  const [shipment] = await rows<{
    method: string;
    shippedAt: Date | string;
    receivedAt: Date | string | null;
  }>(
    tx,
    sql`select method, shipped_at as "shippedAt", received_at as "receivedAt" from shipments
        where order_id = ${orderId} and seller_id = ${sellerId}`,
  );
  // One request per part: an open one holds it (the partial unique index holds that too), and a
  // refunded or decided one has settled it; a second would ask for the same money twice.
  const [earlier] = await rows<{ open: boolean | null }>(
    tx,
    sql`select bool_or(status not in ('refunded', 'closed')) as open
        from after_sale_requests where order_id = ${orderId} and seller_id = ${sellerId}`,
  );
  if (earlier?.open)
    throw conflict(
      "You already have an open return or request about this order.",
      ERROR_CODES.requestExists,
    );
  // bool_or over no rows is null: only a part with requests, none open, reads false.
  if (earlier?.open === false)
    throw conflict(
      "A return or request about these items was already settled.",
      ERROR_CODES.requestExists,
    );
  return { order, sellerId, shipment };
}

/** The latest estimated delivery date of a part: the latest of its lines' windows from payment. */
async function latestEstimate(
  db: Db,
  orderId: string,
  sellerId: string,
  paidAt: Date | string | null,
  deliverTo: string | null,
): Promise<string | null> {
  if (!paidAt || !deliverTo) return null;
  const lines = await rows<{ listingId: string }>(
    db,
    sql`select distinct listing_id as "listingId" from order_lines
        where order_id = ${orderId} and seller_id = ${sellerId}`,
  );
  const deliveries = await readDeliveries(
    db,
    lines.map((l) => l.listingId),
  );
  let latest: string | null = null;
  for (const row of deliveries.values()) {
    const option = optionForDest(row, deliverTo);
    if (!option) continue;
    const window = deliveryWindow(
      new Date(paidAt),
      Number(row.handlingDays),
      option.service,
      row.originSlug,
      deliverTo,
    );
    if (latest === null || window.latest > latest) latest = window.latest;
  }
  return latest;
}

const notice = (userId: string, orderId: string, kind: NotificationKind, message: string) => ({
  userId,
  kind,
  message,
  link: orderLink(orderId),
  orderId,
});

/**
 * The buyer opens a return of one seller's delivered part: a reason the listing's return policy
 * allows, within its window from delivery, with their words and photos (their own uploads). The
 * seller is told and has 3 business days to answer.
 */
export async function openReturn(
  deps: RefundDeps,
  buyerId: string,
  orderId: string,
  input: { sellerId?: string; reason: ReturnReason; details: string; photoIds: string[] },
): Promise<{ id: string }> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const { order, sellerId, shipment } = await lockPart(tx, buyerId, orderId, input.sellerId);
    if (!shipment?.receivedAt)
      throw ruleBroken(
        ERROR_CODES.returnNotAllowed,
        "A return can be opened once the item has arrived. Mark it received, or tell the seller it has not arrived.",
      );
    // The shortest policy among the part's listings is the one the buyer agreed to for all of it.
    const [policy] = await rows<{ days: number }>(
      tx,
      sql`select coalesce(min(l.return_policy_days), 0)::int as days from order_lines ol
          join listings l on l.id = ol.listing_id
          where ol.order_id = ${orderId} and ol.seller_id = ${sellerId}`,
    );
    const days = policy?.days ?? 0;
    if (!allowedReturnReasons(days).includes(input.reason))
      throw ruleBroken(
        ERROR_CODES.returnNotAllowed,
        "This seller does not accept returns for that reason.",
        { reason: "This seller does not accept returns for that reason." },
      );
    const deadline = returnDeadline(input.reason, days, new Date(shipment.receivedAt));
    if (!deadline || now.getTime() > deadline.getTime())
      throw ruleBroken(ERROR_CODES.returnNotAllowed, "The return window for this item has closed.");
    const photos =
      input.photoIds.length === 0
        ? []
        : await rows<{ url: string; thumbUrl: string }>(
            tx,
            sql`select url, thumb_url as "thumbUrl" from uploads
                where owner_id = ${buyerId} and id in (${uuidList(input.photoIds)})`,
          );
    if (photos.length !== new Set(input.photoIds).size)
      throw badRequest("A photo could not be found. Upload it again.", {
        photoIds: "A photo could not be found. Upload it again.",
      });
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into after_sale_requests
            (order_id, seller_id, buyer_id, kind, reason, details, photos, due_at, created_at)
          values (${orderId}, ${sellerId}, ${buyerId}, 'return', ${input.reason}, ${input.details},
            ${JSON.stringify(photos)}::jsonb, ${answerDueAt(now)}, now())
          returning id`,
    );
    await notify(tx, [
      notice(
        sellerId,
        orderId,
        "return_requested",
        notificationText("return_requested", {
          buyer: order.buyer,
          number: orderNumber(orderId),
          notReceived: false,
          reason: RETURN_REASON_LABELS[input.reason],
        }),
      ),
    ]);
    return { id: (row as { id: string }).id };
  });
}

/**
 * The buyer says one seller's shipped part has not arrived: after its latest estimated delivery
 * date, or 10 business days after shipment when there is none. The seller is told.
 */
export async function openNotReceived(
  deps: RefundDeps,
  buyerId: string,
  orderId: string,
  input: OpenNotReceivedInput,
): Promise<{ id: string }> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const { order, sellerId, shipment } = await lockPart(tx, buyerId, orderId, input.sellerId);
    if (shipment?.method !== "shipped")
      throw ruleBroken(
        ERROR_CODES.notReceivedNotAllowed,
        "This part of the order has not shipped yet. You can ask the seller to cancel instead.",
      );
    if (shipment.receivedAt)
      throw ruleBroken(
        ERROR_CODES.notReceivedNotAllowed,
        "You marked this item received. Open a return if something is wrong with it.",
      );
    const estimate = await latestEstimate(tx, orderId, sellerId, order.paidAt, order.deliverTo);
    const opensAt = notReceivedOpensAt(new Date(shipment.shippedAt), estimate);
    if (now.getTime() < opensAt.getTime())
      throw ruleBroken(
        ERROR_CODES.notReceivedNotAllowed,
        `The parcel may still be on its way. You can report it missing from ${opensAt.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}.`,
      );
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into after_sale_requests (order_id, seller_id, buyer_id, kind, details, due_at, created_at)
          values (${orderId}, ${sellerId}, ${buyerId}, 'not_received', ${input.details},
            ${answerDueAt(now)}, now())
          returning id`,
    );
    await notify(tx, [
      notice(
        sellerId,
        orderId,
        "return_requested",
        notificationText("return_requested", {
          buyer: order.buyer,
          number: orderNumber(orderId),
          notReceived: true,
        }),
      ),
    ]);
    return { id: (row as { id: string }).id };
  });
}

/** The request under its row lock (and its order's: refunds read the order's), for its `party` only. */
async function lockRequest(tx: Db, requestId: string, userId: string, party: Party | "staff") {
  const [row] = await rows<RequestRow>(
    tx,
    sql`${REQUEST_SELECT} where a.id = ${requestId} for update of a, o`,
  );
  if (party !== "staff") assertParty(row, userId, party);
  if (!row) throw notFound("Case not found.", ERROR_CODES.returnNotFound);
  return row;
}

function wrongState(message: string): never {
  throw conflict(message, ERROR_CODES.requestStateConflict);
}

/** The seller may not act while staff decide, nor once the request is closed. */
function assertSellerMayAct(r: RequestRow): void {
  if (r.status === "escalated")
    throw conflict(
      "Tradewinds is deciding this case. Its decision will say what happens next.",
      ERROR_CODES.caseUnderReview,
    );
  if (r.status === "refunded" || r.status === "closed") wrongState("This request is closed.");
}

/**
 * Writes the request's one refund in the caller's transaction (under the request's and the order's
 * locks), closing it as refunded; the provider is called after commit by the caller. A request that
 * already sent one never sends a second.
 */
async function refundRequest(
  tx: Db,
  deps: RefundDeps,
  r: RequestRow,
  amountCents: number,
  extra: { reason: string; issuedBy?: string },
): Promise<string | null> {
  const refundable = await lockRefundable(tx, r.orderId);
  const [fresh] = await rows<RequestRow>(tx, sql`${REQUEST_SELECT} where a.id = ${r.id}`);
  const most = fresh ? refundableOf(fresh) : 0;
  if (amountCents > most)
    throw ruleBroken(
      ERROR_CODES.refundNotAllowed,
      `A refund can be at most ${formatMoney(most)}: what was paid for these items less earlier refunds.`,
      { amountCents: `At most ${formatMoney(most)}.` },
    );
  const [already] = await rows<{ refundId: string | null }>(
    tx,
    sql`select refund_id as "refundId" from after_sale_requests where id = ${r.id}`,
  );
  if (already?.refundId) wrongState("This request was already refunded.");
  const id = await recordRefund(tx, {
    orderId: r.orderId,
    sellerId: r.sellerId,
    amountCents,
    reason: extra.reason,
    provider: refundable?.paidWith ?? deps.provider.id,
    issuedBy: extra.issuedBy,
    now: nowOf(deps),
  });
  await tx.execute(sql`update after_sale_requests set status = 'refunded', refund_id = ${id},
      due_at = null, closed_at = now() where id = ${r.id}`);
  return id;
}

const RETURN_WORD = (r: RequestRow) =>
  r.kind === "return" ? "your return" : "your item not received request";

/**
 * The seller answers: a return is accepted (with where to send it; who pays the postage follows
 * the reason), met with a partial refund offer, or declined (only for reasons that are the
 * choice of the buyer, not a fault of the seller); a
 * missing parcel is answered with tracking showing delivery, or refunded in full. The buyer is told.
 */
export async function answerRequest(
  deps: RefundDeps,
  sellerId: string,
  requestId: string,
  answer: SellerAnswer,
): Promise<void> {
  const refundId = await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, sellerId, "seller");
    assertSellerMayAct(r);
    if (r.status !== "open") wrongState("You have already answered this request.");
    const forKind =
      r.kind === "return" ? ["accept", "offer", "decline", "refund"] : ["tracking", "refund"];
    if (!forKind.includes(answer.action))
      throw badRequest("That answer does not fit this request.", {
        action: "That answer does not fit this request.",
      });
    const tell = (what: string) =>
      notify(tx, [
        notice(
          r.buyerId,
          r.orderId,
          "return_updated",
          notificationText("return_updated", {
            who: r.seller,
            number: orderNumber(r.orderId),
            what,
          }),
        ),
      ]);
    switch (answer.action) {
      case "accept": {
        const payer = returnShippingPaidBy(r.reason as ReturnReason);
        await tx.execute(sql`update after_sale_requests set status = 'accepted', answer = 'accepted',
            answered_at = now(), due_at = null, return_address = ${answer.returnAddress},
            return_shipping_paid_by = ${payer} where id = ${r.id}`);
        await tell(
          `accepted ${RETURN_WORD(r)}: send the item back to the address on the order page (return postage paid by the ${payer})`,
        );
        return null;
      }
      case "offer": {
        const most = refundableOf(r);
        if (answer.amountCents >= most)
          throw ruleBroken(
            ERROR_CODES.refundNotAllowed,
            `A partial refund must be less than ${formatMoney(most)}; accept the return for a full refund.`,
            { amountCents: `Less than ${formatMoney(most)}.` },
          );
        await tx.execute(sql`update after_sale_requests set status = 'offered', answer = 'offered',
            answered_at = now(), due_at = null, offer_cents = ${answer.amountCents},
            answer_note = ${answer.note || null} where id = ${r.id}`);
        await tell(
          `offered a partial refund of ${formatMoney(answer.amountCents)} instead of a return`,
        );
        return null;
      }
      case "decline": {
        if (!sellerMayDecline(r.reason as ReturnReason))
          throw ruleBroken(
            ERROR_CODES.returnNotAllowed,
            "A return for an item that was damaged, wrong or not as described cannot be declined.",
          );
        await tx.execute(sql`update after_sale_requests set status = 'declined', answer = 'declined',
            answered_at = now(), due_at = null, answer_note = ${answer.note} where id = ${r.id}`);
        await tell(`declined ${RETURN_WORD(r)}; you can ask Tradewinds to step in`);
        return null;
      }
      case "tracking": {
        const number = normalizeTrackingNumber(answer.trackingNumber);
        const carrier = findCarrier(answer.carrier)?.key ?? answer.carrier;
        await tx.execute(sql`update after_sale_requests set status = 'answered', answer = 'tracking',
            answered_at = now(), due_at = null, carrier = ${carrier}, tracking_number = ${number}
            where id = ${r.id}`);
        await tell(`answered ${RETURN_WORD(r)} with tracking that shows delivery`);
        return null;
      }
      case "refund": {
        const id = await refundRequest(tx, deps, r, refundableOf(r), { reason: r.kind });
        await tx.execute(sql`update after_sale_requests set answer = 'refunded', answered_at = now()
            where id = ${r.id}`);
        await tell(`refunded ${RETURN_WORD(r)} in full`);
        return id;
      }
    }
  });
  if (refundId) await sendRefund(deps, refundId);
}

/** The buyer sends an accepted return back, with tracking; the seller has 3 business days to confirm. */
export async function shipBack(
  deps: RefundDeps,
  buyerId: string,
  requestId: string,
  input: ShipBackInput,
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, buyerId, "buyer");
    if (r.status !== "accepted") wrongState("The seller has to accept the return first.");
    const carrier = findCarrier(input.carrier)?.key ?? input.carrier;
    await tx.execute(sql`update after_sale_requests set status = 'shipped_back', shipped_back_at = now(),
        carrier = ${carrier}, tracking_number = ${normalizeTrackingNumber(input.trackingNumber)},
        due_at = ${answerDueAt(now)} where id = ${r.id}`);
    await notify(tx, [
      notice(
        r.sellerId,
        r.orderId,
        "return_updated",
        notificationText("return_updated", {
          who: r.buyer,
          number: orderNumber(r.orderId),
          what: "sent the return back; confirm when it arrives to refund the buyer",
        }),
      ),
    ]);
  });
}

/** The seller confirms the returned item arrived: the buyer is refunded the part in full, through the provider. */
export async function confirmReturnReceived(
  deps: RefundDeps,
  sellerId: string,
  requestId: string,
): Promise<void> {
  const refundId = await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, sellerId, "seller");
    assertSellerMayAct(r);
    if (r.status !== "shipped_back") wrongState("The buyer has not sent the return back yet.");
    const amount = refundableOf(r);
    const id = await refundRequest(tx, deps, r, amount, { reason: "return" });
    await notify(tx, [
      notice(
        r.buyerId,
        r.orderId,
        "return_updated",
        notificationText("return_updated", {
          who: r.seller,
          number: orderNumber(r.orderId),
          what: `received your return; a refund of ${formatMoney(amount)} is on its way`,
        }),
      ),
    ]);
    return id;
  });
  if (refundId) await sendRefund(deps, refundId);
}

/** The buyer takes the seller's partial refund offer: it is sent and the request closes. */
export async function acceptOffer(
  deps: RefundDeps,
  buyerId: string,
  requestId: string,
): Promise<void> {
  const refundId = await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, buyerId, "buyer");
    if (r.status !== "offered" || r.offerCents === null) wrongState("There is no offer to accept.");
    const id = await refundRequest(tx, deps, r, r.offerCents, { reason: "return" });
    await notify(tx, [
      notice(
        r.sellerId,
        r.orderId,
        "return_updated",
        notificationText("return_updated", {
          who: r.buyer,
          number: orderNumber(r.orderId),
          what: `accepted your partial refund of ${formatMoney(r.offerCents)}`,
        }),
      ),
    ]);
    return id;
  });
  if (refundId) await sendRefund(deps, refundId);
}

/**
 * The buyer asks Tradewinds to step in: the request becomes a case for staff. Allowed once the
 * seller said no, offered less, answered a missing parcel with tracking, or let 3 business days
 * pass. The buyer's review is the standard one, free: only the seller may pay for an expedited
 * review (expediteCase), the fee pages' seller fee, charged to their balance.
 */
export async function escalate(
  deps: RefundDeps,
  buyerId: string,
  requestId: string,
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, buyerId, "buyer");
    if (r.status === "escalated") wrongState("Tradewinds is already looking at this.");
    if (r.status === "refunded" || r.status === "closed") wrongState("This request is closed.");
    if (!mayEscalate({ status: r.status, dueAt: r.dueAt ? new Date(r.dueAt) : null }, now))
      throw ruleBroken(
        ERROR_CODES.escalationTooSoon,
        r.dueAt
          ? "The seller has 3 business days to answer. You can ask Tradewinds to step in after that."
          : "The return is on its way back; the seller has not had to confirm it yet.",
      );
    await tx.execute(sql`update after_sale_requests set status = 'escalated', escalated_at = now(),
        escalated_by = 'buyer', due_at = null where id = ${r.id}`);
    await notify(tx, [
      notice(
        r.sellerId,
        r.orderId,
        "return_updated",
        notificationText("return_updated", {
          who: r.buyer,
          number: orderNumber(r.orderId),
          what: "asked Tradewinds to step in; staff will decide the case",
        }),
      ),
    ]);
  });
}

/**
 * The seller asks for an expedited review of a case waiting for staff, paying the fee the fee
 * pages name (shown to them before they ask) from their balance, in the transaction that marks
 * the case. Asking twice, or twice at once, charges once: the request's row lock orders the asks
 * and the fee's journal posts once per case.
 */
export async function expediteCase(
  deps: RefundDeps,
  sellerId: string,
  requestId: string,
): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, sellerId, "seller");
    if (r.status !== "escalated")
      wrongState("Only a case waiting for Tradewinds can be expedited.");
    if (r.expedited) return;
    const fee = DISPUTE_FEES_CENTS.expedited;
    await tx.execute(sql`update after_sale_requests set expedited = true, expedited_by = ${sellerId},
        expedited_fee_cents = ${fee} where id = ${r.id}`);
    await chargeExpediteFee(tx, { id: r.id, orderId: r.orderId, sellerId }, fee, now);
  });
}

const OUTCOME_WORDS = {
  refund_full: "the buyer is refunded in full",
  refund_partial: "the buyer is refunded in part",
  seller: "closed in the seller's favour",
} as const;

/**
 * Staff decide a case: a full or partial refund of the part (through the provider), or closed in
 * the seller's favour; the reason reaches both sides and the audit log, in the same transaction.
 */
export async function decideCase(
  deps: RefundDeps,
  staff: Staff,
  requestId: string,
  input: CaseDecisionInput,
): Promise<void> {
  const refundId = await deps.db.transaction(async (tx) => {
    const r = await lockRequest(tx, requestId, staff.id, "staff");
    if (r.status !== "escalated") wrongState("This case is not waiting for a decision.");
    const most = refundableOf(r);
    const amount =
      input.outcome === "refund_full"
        ? most
        : input.outcome === "refund_partial"
          ? (input.amountCents ?? 0)
          : null;
    let id: string | null = null;
    if (amount !== null) {
      if (amount <= 0)
        throw ruleBroken(ERROR_CODES.refundNotAllowed, "Nothing is left to refund on this order.");
      id = await refundRequest(tx, deps, r, amount, { reason: input.reason, issuedBy: staff.id });
    } else {
      await tx.execute(sql`update after_sale_requests set status = 'closed', closed_at = now()
          where id = ${r.id}`);
    }
    await tx.execute(sql`update after_sale_requests set decision = ${input.outcome},
        decision_cents = ${amount}, decision_reason = ${input.reason}, decided_by = ${staff.id},
        decided_at = now() where id = ${r.id}`);
    await recordAdminAction(tx, {
      actorId: staff.id,
      action: "case.decide",
      subjectKind: "case",
      subjectId: r.id,
      reason: input.reason,
      before: { status: r.status },
      after: { decision: input.outcome, amountCents: amount, orderId: r.orderId },
    });
    const outcome =
      amount !== null
        ? `${OUTCOME_WORDS[input.outcome]} (${formatMoney(amount)})`
        : OUTCOME_WORDS.seller;
    const text = notificationText("case_decided", {
      number: orderNumber(r.orderId),
      outcome,
      reason: input.reason,
    });
    await notify(tx, [
      notice(r.buyerId, r.orderId, "case_decided", text),
      notice(r.sellerId, r.orderId, "case_decided", text),
    ]);
    return id;
  });
  if (refundId) await sendRefund(deps, refundId);
}

/**
 * GET /api/orders/{id}/returns: the order's requests (a seller sees their part's only), and for
 * the buyer what each part allows them to open now. Anyone else gets 404.
 */
export async function getOrderReturns(
  db: Db,
  userId: string,
  orderId: string,
  now: Date,
): Promise<OrderReturns> {
  const [order] = await rows<{
    buyerId: string;
    sellsIn: boolean;
    status: string;
    paidAt: Date | string | null;
    deliverTo: string | null;
  }>(
    db,
    sql`select o.buyer_id as "buyerId", o.status::text as status, o.paid_at as "paidAt",
          o.deliver_to as "deliverTo",
          exists (select 1 from order_lines ol where ol.order_id = o.id and ol.seller_id = ${userId})
            and o.paid_at is not null as "sellsIn"
        from orders o where o.id = ${orderId}`,
  );
  const viewer = orderViewer(order, userId);
  const found = order as NonNullable<typeof order>;
  const items = await loadRequests(
    db,
    viewer === "buyer"
      ? sql`a.order_id = ${orderId}`
      : sql`a.order_id = ${orderId} and a.seller_id = ${userId}`,
  );
  if (viewer !== "buyer" || !found.paidAt)
    return { items: items.map((r) => toRequest(r, viewer, now)), parts: [] };
  const parts = await rows<{
    sellerId: string;
    seller: string;
    policyDays: number;
    method: string | null;
    shippedAt: Date | string | null;
    receivedAt: Date | string | null;
  }>(
    db,
    sql`select ol.seller_id as "sellerId", u.username as seller,
          coalesce(min(l.return_policy_days), 0)::int as "policyDays",
          sh.method, sh.shipped_at as "shippedAt", sh.received_at as "receivedAt"
        from order_lines ol join users u on u.id = ol.seller_id join listings l on l.id = ol.listing_id
        left join shipments sh on sh.order_id = ol.order_id and sh.seller_id = ol.seller_id
        where ol.order_id = ${orderId}
        group by ol.seller_id, u.username, sh.method, sh.shipped_at, sh.received_at
        order by u.username`,
  );
  const out: OrderReturns["parts"] = [];
  for (const p of parts) {
    const mine = items.filter((r) => r.sellerId === p.sellerId);
    const free = found.status === "paid" && mine.length === 0;
    const reasons = allowedReturnReasons(p.policyDays);
    const delivered = p.receivedAt ? new Date(p.receivedAt) : null;
    const ends = delivered
      ? reasons
          .map((reason) => returnDeadline(reason, p.policyDays, delivered))
          .filter((d): d is Date => d !== null && d.getTime() >= now.getTime())
      : [];
    const ownReasonsEnd =
      delivered && p.policyDays > 0
        ? returnDeadline("changed_mind", p.policyDays, delivered)
        : null;
    let notReceivedFrom: Date | null = null;
    if (p.method === "shipped" && p.shippedAt && !p.receivedAt) {
      const estimate = await latestEstimate(db, orderId, p.sellerId, found.paidAt, found.deliverTo);
      notReceivedFrom = notReceivedOpensAt(new Date(p.shippedAt), estimate);
    }
    out.push({
      seller: { id: p.sellerId, username: p.seller },
      returnReasons: delivered
        ? reasons.filter((reason) => {
            const d = returnDeadline(reason, p.policyDays, delivered);
            return d !== null && d.getTime() >= now.getTime();
          })
        : reasons,
      returnUntil: ownReasonsEnd ? ownReasonsEnd.toISOString() : null,
      canReturn: free && ends.length > 0,
      notReceivedFrom: notReceivedFrom ? notReceivedFrom.toISOString() : null,
      canReportNotReceived:
        free && notReceivedFrom !== null && now.getTime() >= notReceivedFrom.getTime(),
    });
  }
  return { items: items.map((r) => toRequest(r, viewer, now)), parts: out };
}

/** The buyer's returns and requests (/account/returns), or those made to a seller, open ones first. */
export async function listMyReturns(
  db: Db,
  userId: string,
  role: Party,
  now: Date,
): Promise<ReturnsList> {
  const found = await rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT}
        where ${role === "buyer" ? sql`a.buyer_id = ${userId}` : sql`a.seller_id = ${userId}`}
        order by (a.status not in ('refunded', 'closed')) desc, a.created_at desc limit 100`,
  );
  return { items: found.map((r) => toRequest(r, role, now)) };
}

/** Cases for staff: waiting ones, expedited first then oldest; or the latest decided. */
export async function listCases(
  db: Db,
  status: "open" | "decided",
  now: Date,
): Promise<ReturnsList> {
  const found = await rows<RequestRow>(
    db,
    status === "open"
      ? sql`${REQUEST_SELECT} where a.status = 'escalated'
            order by a.expedited desc, a.escalated_at limit 100`
      : sql`${REQUEST_SELECT} where a.decided_at is not null order by a.decided_at desc limit 100`,
  );
  return { items: found.map((r) => toRequest(r, "staff", now)) };
}

/** One case for staff: the request with its evidence, and the buyer's and seller's messages. */
export async function getCase(db: Db, requestId: string, now: Date): Promise<CaseDetails> {
  const [r] = await rows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} where a.id = ${requestId} and a.escalated_at is not null`,
  );
  if (!r) throw notFound("Case not found.", ERROR_CODES.returnNotFound);
  const messages = await rows<{
    senderId: string;
    sender: string;
    text: string;
    createdAt: Date | string;
  }>(
    db,
    sql`select m.sender_id as "senderId", u.username as sender, m.text, m.created_at as "createdAt"
        from messages m join users u on u.id = m.sender_id
        where (m.sender_id = ${r.buyerId} and m.recipient_id = ${r.sellerId})
           or (m.sender_id = ${r.sellerId} and m.recipient_id = ${r.buyerId})
        order by m.created_at desc limit 100`,
  );
  return {
    request: toRequest(r, "staff", now),
    messages: messages.reverse().map((m) => ({ ...m, createdAt: isoTime(m.createdAt) })),
    paidCents: r.totalCents,
    refundedCents: r.orderRefundedCents,
  };
}
