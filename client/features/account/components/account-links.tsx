import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface AccountLink {
  to: string;
  label: string;
  hint: string;
}

export const BUYING_LINKS: AccountLink[] = [
  { to: "/my/bids", label: "Bids & Offers", hint: "Auctions you have bid on" },
  { to: "/my/purchases", label: "Purchase History", hint: "Your orders and their items" },
  { to: "/watchlist/items", label: "Watchlist", hint: "Items you are watching" },
];

export const SELLING_LINKS: AccountLink[] = [
  { to: "/my/selling", label: "Selling", hint: "Your listings and their status" },
  { to: "/my/payments", label: "Payments", hint: "Your balance, payouts and statements" },
  { to: "/sell/create", label: "List an item", hint: "Start a new auction or Buy It Now listing" },
  { to: "/sell", label: "Seller Hub", hint: "Seller tools and support" },
];

/** A list of links, each with a line saying where it goes. */
export function AccountLinks({ links }: { links: AccountLink[] }) {
  return (
    <ul className="-mx-2 flex flex-col">
      {links.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="flex items-center justify-between gap-3 rounded-lg px-2 py-2.5 hover:bg-brand-50"
          >
            <span className="flex flex-col">
              <span className="font-medium text-brand-800">{link.label}</span>
              <span className="text-sm text-slate-700">{link.hint}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
