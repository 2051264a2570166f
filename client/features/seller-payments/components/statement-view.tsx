import { Printer } from "lucide-react";
import { formatMoney } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { SelectField } from "../../../components/ui/select-field";
import { Spinner } from "../../../components/ui/spinner";
import { useSession } from "../../../lib/session";
import { useStatement } from "../api/seller-payments-api";
import { formatDay, KIND_LABELS, Panel, SignedMoney } from "./money-parts";

/** The last `count` months up to `now`'s, newest first, as YYYY-MM (UTC). */
export function recentMonths(now: Date, count = 24): string[] {
  const months: string[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(d.toISOString().slice(0, 7));
  }
  return months;
}

export function monthName(month: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * One month's statement, printable: the page's chrome and controls stay off paper (print CSS in
 * client/styles.css keys on data-print).
 */
export function StatementView({
  month,
  onMonth,
  months,
}: {
  month: string;
  onMonth: (month: string) => void;
  months: string[];
}) {
  const statement = useStatement(month);
  const { user } = useSession();
  return (
    <Panel
      id="statement-heading"
      title={`Statement for ${monthName(month)}`}
      className="print:border-0 print:p-0 print:shadow-none"
      actions={
        <div className="flex flex-wrap items-end gap-3" data-print="hide">
          <SelectField
            label="Month"
            value={month}
            onChange={onMonth}
            options={months.map((m) => ({ value: m, label: monthName(m) }))}
          />
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      }
    >
      <div data-print="document" className="flex flex-col gap-4">
        {/* On paper, whose statement it is and from whom: the site's header is not printed. */}
        <p className="hidden text-sm text-slate-700 print:block">
          Tradewinds monthly statement
          {user ? ` for ${user.fullName} (${user.username})` : ""}, printed{" "}
          {formatDay(new Date().toISOString())}.
        </p>
        {statement.isPending ? (
          <Spinner label="Loading the statement..." showLabel />
        ) : statement.isError ? (
          <ErrorState
            message="We couldn't load this statement."
            onRetry={() => void statement.refetch()}
          />
        ) : (
          <>
            <p className="text-sm text-slate-700">
              Amounts in US dollars. Each total is its effect on your balance; sales count in full
              and their fees under fees.
            </p>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4 print:grid-cols-4">
              {(
                [
                  ["Opening available", statement.data.openingAvailableCents],
                  ["Sales", statement.data.salesCents],
                  ["Fees", statement.data.feesCents],
                  ["Refunds", statement.data.refundsCents],
                  ["Payouts", statement.data.payoutsCents],
                  ["Adjustments", statement.data.adjustmentsCents],
                  ["Closing available", statement.data.closingAvailableCents],
                ] as const
              ).map(([term, cents]) => (
                <div key={term}>
                  <dt className="font-semibold text-slate-700">{term}</dt>
                  <dd className="text-base font-bold text-slate-900">
                    <SignedMoney cents={cents} />
                  </dd>
                </div>
              ))}
            </dl>
            {statement.data.transactions.length === 0 ? (
              <p className="text-slate-700">Nothing moved your money this month.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full min-w-[32rem] text-left text-sm">
                  <caption className="sr-only">Transactions of {monthName(month)}</caption>
                  <thead>
                    <tr className="border-b border-sand-300 text-slate-700">
                      <th scope="col" className="py-2 pr-3 font-semibold">
                        Date
                      </th>
                      <th scope="col" className="py-2 pr-3 font-semibold">
                        Type
                      </th>
                      <th scope="col" className="py-2 pr-3 font-semibold">
                        Description
                      </th>
                      <th scope="col" className="py-2 text-right font-semibold">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {statement.data.transactions.map((line) => (
                      <tr key={line.id} className="border-b border-sand-200 align-top">
                        <td className="py-2 pr-3 whitespace-nowrap">
                          {formatDay(line.occurredAt)}
                        </td>
                        <td className="py-2 pr-3">{KIND_LABELS[line.kind]}</td>
                        <td className="py-2 pr-3 break-words">
                          {line.description}
                          {line.orderNumber && (
                            <span className="text-slate-700"> (order #{line.orderNumber})</span>
                          )}
                          {line.grossCents !== null && line.feeCents !== null && (
                            <span className="block text-xs text-slate-700">
                              {formatMoney(line.grossCents)} sale − {formatMoney(line.feeCents)} fee
                            </span>
                          )}
                        </td>
                        <td className="py-2 text-right whitespace-nowrap">
                          <SignedMoney cents={line.amountCents} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </Panel>
  );
}
