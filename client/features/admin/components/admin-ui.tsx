import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { REPORT_REASON_LABELS } from "../../../../core/contracts/admin";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { PageTitle } from "../../../components/ui/page-title";
import { Spinner } from "../../../components/ui/spinner";
import { isNotFoundError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";

/** A page of the admin area: its title (the document's too), a line on what it is for, its body. */
export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <PageTitle title={`${title} · Admin`} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{title}</h1>
          {intro && <p className="text-slate-700">{intro}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

const BADGE_TONES = {
  green: "bg-emerald-100 text-emerald-900",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-coral-100 text-coral-900",
  grey: "bg-slate-200 text-slate-800",
  teal: "bg-brand-100 text-brand-900",
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        BADGE_TONES[tone],
      )}
    >
      {children}
    </span>
  );
}

const MODERATION: Record<string, { label: string; tone: BadgeTone }> = {
  visible: { label: "Visible", tone: "green" },
  held: { label: "Held for review", tone: "amber" },
  removed: { label: "Removed", tone: "red" },
  suspended: { label: "Seller suspended", tone: "grey" },
};

/** A listing's moderation state. */
export function ModerationBadge({ state }: { state: string }) {
  const shown = MODERATION[state] ?? { label: state, tone: "grey" as const };
  return <Badge tone={shown.tone}>{shown.label}</Badge>;
}

export const ROLE_LABELS: Record<string, string> = { admin: "Admin", moderator: "Moderator" };

export const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason] ?? reason;

/** A titled block of a detail page. */
export function Section({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5",
        className,
      )}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A table that may be wider than a phone: it scrolls sideways in a labelled region that the
 * keyboard can reach (so it can be scrolled without a mouse). It is positioned so that it also
 * holds the absolutely positioned screen-reader texts of its cells (`sr-only`): without it they
 * are placed against the page, beyond this box's clip, and widen the whole page on a phone.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} className="relative -mx-1 overflow-x-auto px-1">
      {children}
    </section>
  );
}

const tableClasses = "w-full min-w-[36rem] border-collapse text-left text-sm";
const thClasses =
  "border-b border-sand-300 px-3 py-2 text-xs font-semibold tracking-wide text-slate-700 uppercase";
const tdClasses = "border-b border-sand-200 px-3 py-2 align-top text-slate-800";

/** One column of an AdminTable: its heading, and how a row fills its cell. */
export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures: aligned right, in digits of one width, so a column of amounts lines up. */
  numeric?: boolean;
  /** Classes for this column's cells (not its heading). */
  className?: string;
  /** The cell names its row (`<th scope="row">`), for screen readers reading across. */
  rowHeader?: boolean;
}

/**
 * Every table of the admin area: the same look, headings scoped for screen readers, sideways
 * scrolling on a phone (TableScroll), and dimmed while the next page of a list loads.
 */
export function AdminTable<Row>({
  label,
  caption,
  rows,
  rowKey,
  columns,
  dimmed = false,
  className,
}: {
  /** Names the scrollable region. */
  label: string;
  /** Said to screen readers only. */
  caption?: string;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  columns: readonly Column<Row>[];
  dimmed?: boolean;
  className?: string;
}) {
  return (
    <TableScroll label={label}>
      <table className={cn(tableClasses, className, dimmed && "opacity-60")}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list
                key={index}
                scope="col"
                className={cn(thClasses, column.numeric && "text-right")}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row, rowIndex)}>
              {columns.map((column, index) => {
                const className = cn(
                  tdClasses,
                  column.numeric && "text-right tabular-nums",
                  column.rowHeader && "font-medium",
                  column.className,
                );
                return column.rowHeader ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list
                  <th key={index} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are a fixed list
                  <td key={index} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * What an admin page shows for its query: a spinner while it loads, a retry when it failed, "no
 * such ..." when the server found nothing at that address (or refused the id), an empty state when
 * `empty` says there is nothing to list, and otherwise `children` with the data. A detail page
 * learns its title from the data, so `errorTitle` titles the page its failures are shown on.
 */
export function QueryView<T>({
  query,
  loading,
  failure,
  notFound,
  errorTitle,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's words, such as "Loading orders...". */
  loading: string;
  /** The failure's words, such as "We couldn't load the orders.". */
  failure: string;
  /** The empty state's title when the thing asked for does not exist. */
  notFound?: string;
  errorTitle?: string;
  empty?: { when: (data: T) => boolean; title: string; hint?: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} showLabel />;
  if (query.isError) {
    const state =
      notFound && isNotFoundError(query.error, true) ? (
        <EmptyState title={notFound} />
      ) : (
        <ErrorState message={failure} onRetry={() => void query.refetch()} />
      );
    return errorTitle ? <AdminPage title={errorTitle}>{state}</AdminPage> : state;
  }
  if (empty?.when(query.data)) return <EmptyState title={empty.title} hint={empty.hint} />;
  return <>{children(query.data)}</>;
}
