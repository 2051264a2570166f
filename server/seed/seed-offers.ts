import { sql } from "drizzle-orm";
import { answerDeadline } from "../../core/offers";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

const HOUR = 3_600_000;

/**
 * Best Offer for the demo (issue 27): about one fixed-price listing in four takes offers (the
 * "Accepts offers" filter and "or Best Offer" on cards have something to show), Marcus's first one
 * with secret automatic amounts, and two open offers on his others: Keisha's waits for his answer
 * (Selling shows "1 offer"), Devon's was countered and waits for Devon (Bids & Offers, Offers).
 */
export async function seedDemoOffers(tx: Db, now: Date): Promise<void> {
  await tx.execute(sql`update listings l set accepts_offers = true
    from (select id, row_number() over (order by created_at, id) as n from listings
          where kind = 'fixed_price' and status = 'active' and price_cents >= 2000
            and title not ilike 'Car Battery%') pick
    where l.id = pick.id and pick.n % 4 = 1`);

  const marcus = await rows<{ id: string; sellerId: string; priceCents: number }>(
    tx,
    sql`select l.id, l.seller_id as "sellerId", l.price_cents as "priceCents"
        from listings l join users u on u.id = l.seller_id
        where u.username = 'marcus' and l.kind = 'fixed_price' and l.status = 'active'
          and l.quantity >= 1 and l.price_cents >= 2000
        order by l.created_at, l.id limit 3`,
  );
  const [auto, pending, countered] = marcus;
  if (!auto || !pending || !countered) return;
  await tx.execute(sql`update listings set accepts_offers = true
    where id in (${auto.id}, ${pending.id}, ${countered.id})`);
  // Whole dollars, below the price, decline below accept (offerSettingsIssues).
  const round = (cents: number) => Math.floor(cents / 100) * 100;
  await tx.execute(sql`insert into listing_offer_settings (listing_id, auto_accept_cents, auto_decline_cents)
    values (${auto.id}, ${round(auto.priceCents * 0.9)}, ${round(auto.priceCents * 0.5)})`);

  const buyers = await rows<{ id: string; username: string }>(
    tx,
    sql`select id, username from users where username in ('keisha', 'devon')`,
  );
  const keisha = buyers.find((b) => b.username === "keisha");
  const devon = buyers.find((b) => b.username === "devon");
  if (keisha) {
    const at = new Date(now.getTime() - 3 * HOUR);
    await tx.execute(sql`insert into offers (listing_id, buyer_id, seller_id, status, amount_cents,
        quantity, message, expires_at, created_at)
      values (${pending.id}, ${keisha.id}, ${pending.sellerId}, 'pending',
              ${round(pending.priceCents * 0.8)}, 1, 'Would you take this? I can pay today.',
              ${answerDeadline(at)}, ${at})`);
  }
  if (devon) {
    const at = new Date(now.getTime() - 20 * HOUR);
    const answered = new Date(now.getTime() - 2 * HOUR);
    await tx.execute(sql`insert into offers (listing_id, buyer_id, seller_id, status, amount_cents,
        quantity, message, counter_cents, counter_message, expires_at, created_at, answered_at)
      values (${countered.id}, ${devon.id}, ${countered.sellerId}, 'countered',
              ${round(countered.priceCents * 0.7)}, 1, null,
              ${round(countered.priceCents * 0.85)}, 'Meet me in the middle?',
              ${answerDeadline(answered)}, ${at}, ${answered})`);
  }
}
