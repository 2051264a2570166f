import { ChevronDown, Heart } from "lucide-react";
import { Link } from "react-router";
import { useDropdown } from "../../lib/use-dismiss";

/** The three watchlist pages, in the header's menu and the pages' own tabs alike. */
export const WATCHLIST_LINKS = [
  { to: "/watchlist/items", label: "Items" },
  { to: "/watchlist/searches", label: "Saved Searches" },
  { to: "/watchlist/sellers", label: "Saved Sellers" },
];

/** The header's Watchlist dropdown (a disclosure of three links). */
export function WatchlistMenu() {
  const { open, close, toggle, container, trigger, menuId } = useDropdown();

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        className="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-brand-50 sm:px-3"
      >
        <Heart aria-hidden="true" className="size-5" />
        <span className="sr-only sm:not-sr-only">Watchlist</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 sm:block" />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-40 mt-1 w-52 rounded-xl border border-sand-200 bg-white py-2 shadow-lg"
        >
          {WATCHLIST_LINKS.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={close}
                className="block px-4 py-2 text-sm text-slate-800 hover:bg-brand-50"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
