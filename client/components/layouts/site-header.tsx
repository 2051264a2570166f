import { Sailboat, ShoppingCart, Tag } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { CategoryNode } from "../../../core/contracts/browse";
import { pluralize } from "../../lib/format";
import { useSession } from "../../lib/session";
import { CategoryNav } from "./category-nav";
import { SearchBox } from "./search-box";
import { TopStrip } from "./top-strip";
import { WatchlistMenu } from "./watchlist-menu";

export function SiteHeader({
  categories,
  cartCount = 0,
  notifications,
  messages,
  messagesUnread = 0,
}: {
  categories: CategoryNode[];
  cartCount?: number;
  /** The notification bell, beside the cart (shown when signed in). */
  notifications?: ReactNode;
  /** The Messages link with its unread badge, beside the bell (shown when signed in). */
  messages?: ReactNode;
  /** Unread messages, for the account menu's Messages entry. */
  messagesUnread?: number;
}) {
  const { user, openSignIn } = useSession();
  const navigate = useNavigate();
  return (
    <header className="relative z-30 shadow-sm">
      <TopStrip messagesUnread={messagesUnread} />
      <div className="border-b border-sand-200 bg-white">
        {/* Tighter on phones: logo, watchlist, sell, bell and cart share one row at 390 px. */}
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-3 px-4 py-3 sm:gap-x-4">
          <Link
            to="/"
            className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-brand-800"
          >
            <Sailboat aria-hidden="true" className="size-7 text-coral-700" />
            Tradewinds
          </Link>
          <div className="order-last w-full md:order-none md:w-auto md:flex-1">
            <SearchBox />
          </div>
          <div className="ml-auto flex items-center gap-0.5 sm:gap-1 md:ml-0">
            <WatchlistMenu />
            <Link
              to="/sell"
              onClick={(event) => {
                // Selling needs an account: a visitor signs in here, then goes on to /sell.
                if (user) return;
                event.preventDefault();
                openSignIn({ resume: () => navigate("/sell") });
              }}
              className="inline-flex h-10 items-center gap-1 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-brand-50 sm:px-3"
            >
              <Tag aria-hidden="true" className="size-5 sm:hidden" />
              <span className="sr-only sm:not-sr-only">Sell</span>
            </Link>
            {user && messages}
            {notifications}
            <Link
              to="/cart"
              aria-label={cartCount > 0 ? `Cart, ${pluralize(cartCount, "item")}` : "Cart"}
              className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50"
            >
              <ShoppingCart aria-hidden="true" className="size-6" />
              {cartCount > 0 && (
                <span
                  aria-hidden="true"
                  className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-coral-700 px-1 text-xs font-bold text-white tabular-nums"
                >
                  {cartCount > 99 ? "99+" : cartCount}
                </span>
              )}
            </Link>
          </div>
        </div>
      </div>
      <CategoryNav categories={categories} />
    </header>
  );
}
