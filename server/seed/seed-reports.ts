import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rows } from "../db/rows";

const HOUR = 60 * 60 * 1000;
const demo = (name: string) => `${name}@demo.tradewinds.test`;

/** Words that hold a new listing for review in the demo (the admin area's Rules page edits them). */
export const DEMO_RULE_WORDS = ["replica", "counterfeit", "ivory"] as const;

async function userId(tx: Db, email: string): Promise<string> {
  const [row] = await rows<{ id: string }>(tx, sql`select id from users where email = ${email}`);
  if (!row) throw new Error(`seed reports: no demo user ${email}`);
  return row.id;
}

/**
 * Demo moderation data, after the users, listings and conversations: three open reports for the
 * queue (a listing, a user's store, a conversation) and the listing rules. Nothing is resolved,
 * so the queue shows what a moderator meets on a normal morning.
 */
export async function seedDemoReports(tx: Db, now: Date): Promise<void> {
  const tamika = await userId(tx, demo("tamika"));
  const kwame = await userId(tx, demo("kwame"));
  const keisha = await userId(tx, demo("keisha"));
  const marcus = await userId(tx, demo("marcus"));
  const rafael = await userId(tx, demo("rafael"));
  const desmond = await userId(tx, demo("desmond"));
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

  // The listing report: a fixed-price listing of Rafael's, the newest, said to be counterfeit.
  const [listing] = await rows<{ id: string }>(
    tx,
    sql`select id from listings where seller_id = ${rafael} and status = 'active' and kind = 'fixed_price'
        order by created_at desc, id limit 1`,
  );
  if (listing)
    await tx.execute(sql`insert into reports (subject_kind, listing_id, reported_user_id, reporter_id,
        reason, comment, created_at)
      values ('listing', ${listing.id}, ${rafael}, ${tamika}, 'counterfeit',
        'The logo on the photos does not look like the real brand''s. I think this is a copy.', ${ago(5)})`);

  await tx.execute(sql`insert into reports (subject_kind, reported_user_id, reporter_id, reason, comment, created_at)
    values ('user', ${desmond}, ${kwame}, 'scam',
      'Asked me to pay outside the site by bank transfer for a discount.', ${ago(3)})`);

  // The conversation report: Keisha's conversation with Marcus (seed-messages.ts), where he offers
  // to meet in town: she takes it as a way around paying through the site.
  const [conversation] = await rows<{ id: string }>(
    tx,
    sql`select id from conversations
        where (user_a = ${keisha} and user_b = ${marcus}) or (user_a = ${marcus} and user_b = ${keisha})
        limit 1`,
  );
  if (conversation)
    await tx.execute(sql`insert into reports (subject_kind, conversation_id, reported_user_id, reporter_id,
        reason, comment, created_at)
      values ('conversation', ${conversation.id}, ${marcus}, ${keisha}, 'scam',
        'Wants to meet in town and be paid in cash instead of through the site.', ${ago(1)})`);

  for (const word of DEMO_RULE_WORDS)
    await tx.execute(
      sql`insert into listing_rules (kind, value, created_at) values ('word', ${word}, ${ago(400 * 24)})`,
    );
}
