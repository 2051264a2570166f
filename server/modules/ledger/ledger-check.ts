import { type SQL, sql } from "drizzle-orm";
import { SELLER_ACCOUNTS } from "../../../core/ledger";
import type { Db } from "../../db/db-handle";
import { rows } from "../../db/rows";

/**
 * Reconciliation of the ledger with the rows that caused it (issue 26, `npm run ledger:check`).
 * The database already refuses an unbalanced journal at commit and any edit of the ledger
 * (ledger.sql); this finds what no trigger can: an event with no journal, a journal whose amount
 * is not its event's, a platform balance that disagrees with the rows it stands for. Every check is
 * one set-based query, so it costs a few scans however many orders there are.
 *
 * Orders and refunds from before the ledger existed have no journal and never will (corrections
 * are new journals, and nobody backfills history): only those at or after the ledger's start are
 * checked. The start is the earliest journal's `created_at` or `occurred_at`, whichever is earlier
 * (the demo seed posts its past sales at their paid dates, so its history counts); a database
 * with no journal at all has nothing to reconcile. Pass `since` to choose another start.
 */

export type LedgerBreakKind =
  | "journal_unbalanced"
  | "journal_empty"
  | "order_without_sale"
  | "sale_without_schedule"
  | "refund_without_journal"
  | "refund_amount"
  | "refund_not_sent"
  | "payout_without_journal"
  | "payout_amount"
  | "release_without_journal"
  | "release_not_marked"
  | "seller_entry"
  | "upgrade_fee"
  | "dispute_fee"
  | "payouts_in_transit"
  | "refunds_payable";

export interface LedgerBreak {
  kind: LedgerBreakKind;
  /** What it is about: a journal's, order's, refund's or payout's id, or an account. */
  ref: string;
  detail: string;
}

const sellerAccounts = sql.raw(SELLER_ACCOUNTS.map((a) => `'${a}'`).join(", "));

