import { sql } from "drizzle-orm";
import { orderNumber } from "../../../core/cart";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import { orderLink } from "../../../core/order-links";
import { type Clock, systemClock } from "../../clock";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { currentTraceId, type TraceLog, traceIdsOf, withTraceId } from "../../trace";
import { postRefundRecorded, postRefundSent } from "../ledger/seller-funds";
import type { NewNotification } from "../notifications/notifications.service";
import { notify } from "../notifications/notifications.service";
import { type PaymentProvider, RefundRefusedError } from "../payment-providers/payment-provider";

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  log?: (err: unknown, msg: string) => void;
  /** Logs each refund sent or failed with the trace id of the request that queued it. */
  traced?: TraceLog;
  /** The money rules' clock; the system's unless a test moves time. */
  clock?: Clock;
}

/** An order as a refund sees it, read under the order's row lock. */
export interface RefundableOrder {
  status: string;
  totalCents: number;
  /** What its refunds that did not fail send back (pending ones count: they are on their way). */
  refundedCents: number;
  /** The provider that took its payment, if one did. */
  paidWith: string | null;
}

/**
 * Locks the order row and reads what its refunds already send back. Every refund path calls this
 * in the transaction that writes its refund, before it decides the amount, so two refunds of one
 * order (an admin's, a seller's acceptance, a second click) run one after the other and the
 * second sees the first. The sum is read in a statement after the lock, never in the locking one:
 * under READ COMMITTED a statement sees the database as it was when it started, before it waited
 * for the lock, so it would miss the refund the transaction it waited for had just committed.
 */
export async function lockRefundable(tx: Db, orderId: string): Promise<RefundableOrder | null> {
  const [order] = await rows<{ status: string; totalCents: number }>(
    tx,
    sql`select status::text as status, total_cents as "totalCents"
        from orders where id = ${orderId} for update`,
  );
  if (!order) return null;
  const [state] = await rows<{ refundedCents: number; paidWith: string | null }>(
    tx,
    sql`select
          (select coalesce(sum(amount_cents), 0)::int from refunds
            where order_id = ${orderId} and status <> 'failed') as "refundedCents",
          (select provider from payment_sessions where order_id = ${orderId}
            and status = 'complete' order by ended_at desc nulls last limit 1) as "paidWith"`,
  );
  return {
    ...order,
    refundedCents: state?.refundedCents ?? 0,
    paidWith: state?.paidWith ?? null,
  };
}

/**
 * Writes a refund to be sent, in the caller's transaction (an admin's refund, the cancellation's
 * acceptance, or the payment that could not be filled): the provider is called only after it
 * commits, by `sendRefund` or the refunds job, with the row's id as its idempotency key, so a
 * crash in between leaves a pending row to retry, never a refund nobody recorded or one sent
 * twice. The row is the reservation: it is written under the order's lock and refused if it would
 * send back more than was paid less earlier refunds, whatever the caller checked.
 */
export async function recordRefund(
  tx: Db,
  refund: {
    orderId: string;
    sellerId: string | null;
    amountCents: number;
    /** "cancelled", "unfillable", or an admin's own words. */
    reason: string;
    provider: string;
    /** The admin who issued it; none for the marketplace's own refunds. */
    issuedBy?: string;
    /** When, by the money rules' clock: the ledger's date of the refund. */
    now?: Date;
  },
): Promise<string | null> {
  // A part with nothing to send back (a free item already covered by earlier refunds) needs no row.
  if (refund.amountCents <= 0) return null;
  const order = await lockRefundable(tx, refund.orderId);
  if (!order) throw new Error(`refund for a missing order ${refund.orderId}`);
  // The callers answer the person with the rule's message first; this is the backstop.
  if (refund.amountCents > order.totalCents - order.refundedCents)
    throw new Error(`refund of ${refund.amountCents} exceeds what is left on ${refund.orderId}`);
  const [row] = await rows<{ id: string }>(
    tx,
    sql`insert into refunds (order_id, seller_id, amount_cents, reason, provider, issued_by,
          trace_id)
        values (${refund.orderId}, ${refund.sellerId}, ${refund.amountCents}, ${refund.reason},
                ${refund.provider}, ${refund.issuedBy ?? null}, ${currentTraceId()})
        returning id`,
  );
  if (!row) return null;
  // The buyer is owed it from now: the sellers' and the platform's shares are taken at once.
  await postRefundRecorded(
    tx,
    {
      id: row.id,
      orderId: refund.orderId,
      sellerId: refund.sellerId,
      amountCents: refund.amountCents,
    },
    refund.now ?? new Date(),
  );
  return row.id;
}

/** A refund pending longer than this stops being retried: a person looks at it instead. */
const GIVE_UP_AFTER = "3 days";
/** At most this many refunds per run, so one run never holds the job up for long. */
const BATCH = 20;

interface ClaimedRefund {
  id: string;
  orderId: string;
  sellerId: string | null;
  amountCents: number;
  reason: string;
  issuedBy: string | null;
  paymentId: string | null;
  stale: boolean;
  /** The request that queued it (server/trace.ts). */
  traceId: string | null;
}

/**
 * Sends one pending refund (the given one, or the oldest due) through the provider, and answers
 * whether there was one to send. The row stays locked (`FOR UPDATE SKIP LOCKED`) from the claim
 * to the outcome, so two instances never send the same refund at once; if the process dies after
 * the provider answered but before the commit, the retry sends the same idempotency key (the row's
 * id) and the provider answers the refund it already made instead of making a second.
 *
 * A refusal for good marks the row failed; any other error leaves it pending for the next run.
 */
