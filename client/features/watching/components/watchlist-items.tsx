import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { SelectField } from "../../../components/ui/select-field";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useWatchlist } from "../api/get-watchlist";
import { useWatchlistParams } from "../hooks/use-watchlist-params";
import { WatchlistItemRow } from "./watchlist-item-row";

// The spec's choices, in its order.
const FILTER_OPTIONS = [
  { value: "all", label: "All items" },
  { value: "ending_soon", label: "Ending soon" },
  { value: "active", label: "Active" },
  { value: "ended", label: "Ended" },
];
const SORT_OPTIONS = [
  { value: "ending_soonest", label: "Ending soonest" },
  { value: "newly_listed", label: "Newly listed" },
  { value: "price_lowest", label: "Price: lowest first" },
  { value: "price_highest", label: "Price: highest first" },
];

/** /watchlist/items: the filter and sort (in the URL, applied by the server), items and pages. */
export function WatchlistItems() {
  const { params, setFilter, setSort } = useWatchlistParams();
  const query = useWatchlist(params);
  const filtered = params.filter !== "all";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm font-medium text-slate-700" aria-live="polite">
          {query.data ? pluralize(query.data.total, "item") : "\u00a0"}
        </p>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 sm:flex">
          <SelectField
            label="Show"
            value={params.filter}
            options={FILTER_OPTIONS}
            onChange={setFilter}
            className="sm:w-48"
          />
          <SelectField
            label="Sort by"
            value={params.sort}
            options={SORT_OPTIONS}
            onChange={setSort}
            className="sm:w-52"
          />
        </div>
      </div>

      {query.isPending ? (
        <Spinner label="Loading your watchlist..." showLabel />
      ) : query.isError ? (
        <ErrorState
          message="We couldn't load your watchlist."
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No watched items match this filter."
            hint="Choose another filter to see the rest of your watchlist."
          >
            <button
              type="button"
              onClick={() => setFilter("all")}
              className={buttonClasses("outline", "md", "mt-2")}
            >
              Show all items
            </button>
          </EmptyState>
        ) : (
          <EmptyState
            title="Your watchlist is empty."
            hint="Tap the heart on any listing to keep an eye on it here."
          >
            <Link to="/listings" className={buttonClasses("primary", "md", "mt-2")}>
              Browse listings
            </Link>
          </EmptyState>
        )
      ) : (
        <>
          <ul
            aria-label="Watched items"
            aria-busy={query.isFetching}
            className={cn("flex flex-col gap-3", query.isPlaceholderData && "opacity-60")}
          >
            {query.data.items.map((item) => (
              <li key={item.listing.id}>
                <WatchlistItemRow item={item} />
              </li>
            ))}
          </ul>
          <Pagination
            page={query.data.page}
            pageSize={query.data.pageSize}
            total={query.data.total}
          />
        </>
      )}
    </div>
  );
}
