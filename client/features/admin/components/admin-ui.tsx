import type { ReactNode } from "react";
import { REPORT_REASON_LABELS } from "../../../../core/contracts/admin";
import { PageTitle } from "../../../components/ui/page-title";
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
 * keyboard can reach (so it can be scrolled without a mouse).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <section aria-label={label} tabIndex={0} className="-mx-1 overflow-x-auto px-1">
      {children}
    </section>
  );
}

export const tableClasses = "w-full min-w-[36rem] border-collapse text-left text-sm";
export const thClasses =
  "border-b border-sand-300 px-3 py-2 text-xs font-semibold tracking-wide text-slate-700 uppercase";
export const tdClasses = "border-b border-sand-200 px-3 py-2 align-top text-slate-800";
