import { Download } from "lucide-react";
import { useId } from "react";
import { TRANSACTION_KINDS, type TransactionKind } from "../../../../core/ledger";
import { formatMoney } from "../../../../core/money";
import { buttonClasses } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { PagerButtons } from "../../../components/ui/pagination";
import { SelectField } from "../../../components/ui/select-field";
import { Spinner } from "../../../components/ui/spinner";
import { inputClasses } from "../../../components/ui/text-field";
import { cn } from "../../../lib/cn";
import {
  type TransactionFilters,
  transactionsCsvUrl,
  useTransactions,
} from "../api/seller-payments-api";
import { formatDay, KIND_LABELS, Panel, SignedMoney } from "./money-parts";

function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={cn(inputClasses, "h-10 border-slate-400 text-sm")}
      />
    </div>
  );
}

/**
 * Every movement of the seller's money, filtered by type and dates (kept in the page's URL, so a
 * filtered list can be shared or reloaded), paged, and downloadable as CSV with the same filters.
 */
export function TransactionsPanel({
  filters,
  onFilters,
}: {
  filters: TransactionFilters;
  onFilters: (filters: TransactionFilters) => void;
}) {
  const transactions = useTransactions(filters);
  const set = (change: Partial<TransactionFilters>) =>
    onFilters({ ...filters, page: 1, ...change });
  const last = transactions.data
    ? Math.max(1, Math.ceil(transactions.data.total / transactions.data.pageSize))
    : 1;
  return (
    <Panel
      id="transactions-heading"
      title="Transactions"
      actions={
        <a href={transactionsCsvUrl(filters)} download className={buttonClasses("outline", "sm")}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      }
    >
      <form
        aria-label="Filter transactions"
        className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Type"
          value={filters.kind ?? ""}
          onChange={(value) => set({ kind: (value || undefined) as TransactionKind | undefined })}
          options={[
            { value: "", label: "All types" },
            ...TRANSACTION_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
          ]}
        />
        <DateFilter label="From" value={filters.from} onChange={(from) => set({ from })} />
        <DateFilter label="To" value={filters.to} onChange={(to) => set({ to })} />
      </form>
      {transactions.isPending ? (
        <Spinner label="Loading your transactions..." showLabel />
      ) : transactions.isError ? (
        <ErrorState
          message={transactions.error.message || "We couldn't load your transactions."}
          onRetry={() => void transactions.refetch()}
        />
      ) : transactions.data.items.length === 0 ? (
        <p className="text-slate-700">
          {filters.kind || filters.from || filters.to
            ? "No transactions match these filters."
            : "No transactions yet. Sales, fees, refunds and payouts will show here."}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {transactions.data.total === 1
              ? "1 transaction"
              : `${transactions.data.total} transactions`}
          </p>
          <ul aria-label="Transactions" className="flex flex-col divide-y divide-sand-200">
            {transactions.data.items.map((line) => (
              <li
                key={line.id}
                className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:gap-4"
              >
                <span className="text-sm text-slate-700 sm:w-28 sm:shrink-0">
                  {formatDay(line.occurredAt)}
                </span>
                <span className="w-fit rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 sm:w-24 sm:text-center">
                  {KIND_LABELS[line.kind]}
                </span>
                <span className="min-w-0 flex-1 text-sm text-slate-900">
                  <span className="break-words">{line.description}</span>
                  {line.orderNumber && (
                    <span className="block text-xs text-slate-700">
                      Order <span className="font-mono">#{line.orderNumber}</span>
                    </span>
                  )}
                  {line.grossCents !== null && line.feeCents !== null && (
                    <span className="block text-xs text-slate-700">
                      {formatMoney(line.grossCents)} sale − {formatMoney(line.feeCents)} final value
                      fee
                    </span>
                  )}
                </span>
                <SignedMoney cents={line.amountCents} className="font-semibold sm:text-right" />
              </li>
            ))}
          </ul>
          <PagerButtons
            label="Transaction pages"
            page={transactions.data.page}
            last={last}
            onPage={(page) => onFilters({ ...filters, page })}
          />
        </>
      )}
    </Panel>
  );
}
