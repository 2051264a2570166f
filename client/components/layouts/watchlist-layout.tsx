import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cn } from "../../lib/cn";
import { PageTitle } from "../ui/page-title";
import { WATCHLIST_LINKS } from "./watchlist-menu";

/** The tabs between the three watchlist pages: the header's Watchlist menu, laid out flat. */
export function WatchlistTabs() {
  return (
    <nav aria-label="Watchlist" className="border-b border-sand-300">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {WATCHLIST_LINKS.map((link) => (
          <li key={link.to} className="shrink-0">
            <NavLink
              to={link.to}
              end
              className={({ isActive }) =>
                cn(
                  "inline-flex h-11 items-center border-b-4 px-3 text-sm font-semibold sm:px-4 sm:text-base",
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-700 hover:border-sand-300 hover:text-slate-900",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A watchlist page: the tabs, then its heading and content. */
export function WatchlistLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 sm:py-8">
      <PageTitle title={title} />
      <WatchlistTabs />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}
