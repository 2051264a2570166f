import { CalendarDays, Star } from "lucide-react";
import type { ReactNode } from "react";
import type { Store } from "../../../../core/contracts/selling";
import { formatRating, pluralize } from "../../../lib/format";

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });

/**
 * A seller's store: avatar, name, store name and introduction, rating (one decimal or "New"),
 * member since, listing count. `follow` is the Follow button and `report` the Report link, which
 * the page wires in from watching and reports (and leaves out on the viewer's own store).
 */
export function StoreHeader({
  store,
  follow,
  report,
}: {
  store: Store;
  follow?: ReactNode;
  report?: ReactNode;
}) {
  const { seller } = store;
  const name = seller.username || "Unknown";
  return (
    <header className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:gap-6 sm:p-6">
      {seller.avatarUrl ? (
        <img
          src={seller.avatarUrl}
          alt=""
          width={96}
          height={96}
          className="size-20 shrink-0 rounded-full object-cover sm:size-24"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-20 shrink-0 items-center justify-center rounded-full bg-brand-700 text-3xl font-bold text-white uppercase sm:size-24"
        >
          {name.charAt(0)}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{name}</h1>
        {seller.storeName !== seller.username && (
          <p className="text-lg font-semibold break-words text-slate-800">{seller.storeName}</p>
        )}
        {seller.storeDescription && (
          <p className="break-words whitespace-pre-line text-slate-700">
            {seller.storeDescription}
          </p>
        )}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
          <span className="inline-flex items-center gap-1">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span className="sr-only">Rating:</span>
            <span className="font-semibold text-slate-900">{formatRating(seller.rating)}</span>
            {seller.rating !== null && <span>({pluralize(seller.ratingCount, "rating")})</span>}
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-4" />
            Member since {monthYear.format(new Date(seller.memberSince))}
          </span>
        </p>
        <p className="text-sm text-slate-700">
          {pluralize(store.activeListingCount, "active listing")}
        </p>
      </div>
      {(follow || report) && (
        <div className="flex shrink-0 flex-wrap items-center gap-4 sm:flex-col sm:items-end sm:self-start">
          {follow}
          {report}
        </div>
      )}
    </header>
  );
}
