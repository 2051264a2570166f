import { Link, useSearchParams } from "react-router";
import { TRANSACTION_KINDS, type TransactionKind } from "../../../core/ledger";
import { PageTitle } from "../../components/ui/page-title";
import type { TransactionFilters } from "../../features/seller-payments/api/seller-payments-api";
import { PaymentsSummary } from "../../features/seller-payments/components/payments-summary";
import { PayoutSettingsPanel } from "../../features/seller-payments/components/payout-settings";
import { PayoutsList } from "../../features/seller-payments/components/payouts-list";
import {
  recentMonths,
  StatementView,
} from "../../features/seller-payments/components/statement-view";
import { TransactionsPanel } from "../../features/seller-payments/components/transactions-panel";
import { cn } from "../../lib/cn";

const TABS = [
  { id: "summary", label: "Summary" },
  { id: "payouts", label: "Payouts" },
  { id: "transactions", label: "Transactions" },
  { id: "statements", label: "Statements" },
  { id: "settings", label: "Payout settings" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The transactions filters read from the URL; anything malformed is dropped, not sent. */
function filtersOf(params: URLSearchParams): TransactionFilters {
  const kind = params.get("kind");
  const from = params.get("from");
  const to = params.get("to");
  const page = Number(params.get("page"));
  return {
    kind: (TRANSACTION_KINDS as readonly string[]).includes(kind ?? "")
      ? (kind as TransactionKind)
      : undefined,
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * /my/payments (signed in only): the seller's money. Each section has its own address (?tab=), so
 * Selling, the summary and notifications can link straight to one; the filters and the month
 * live in the URL too.
 */
export function MyPaymentsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.some((t) => t.id === params.get("tab"))
    ? (params.get("tab") as Tab)
    : "summary";
  const months = recentMonths(new Date());
  const month = months.includes(params.get("month") ?? "")
    ? (params.get("month") as string)
    : (months[0] as string);
  const update = (change: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 print:max-w-none print:p-0">
      <PageTitle title="Payments" />
      <div className="flex flex-wrap items-center justify-between gap-3" data-print="hide">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Payments</h1>
        <Link to="/my/selling" className="text-sm font-semibold text-brand-700 underline">
          Back to Selling
        </Link>
      </div>
      <nav aria-label="Payments sections" data-print="hide">
        {/* On a phone the five sections wrap onto two lines rather than hide off the edge. */}
        <ul className="flex flex-wrap gap-x-1 gap-y-1 border-b border-sand-300">
          {TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={`/my/payments${t.id === "summary" ? "" : `?tab=${t.id}`}`}
                aria-current={tab === t.id ? "page" : undefined}
                className={cn(
                  "-mb-px inline-block border-b-2 px-3 py-2 text-sm font-semibold",
                  tab === t.id
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-700 hover:text-brand-700",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === "summary" && <PaymentsSummary />}
      {tab === "payouts" && <PayoutsList />}
      {tab === "transactions" && (
        <TransactionsPanel
          filters={filtersOf(params)}
          onFilters={(f) =>
            update({
              kind: f.kind,
              from: f.from,
              to: f.to,
              page: f.page > 1 ? String(f.page) : undefined,
            })
          }
        />
      )}
      {tab === "statements" && (
        <StatementView month={month} months={months} onMonth={(m) => update({ month: m })} />
      )}
      {tab === "settings" && <PayoutSettingsPanel />}
    </div>
  );
}
