import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** A titled strip of the home page with its "View all" link. */
export function HomeSection({
  id,
  title,
  viewAllHref,
  action,
  children,
}: {
  id: string;
  title: string;
  viewAllHref?: string;
  /** Something to do with the section, in its header (Recently viewed's Clear). */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex items-end justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold text-slate-900">
          {title}
        </h2>
        {action}
        {viewAllHref && (
          <Link
            to={viewAllHref}
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 hover:underline"
          >
            View all<span className="sr-only"> {title}</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
