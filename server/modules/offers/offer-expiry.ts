import { sql } from "drizzle-orm";
import { formatMoney } from "../../../core/money";
import { notificationText } from "../../../core/notifications";
import { OFFER_RULES } from "../../../core/offers";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { lockListings } from "../listings/listing-locks";
import { type NewNotification, notify } from "../notifications/notifications.service";
import { statusForStock } from "../stock/listing-stock";

/**
 * Records every open offer or counter whose 48 hours have passed as expired and tells the side that
 * waited: the buyer for an offer, both for a counter. One statement claims them, so instances
 * running it at once never tell twice. `now` is the money rules' clock (tests move it).
 */
export async function expireDueOffers(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await rows<{
      listingId: string;
      buyerId: string;
      sellerId: string;
      was: "pending" | "countered";
      amountCents: number;
      counterCents: number | null;
      title: string;
    }>(
      tx,
      sql`with due as (
            select id, status as was from offers
            where status in ('pending', 'countered') and expires_at <= ${now}
            order by expires_at limit 500 for update skip locked
          )
          update offers o set status = 'expired', answered_at = ${now}
          from due, listings l
          where o.id = due.id and l.id = o.listing_id
          returning o.listing_id as "listingId", o.buyer_id as "buyerId", o.seller_id as "sellerId",
            due.was, o.amount_cents as "amountCents", o.counter_cents as "counterCents", l.title`,
    );
    const notices: NewNotification[] = expired.flatMap((e) => {
      const about = { link: `/listing/${e.listingId}`, listingId: e.listingId };
      if (e.was === "pending")
        return [
          {
            userId: e.buyerId,
            kind: "offer_expired" as const,
            message: notificationText("offer_expired", {
              amount: formatMoney(e.amountCents),
              title: e.title,
              what: "offer",
            }),
            ...about,
          },
        ];
      const text = notificationText("offer_expired", {
        amount: formatMoney(e.counterCents ?? e.amountCents),
        title: e.title,
        what: "counter",
      });
      return [
        { userId: e.buyerId, kind: "offer_expired" as const, message: text, ...about },
        {
          userId: e.sellerId,
          kind: "offer_expired" as const,
          message: text,
          link: `/my/selling/offers?listing=${e.listingId}`,
          listingId: e.listingId,
        },
      ];
    });
    await notify(tx, notices);
    return expired.length;
  });
}

/**
 * Cancels one agreed offer's order left unpaid past its 48 hours, if any is due, giving its units
 * back to the listing (a sold-out one goes on sale again) and telling both sides. An order whose
 * buyer is on the payment page now (an open, unexpired session) waits for that attempt. The row
 * lock with SKIP LOCKED makes each cancellation happen once whatever runs it.
 */
async function cancelNextLapsedOfferOrder(db: Db, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await rows<{ id: string; buyerId: string }>(
      tx,
      sql`select o.id, o.buyer_id as "buyerId" from orders o
          join offers agreed on agreed.order_id = o.id
          where o.status = 'pending' and o.source = 'offer'
            and agreed.answered_at + make_interval(hours => ${OFFER_RULES.payHours}) <= ${now}
            and not exists (select 1 from payment_sessions ps where ps.order_id = o.id
                            and ps.status = 'open' and ps.expires_at > now())
          order by o.created_at limit 1
          for update of o skip locked`,
    );
    if (!due) return false;
    const lines = await rows<{
      listingId: string;
      sellerId: string;
      quantity: number;
      title: string;
      unitPriceCents: number;
    }>(
      tx,
      sql`select listing_id as "listingId", seller_id as "sellerId", quantity, title,
            unit_price_cents as "unitPriceCents"
          from order_lines where order_id = ${due.id}`,
    );
    await lockListings(
      tx,
      lines.map((l) => l.listingId),
    );
    await tx.execute(sql`update orders set status = 'cancelled' where id = ${due.id}`);
    await tx.execute(sql`update payment_sessions set status = 'cancelled', ended_at = now()
      where order_id = ${due.id} and status = 'open'`);
    const notices: NewNotification[] = [];
    for (const line of lines) {
      await tx.execute(sql`update listings set quantity = quantity + ${line.quantity},
          status = ${statusForStock(sql`quantity + ${line.quantity}`)}, updated_at = now()
        where id = ${line.listingId}`);
      const message = notificationText("offer_expired", {
        amount: formatMoney(line.unitPriceCents),
        title: line.title,
        what: "unpaid",
      });
      notices.push(
        {
          userId: due.buyerId,
          kind: "offer_expired",
          message,
          link: "/my/purchases",
          listingId: line.listingId,
        },
        {
          userId: line.sellerId,
          kind: "offer_expired",
          message,
          link: "/my/selling",
          listingId: line.listingId,
        },
      );
    }
    await notify(tx, notices);
    return true;
  });
}

/** Cancels every agreed offer's order due now; safe on every instance at once. */
export async function cancelLapsedOfferOrders(db: Db, now: Date): Promise<number> {
  let done = 0;
  while (await cancelNextLapsedOfferOrder(db, now)) done += 1;
  return done;
}
