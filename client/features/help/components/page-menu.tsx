import { useId } from "react";
import { NavLink } from "react-router";
import { cn } from "../../../lib/cn";
import type { ContentEntry } from "./content-pages";

/** The pages of one group (the fee pages, the policies), the current one marked. */
export function PageMenu({ title, entries }: { title: string; entries: readonly ContentEntry[] }) {
  const headingId = useId();
  return (
    <nav
      aria-labelledby={headingId}
      className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">
        {title}
      </h2>
      <ul className="flex flex-col gap-0.5 text-sm">
        {entries.map((entry) => (
          <li key={entry.path}>
            <NavLink
              to={entry.path}
              end
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-2 py-1.5 hover:bg-brand-50 hover:underline",
                  isActive ? "bg-brand-50 font-semibold text-slate-900" : "text-brand-800",
                )
              }
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
