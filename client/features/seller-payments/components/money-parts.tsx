import type { ReactNode } from "react";
import type { TransactionKind } from "../../../../core/ledger";
import { formatMoney } from "../../../../core/money";
import { cn } from "../../../lib/cn";

/** A signed amount: money in plainly, money out with a minus sign (never colour alone). */
export function SignedMoney({ cents, className }: { cents: number; className?: string }) {
  return (
    <span className={cn("tabular-nums", cents < 0 && "text-coral-800", className)}>
      {cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(cents)}
    </span>
  );
}

export const KIND_LABELS: Record<TransactionKind, string> = {
  sale: "Sale",
  fee: "Fee",
  refund: "Refund",
  payout: "Payout",
  adjustment: "Adjustment",
};

/** A date (no time) in UTC, as the money rules count days. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));
}

/** A white card with a heading, the page's sections. */
export function Panel({
  id,
  title,
  children,
  actions,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "flex flex-col gap-4 rounded-xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6",
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
