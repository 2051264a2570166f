import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { type ListingParams, useListings } from "../api/get-listings";
import { ListingCard } from "./listing-card";
import { ListingGrid } from "./listing-grid";

/** Count, grid of listing cards and pagination for one query (browse, deals, trending...). */
export function ListingResults({
  params,
  maxColumns = 4,
}: {
  params: ListingParams;
  /** Fewer beside a side panel. */
  maxColumns?: 3 | 4;
}) {
  const query = useListings(params);

  if (query.isPending) return <Spinner label="Loading listings..." showLabel />;
  if (query.isError) {
    return (
      <ErrorState
        message="We couldn't load listings right now."
        onRetry={() => void query.refetch()}
      />
    );
  }

  const { items, total, page, pageSize, totalIsLowerBound } = query.data;
  return (
    <section aria-label="Results" aria-busy={query.isFetching}>
      <p className="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
        {totalIsLowerBound
          ? `More than ${total.toLocaleString("en-US")} items found`
          : `${pluralize(total, "item")} found`}
      </p>
      {items.length === 0 ? (
        <EmptyState
          title="No listings found matching your criteria."
          hint="Try changing your filters or search query."
        />
      ) : (
        <ListingGrid
          maxColumns={maxColumns}
          className={cn(query.isPlaceholderData && "opacity-60")}
        >
          {items.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} headingLevel={2} />
            </li>
          ))}
        </ListingGrid>
      )}
      <Pagination page={page} pageSize={pageSize} total={total} />
    </section>
  );
}