async function sendOne(
  deps: RefundDeps,
  options: { refundId?: string; skip: readonly string[] },
): Promise<{ id: string } | null> {
  const claimed: { id: string | null; traceId: string | null; status?: string } = {
    id: null,
    traceId: null,
  };
  try {
    await deps.db.transaction(async (tx) => {
      const [refund] = await rows<ClaimedRefund>(
        tx,
        sql`select r.id, r.order_id as "orderId", r.seller_id as "sellerId",
              r.amount_cents as "amountCents", r.reason, r.issued_by as "issuedBy",
              r.trace_id as "traceId",
              r.created_at < now() - interval '${sql.raw(GIVE_UP_AFTER)}' as stale,
              (select ps.provider_payment_id from payment_sessions ps
                where ps.order_id = r.order_id and ps.status = 'complete'
                order by ps.ended_at desc nulls last limit 1) as "paymentId"
            from refunds r
            where r.status = 'pending' and r.provider = ${deps.provider.id}
              ${options.refundId ? sql`and r.id = ${options.refundId}` : sql``}
              ${
                options.skip.length > 0
                  ? sql`and r.id::text not in (${sql.join(
                      options.skip.map((s) => sql`${s}`),
                      sql`, `,
                    )})`
                  : sql``
              }
            order by r.created_at
            limit 1
            for update of r skip locked`,
      );
      if (!refund) return;
      claimed.id = refund.id;
      claimed.traceId = refund.traceId;
      let outcome: { status: "succeeded"; providerRefundId: string } | { status: "failed" };
      try {
        const sent = await deps.provider.refund({
          paymentId: refund.paymentId,
          amountCents: refund.amountCents,
          idempotencyKey: refund.id,
        });
        outcome = { status: "succeeded", providerRefundId: sent.providerRefundId };
      } catch (error) {
        if (!(error instanceof RefundRefusedError) && !refund.stale) throw error;
        deps.log?.(error, `refund ${refund.id} of order ${refund.orderId} failed; refund by hand`);
        outcome = { status: "failed" };
      }
      await tx.execute(sql`
        update refunds set status = ${outcome.status}, settled_at = now(),
          provider_refund_id = ${outcome.status === "succeeded" ? outcome.providerRefundId : null}
        where id = ${refund.id}`);
      if (outcome.status === "succeeded") {
        await postRefundSent(tx, refund, (deps.clock ?? systemClock).now());
        // The notices (and their emails) carry the trace id of the request that queued the refund.
        await withTraceId(refund.traceId, () => refundNotices(tx, refund));
      }
      claimed.status = outcome.status;
    });
    if (claimed.status)
      deps.traced?.(traceIdsOf([claimed.traceId]), `refund ${claimed.id} ${claimed.status}`);
  } catch (error) {
    // Rolled back: the row is pending again, for the next run (with the same key).
    deps.log?.(error, "refund not sent; it will be retried");
  }
  return claimed.id ? { id: claimed.id } : null;
}

/** Sends one refund now (just after its row committed); the job retries it if this fails. */
export async function sendRefund(deps: RefundDeps, refundId: string): Promise<void> {
  await sendOne(deps, { refundId, skip: [] });
}

/**
 * The refunds job: sends what is pending, oldest first, each in its own transaction, trying each
 * at most once a run. Answers how many it tried. Safe on every instance at once.
 */
export async function sendPendingRefunds(deps: RefundDeps): Promise<number> {
  const tried: string[] = [];
  while (tried.length < BATCH) {
    const claimed = await sendOne(deps, { skip: tried });
    if (!claimed) break;
    tried.push(claimed.id);
  }
  return tried.length;
}

/**
 * The buyer hears the money went back; the seller of the part (or each seller of an order that
 * could not be filled) hears it too.
 */
async function refundNotices(tx: Db, refund: ClaimedRefund): Promise<void> {
  const [order] = await rows<{ buyerId: string; buyer: string }>(
    tx,
    sql`select o.buyer_id as "buyerId", u.username as buyer
        from orders o join users u on u.id = o.buyer_id where o.id = ${refund.orderId}`,
  );
  if (!order) return;
  const sellers = refund.sellerId
    ? [refund.sellerId]
    : (
        await rows<{ sellerId: string }>(
          tx,
          sql`select distinct seller_id as "sellerId" from order_lines where order_id = ${refund.orderId}`,
        )
      ).map((s) => s.sellerId);
  const number = orderNumber(refund.orderId);
  const amount = formatMoney(refund.amountCents);
  // An admin's refund carries their words; the marketplace's own say nothing more.
  const reason = refund.issuedBy ? refund.reason : undefined;
  const notices: NewNotification[] = [
    {
      userId: order.buyerId,
      kind: "refund_issued",
      message: notificationText("refund_issued", { amount, number, reason }),
      link: orderLink(refund.orderId),
      orderId: refund.orderId,
    },
    ...sellers.map((sellerId) => ({
      userId: sellerId,
      kind: "refund_issued" as const,
      message: notificationText("refund_issued", { amount, number, buyer: order.buyer, reason }),
      link: orderLink(refund.orderId),
      orderId: refund.orderId,
    })),
  ];
  await notify(tx, notices);
}
