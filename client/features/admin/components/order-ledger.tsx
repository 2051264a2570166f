import type { OrderLedger as Ledger } from "../../../../core/contracts/admin-money";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { useOrderLedger } from "../api/money";
import { AdminTable, type Column, QueryView, Section } from "./admin-ui";

type Entry = Ledger["journals"][number]["entries"][number];

const ACCOUNT_LABELS: Record<Entry["account"], string> = {
  seller_pending: "Seller pending",
  seller_available: "Seller available",
  seller_on_hold: "Seller on hold",
  provider_clearing: "Provider clearing",
  fee_revenue_final_value: "Final value fee revenue",
  fee_revenue_insertion: "Insertion fee revenue",
  fee_revenue_upgrades: "Upgrade fee revenue",
  fee_revenue_disputes: "Dispute fee revenue",
  tax_payable: "Tax payable",
  refunds_payable: "Refunds payable",
  payouts_in_transit: "Payouts in transit",
};

const ENTRY_COLUMNS: Column<Entry>[] = [
  { header: "Account", rowHeader: true, cell: (e) => ACCOUNT_LABELS[e.account] ?? e.account },
  { header: "Seller", cell: (e) => e.seller?.username ?? "—" },
  { header: "Kind", cell: (e) => e.kind },
  {
    header: "Amount",
    numeric: true,
    cell: (e) =>
      e.amountCents < 0 ? `−${formatMoney(-e.amountCents)}` : formatMoney(e.amountCents),
  },
];

/** The admin order page's ledger: every journal of the order, each with its balanced entries. */
export function OrderLedgerSection({ orderId }: { orderId: string }) {
  const ledger = useOrderLedger(orderId);
  return (
    <Section title="Ledger" id="order-ledger">
      <p className="text-sm text-slate-700">
        Every movement of this order's money; each journal's entries sum to zero. Positive credits
        the account's holder.
      </p>
      <QueryView
        query={ledger}
        loading="Loading the ledger..."
        failure="We couldn't load this order's ledger."
        empty={{
          when: (d) => d.journals.length === 0,
          title: "No ledger journals for this order.",
        }}
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            {data.journals.map((j) => (
              <div key={j.id} className="flex flex-col gap-1">
                <h3 className="text-sm font-semibold text-slate-900">
                  {j.purpose} · {j.sourceKind} · {formatDateTime(j.occurredAt)}
                </h3>
                <AdminTable
                  label={`Journal ${j.purpose} of ${formatDateTime(j.occurredAt)}`}
                  rows={j.entries}
                  rowKey={(_e, index) => index}
                  columns={ENTRY_COLUMNS}
                />
              </div>
            ))}
          </div>
        )}
      </QueryView>
    </Section>
  );
}