/** Each check: a query answering `ref` and `detail` for every break of one kind. */
function checks(since: string): { kind: LedgerBreakKind; query: SQL }[] {
  return [
    {
      kind: "journal_unbalanced",
      query: sql`select journal_id::text as ref,
            'entries sum to ' || sum(amount_cents) || ' ' || currency as detail
          from ledger_entries group by journal_id, currency having sum(amount_cents) <> 0`,
    },
    {
      kind: "journal_empty",
      query: sql`select j.id::text as ref,
            j.source_kind || ' ' || j.source_id || ' ' || j.purpose || ' has no entries' as detail
          from ledger_journals j
          where not exists (select 1 from ledger_entries e where e.journal_id = j.id)`,
    },
    {
      // A paid order (still paid, or cancelled after it was paid) has its sale. An order paid
      // after its reservation lapsed was never a sale: it is refunded whole as "unfillable".
      kind: "order_without_sale",
      query: sql`select o.id::text as ref,
            o.status || ' order paid ' || o.paid_at || ' has no sale journal' as detail
          from orders o
          where o.paid_at is not null and o.paid_at >= ${since}::timestamptz
            and o.status in ('paid', 'cancelled')
            and not exists (select 1 from refunds r where r.order_id = o.id and r.reason = 'unfillable')
            and not exists (select 1 from ledger_journals j
              where j.source_kind = 'order' and j.source_id = o.id::text and j.purpose = 'sale')`,
    },
    {
      kind: "sale_without_schedule",
      query: sql`select distinct o.id::text as ref,
            'seller ' || ol.seller_id || ' has no seller_sales row for the posted sale' as detail
          from ledger_journals j
          join orders o on o.id::text = j.source_id
          join order_lines ol on ol.order_id = o.id
          where j.source_kind = 'order' and j.purpose = 'sale'
            and not exists (select 1 from seller_sales s
              where s.order_id = o.id and s.seller_id = ol.seller_id)`,
    },
    {
      // A refund's own journals ('refund' when the order had no sellers' parts, 'refund:<seller>'
      // per part otherwise) owe the buyer exactly its amount.
      kind: "refund_without_journal",
      query: sql`select r.id::text as ref,
            'refund of ' || r.amount_cents || ' on order ' || r.order_id || ' has no journal' as detail
          from refunds r
          where r.created_at >= ${since}::timestamptz
            and not exists (select 1 from ledger_journals j
              where j.source_kind = 'refund' and j.source_id = r.id::text
                and (j.purpose = 'refund' or j.purpose like 'refund:%'))`,
    },
    {
      kind: "refund_amount",
      query: sql`select r.id::text as ref,
            'refund of ' || r.amount_cents || ' but its journals owe the buyer ' || t.owed as detail
          from refunds r
          join (select j.source_id, sum(e.amount_cents) as owed
                from ledger_journals j join ledger_entries e on e.journal_id = j.id
                where j.source_kind = 'refund' and (j.purpose = 'refund' or j.purpose like 'refund:%')
                  and e.account = 'refunds_payable'
                group by j.source_id) t on t.source_id = r.id::text
          where t.owed <> r.amount_cents`,
    },
    {
      kind: "refund_not_sent",
      query: sql`select r.id::text as ref,
            case when j.id is null then 'succeeded refund has no sent journal'
                 else 'sent journal on a ' || r.status || ' refund' end as detail
          from refunds r
          left join ledger_journals j
            on j.source_kind = 'refund' and j.source_id = r.id::text and j.purpose = 'sent'
          where r.created_at >= ${since}::timestamptz
            and ((r.status = 'succeeded') <> (j.id is not null))`,
    },
    {
      // A payout's row and its 'sent' journal are written together; 'paid' and 'failed' close it.
      kind: "payout_without_journal",
      query: sql`select p.id::text as ref, p.status || ' payout lacks its ' || want.purpose || ' journal' as detail
          from payouts p
          cross join lateral (values ('sent', true), ('paid', p.status = 'paid'),
                                     ('failed', p.status = 'failed')) as want(purpose, needed)
          where want.needed
            and not exists (select 1 from ledger_journals j
              where j.source_kind = 'payout' and j.source_id = p.id::text and j.purpose = want.purpose)
          union all
          select j.source_id as ref, j.purpose || ' journal on a ' || coalesce(p.status, 'missing') || ' payout' as detail
          from ledger_journals j left join payouts p on p.id::text = j.source_id
          where j.source_kind = 'payout'
            and (p.id is null or (j.purpose = 'paid' and p.status <> 'paid')
                 or (j.purpose = 'failed' and p.status <> 'failed'))`,
    },
    {
      kind: "payout_amount",
      query: sql`select p.id::text as ref,
            'payout of ' || p.amount_cents || ' but its ' || j.purpose || ' journal moves ' || abs(sum(e.amount_cents)) as detail
          from payouts p
          join ledger_journals j on j.source_kind = 'payout' and j.source_id = p.id::text
          join ledger_entries e on e.journal_id = j.id and e.account = 'payouts_in_transit'
          group by p.id, p.amount_cents, j.purpose
          having abs(sum(e.amount_cents)) <> p.amount_cents`,
    },
    {
      // A released sale has nothing left pending: the release moved it (no journal is written
      // when refunds had already taken it all).
      kind: "release_without_journal",
      query: sql`select s.order_id || ':' || s.seller_id as ref,
            'released ' || s.released_at || ' but ' || t.pending || ' still pending' as detail
          from seller_sales s
          join (select j.order_id, e.seller_id, sum(e.amount_cents) as pending
                from ledger_entries e join ledger_journals j on j.id = e.journal_id
                where e.account = 'seller_pending' and j.order_id is not null
                group by j.order_id, e.seller_id) t
            on t.order_id = s.order_id and t.seller_id = s.seller_id
          where s.released_at is not null and t.pending <> 0`,
    },
    {
      kind: "release_not_marked",
      query: sql`select j.source_id as ref, 'release journal on a sale not marked released' as detail
          from ledger_journals j
          left join seller_sales s on s.order_id::text || ':' || s.seller_id::text = j.source_id
          where j.source_kind = 'seller_sale' and j.purpose = 'release' and s.released_at is null`,
    },
    {
      // The table's check constraint says the same; this catches a database that lost it.
      kind: "seller_entry",
      query: sql`select e.id::text as ref,
            e.account || ' entry ' || case when e.seller_id is null then 'without' else 'with' end || ' a seller' as detail
          from ledger_entries e
          where (e.account in (${sellerAccounts})) <> (e.seller_id is not null)`,
    },
    {
      // Each upgrade bought (listing_upgrades) has its fee journal for its price, charged to the
      // listing's seller: the row and the journal are written in one transaction.
      kind: "upgrade_fee",
      query: sql`select u.listing_id::text || ':' || u.upgrade as ref,
            'upgrade of ' || u.cents || ' cents has ' || coalesce(f.total::text, 'no') || ' fee journal' as detail
          from listing_upgrades u join listings l on l.id = u.listing_id
          left join lateral (
            select sum(-e.amount_cents) as total from ledger_journals j
            join ledger_entries e on e.journal_id = j.id
            where j.source_kind = 'listing' and j.source_id = u.listing_id::text
              and j.purpose = u.journal_purpose and e.account = 'seller_available'
              and e.seller_id = l.seller_id
          ) f on true
          where f.total is distinct from u.cents`,
    },
    {
      // Each case expedited at its seller's ask has its fee journal for the fee recorded on the
      // case, charged to that seller; and each fee journal has such a case (a buyer's expedited
      // review, from before only sellers could ask, was never charged and has none).
      kind: "dispute_fee",
      query: sql`select a.id::text as ref,
            'expedited case with a fee of ' || a.expedited_fee_cents || ' cents has '
              || coalesce(f.total::text, 'no') || ' fee journal' as detail
          from after_sale_requests a
          left join lateral (
            select sum(-e.amount_cents) as total from ledger_journals j
            join ledger_entries e on e.journal_id = j.id
            where j.source_kind = 'after_sale_request' and j.source_id = a.id::text
              and j.purpose = 'expedite' and e.account = 'seller_available'
              and e.seller_id = a.seller_id
          ) f on true
          where a.expedited and a.expedited_by = a.seller_id
            and f.total is distinct from a.expedited_fee_cents
          union all
          select j.source_id as ref, 'expedite fee journal without a case its seller expedited' as detail
          from ledger_journals j
          left join after_sale_requests a on a.id::text = j.source_id
          where j.source_kind = 'after_sale_request' and j.purpose = 'expedite'
            and (a.id is null or not a.expedited or a.expedited_by is distinct from a.seller_id)`,
    },
    {
      kind: "payouts_in_transit",
      query: sql`select 'payouts_in_transit' as ref,
            'balance ' || l.total || ' but sending and in-transit payouts sum to ' || p.total as detail
          from (select coalesce(sum(amount_cents), 0) as total from ledger_entries
                where account = 'payouts_in_transit') l,
               (select coalesce(sum(amount_cents), 0) as total from payouts
                where status in ('sending', 'in_transit')) p
          where l.total <> p.total`,
    },
    {
      // Owed to buyers: every refund recorded in the ledger and not sent (pending, or failed and
      // left for a person to send by hand).
      kind: "refunds_payable",
      query: sql`select 'refunds_payable' as ref,
            'balance ' || l.total || ' but pending and failed refunds sum to ' || r.total as detail
          from (select coalesce(sum(amount_cents), 0) as total from ledger_entries
                where account = 'refunds_payable') l,
               (select coalesce(sum(r.amount_cents), 0) as total from refunds r
                where r.status in ('pending', 'failed') and exists (select 1 from ledger_journals j
                  where j.source_kind = 'refund' and j.source_id = r.id::text
                    and (j.purpose = 'refund' or j.purpose like 'refund:%'))) r
          where l.total <> r.total`,
    },
  ];
}

