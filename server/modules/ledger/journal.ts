import { sql } from "drizzle-orm";
import type { EntryKind, LedgerAccount, SellerAccount } from "../../../core/ledger";
import { SELLER_ACCOUNTS } from "../../../core/ledger";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";

export interface Entry {
  account: LedgerAccount;
  /** Exactly for the seller accounts. */
  sellerId?: string | null;
  /** Signed cents; positive credits the account's holder. A zero entry is left out. */
  amountCents: number;
  kind: EntryKind;
}

export interface Journal {
  source: { kind: string; id: string };
  purpose: string;
  orderId?: string | null;
  occurredAt: Date;
  memo?: string;
  entries: readonly Entry[];
}

/**
 * Posts one journal in the caller's transaction, once per (source, purpose): a second post of the
 * same event answers false and writes nothing. Entries must sum to zero; this refuses an
 * unbalanced journal before the database's deferred check would fail the whole transaction at
 * commit. Zero entries are dropped; a journal with none is not written.
 */
export async function postJournal(tx: Db, journal: Journal): Promise<boolean> {
  const entries = journal.entries.filter((e) => e.amountCents !== 0);
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents))
      throw new Error(`ledger amount must be whole cents: ${e.amountCents}`);
    const sellerAccount = (SELLER_ACCOUNTS as readonly string[]).includes(e.account);
    if (sellerAccount !== Boolean(e.sellerId))
      throw new Error(`ledger account ${e.account} ${sellerAccount ? "needs" : "takes no"} seller`);
  }
  const total = entries.reduce((sum, e) => sum + e.amountCents, 0);
  if (total !== 0)
    throw new Error(`ledger journal ${journal.purpose} of ${journal.source.id} is off by ${total}`);
  if (entries.length === 0) return false;
  const [created] = await rows<{ id: string }>(
    tx,
    sql`insert into ledger_journals (source_kind, source_id, purpose, order_id, occurred_at, memo)
        values (${journal.source.kind}, ${journal.source.id}, ${journal.purpose},
                ${journal.orderId ?? null}, ${journal.occurredAt.toISOString()}, ${journal.memo ?? ""})
        on conflict (source_kind, source_id, purpose) do nothing
        returning id`,
  );
  if (!created) return false;
  await tx.execute(sql`
    insert into ledger_entries (journal_id, account, seller_id, amount_cents, kind, occurred_at)
    values ${sql.join(
      entries.map(
        (e) =>
          sql`(${created.id}, ${e.account}, ${e.sellerId ?? null}, ${e.amountCents}, ${e.kind},
               ${journal.occurredAt.toISOString()})`,
      ),
      sql`, `,
    )}`);
  return true;
}

/** Whether a journal for this source and purpose exists. */
export async function journalPosted(
  tx: Db,
  source: { kind: string; id: string },
  purpose: string,
): Promise<boolean> {
  const found = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from ledger_journals
        where source_kind = ${source.kind} and source_id = ${source.id} and purpose = ${purpose}`,
  );
  return found.length > 0;
}

export type SellerBalances = Record<SellerAccount, number>;

/** A seller's balances: each the sum of its entries (positive: owed to the seller). */
export async function sellerBalances(tx: Db, sellerId: string): Promise<SellerBalances> {
  const found = await rows<{ account: SellerAccount; total: string | number }>(
    tx,
    sql`select account, sum(amount_cents) as total from ledger_entries
        where seller_id = ${sellerId} group by account`,
  );
  const balances: SellerBalances = { seller_pending: 0, seller_available: 0, seller_on_hold: 0 };
  for (const row of found) balances[row.account] = Number(row.total);
  return balances;
}

/**
 * Serialises every balance-changing decision about one seller (a refund's split, a payout's
 * amount, a hold) for the rest of the caller's transaction, so two of them never both read a
 * balance the other is about to change. The balances are sums, with no row to lock: a transaction
 * advisory lock stands in for one. Read the balances after taking it.
 */
export async function lockSellerMoney(tx: Db, sellerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${sellerId}))`);
}

/** The first key of the two-key advisory locks the ledger takes ("TWLG"); others use other spaces. */
const LOCK_SPACE = 0x54574c47;
