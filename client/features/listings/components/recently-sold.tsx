import { RECENTLY_SOLD_DAYS } from "../../../../core/listing";
import { formatUsd } from "../../../../core/money";
import { pluralize } from "../../../lib/format";
import { useDeferredData } from "../../../lib/use-deferred-data";
import { useRecentlySold } from "../api/get-recently-sold";
import { ListingCard } from "./listing-card";
import { ListingGrid } from "./listing-grid";

/**
 * Sold-price research below a listing (issue 30), as eBay's sold items give it: what items like
 * this one (its subcategory, a word of its title) sold for lately, and the median. Shown only when
 * there is something to show.
 */
export function RecentlySold({ listingId }: { listingId: string }) {
  const sold = useRecentlySold(listingId);
  // Below the listing, so drawn at low priority (lib/use-deferred-data).
  const data = useDeferredData(sold.data);
  if (!data || data.items.length === 0) return null;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pb-10">
      <section aria-labelledby="recently-sold" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
          <h2 id="recently-sold" className="text-xl font-semibold text-slate-900">
            Recently sold
          </h2>
          {data.medianPriceCents !== null && (
            <p className="text-sm text-slate-700">
              Median sold price{" "}
              <span className="text-base font-bold text-slate-900">
                {formatUsd(data.medianPriceCents)}
              </span>{" "}
              ({pluralize(data.items.length, "sale")} in the last {RECENTLY_SOLD_DAYS} days)
            </p>
          )}
        </div>
        <ListingGrid>
          {data.items.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} />
            </li>
          ))}
        </ListingGrid>
      </section>
    </div>
  );
}