/** When the ledger started in this database: null when it has no journal yet. */
async function ledgerStart(db: Db): Promise<Date | null> {
  const [row] = await rows<{ start: Date | string | null }>(
    db,
    sql`select least(min(created_at), min(occurred_at)) as start from ledger_journals`,
  );
  return row?.start ? new Date(row.start) : null;
}

/**
 * Every break of the ledger's promises, as a list to read (empty when it reconciles). Balances
 * are sums of entries by construction (there is no stored balance to disagree), so what is
 * checked is that each entry is where its event says it should be.
 */
export async function checkLedger(db: Db, options: { since?: Date } = {}): Promise<LedgerBreak[]> {
  const since = options.since ?? (await ledgerStart(db));
  // No journal yet: nothing was posted, so no event is checked against one (a pre-ledger database).
  const from = since ? since.toISOString() : "infinity";
  const found: LedgerBreak[] = [];
  for (const { kind, query } of checks(from)) {
    const broken = await rows<{ ref: string; detail: string }>(db, query);
    for (const b of broken) found.push({ kind, ref: String(b.ref), detail: String(b.detail) });
  }
  return found;
}

/** The breaks as lines to print, at most `perKind` of each kind. */
export function describeBreaks(breaks: readonly LedgerBreak[], perKind = 20): string {
  const byKind = new Map<string, LedgerBreak[]>();
  for (const b of breaks) byKind.set(b.kind, [...(byKind.get(b.kind) ?? []), b]);
  const lines: string[] = [];
  for (const [kind, list] of byKind) {
    lines.push(`${kind}: ${list.length}`);
    for (const b of list.slice(0, perKind)) lines.push(`  ${b.ref}  ${b.detail}`);
    if (list.length > perKind) lines.push(`  ... and ${list.length - perKind} more`);
  }
  return lines.join("\n");
}
