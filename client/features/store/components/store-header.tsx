import { CalendarDays, Star } from "lucide-react";
import type { Store } from "../../../../core/contracts/selling";
import { formatRating, pluralize } from "../../../lib/format";

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });

/** A seller's store: avatar, name, rating (one decimal or "New"), member since, listing count. */
export function StoreHeader({ store }: { store: Store }) {
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
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{name}</h1>
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
    </header>
  );
}
