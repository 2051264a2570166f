import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";
import { useScrollIntoView } from "../../lib/use-scroll-into-view";

/** A row card in the account lists (cart, bids, sales): a thumbnail, then the caller's body. */
export function ItemRow({
  label,
  flagged = false,
  highlight,
  thumbnail,
  children,
}: {
  label?: string;
  /** A row with a problem (an item that can't be bought) is edged in coral. */
  flagged?: boolean;
  /**
   * The row a link pointed at (a notification's order) is outlined; the first of them (`scroll`)
   * is brought into view.
   */
  highlight?: { scroll: boolean };
  thumbnail: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useScrollIntoView(ref, Boolean(highlight?.scroll));
  return (
    <li
      ref={ref}
      aria-label={label}
      aria-current={highlight ? "true" : undefined}
      tabIndex={highlight?.scroll ? -1 : undefined}
      className={cn(
        "flex scroll-mt-4 gap-3 rounded-xl border bg-white p-3 shadow-sm sm:gap-4 sm:p-4",
        highlight
          ? "border-brand-600 ring-2 ring-brand-600 focus:outline-none"
          : flagged
            ? "border-coral-200"
            : "border-sand-200",
      )}
    >
      {thumbnail}
      {children}
    </li>
  );
}

/** A row's title, a link to the listing, at the heading level the page's outline needs. */
export function ItemTitle({
  href,
  level = "h2",
  className,
  children,
}: {
  href: string;
  level?: "h2" | "h3";
  className?: string;
  children: ReactNode;
}) {
  const Heading = level;
  return (
    <Heading className={cn("text-base leading-snug font-semibold", className)}>
      <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
        {children}
      </Link>
    </Heading>
  );
}

/** A coloured status label; the caller's class gives the colours. */
export function StatusPill({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        "max-w-full shrink-0 rounded-full px-3 py-0.5 text-sm font-semibold",
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A row's head: its title, and its status beside it (below it when the title is long). */
export function ItemHead({
  href,
  title,
  level,
  status,
}: {
  href: string;
  title: string;
  level?: "h2" | "h3";
  status: { label: string; className: string };
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <ItemTitle href={href} level={level} className="min-w-0 break-words">
        {title}
      </ItemTitle>
      <StatusPill className={status.className}>{status.label}</StatusPill>
    </div>
  );
}

/** One term and value of a row's facts (a <dl> the caller lays out). */
export function ItemFact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-700">{term}</dt>
      <dd className={cn("font-medium text-slate-900", className)}>{children}</dd>
    </div>
  );
}
