import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

/** A row card in the account lists (cart, bids, sales): a thumbnail, then the caller's body. */
export function ItemRow({
  label,
  flagged = false,
  thumbnail,
  children,
}: {
  label?: string;
  /** A row with a problem (an item that can't be bought) is edged in coral. */
  flagged?: boolean;
  thumbnail: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      aria-label={label}
      className={cn(
        "flex gap-3 rounded-xl border bg-white p-3 shadow-sm sm:gap-4 sm:p-4",
        flagged ? "border-coral-200" : "border-sand-200",
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
    <span className={cn("shrink-0 rounded-full px-3 py-0.5 text-sm font-semibold", className)}>
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
