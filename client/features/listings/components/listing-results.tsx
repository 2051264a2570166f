import { Link, useSearchParams } from "react-router";
import { DEFAULT_PAGE_SIZE } from "../../../../core/limits";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { CardSkeletons } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useDeferredData } from "../../../lib/use-deferred-data";
import { type ListingParams, useListings } from "../api/get-listings";
import { DidYouMean } from "./did-you-mean";
import { ListingCard } from "./listing-card";
import { ListingGrid } from "./listing-grid";
import { PinnedListings } from "./pinned-listings";

/** This page's address at another page of results, every other parameter kept. */
function usePageHref() {
  const [searchParams] = useSearchParams();
  return (target: number) => {
    const params = new URLSearchParams(searchParams);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    return params.size > 0 ? `?${params}` : "?";
  };
}

/**
 * A page number past the last page (an old link, a hand-typed URL): the results exist, so the
 * page says where they are instead of "No listings found".
 */
function PastTheEnd({ page, last }: { page: number; last: number }) {
  const pageHref = usePageHref();
  const link = "font-semibold text-brand-800 underline-offset-2 hover:underline";
  return (
    <EmptyState
      title={`Page ${page} is past the end: the results fill ${pluralize(last, "page")}.`}
    >
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        {last > 1 && (
          <Link to={pageHref(last)} className={link}>
            Go to the last page ({last})
          </Link>
        )}
        <Link to={pageHref(1)} className={link}>
          Back to page 1
        </Link>
      </p>
    </EmptyState>
  );
}

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
  const data = useDeferredData(query.data);

  if (query.isError) {
    return (
      <ErrorState
        message="We couldn't load listings right now."
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!data) {
    // The count line and a page of placeholder cards: what follows does not jump when they come.
    return (
      <section aria-label="Results" aria-busy="true">
        <p role="status" className="mb-4 h-5 text-sm font-medium text-slate-700">
          <span className="sr-only">Loading listings...</span>
        </p>
        <CardSkeletons count={params.pageSize ?? DEFAULT_PAGE_SIZE} maxColumns={maxColumns} />
      </section>
    );
  }
  const { items, total, page, pageSize, totalIsLowerBound } = data;
  const pastTheEnd = items.length === 0 && total > 0 && page > 1;
  // Every match pinned above (a search with few, all featured): the page is not empty.
  const onlyPinned = items.length === 0 && (data.pinned?.length ?? 0) > 0;
  return (
    <section aria-label="Results" aria-busy={query.isFetching}>
      <p className="mb-4 text-sm font-medium text-slate-700" aria-live="polite">
        {totalIsLowerBound
          ? `More than ${total.toLocaleString("en-US")} items found`
          : `${pluralize(total, "item")} found`}
      </p>
      {pastTheEnd ? (
        <PastTheEnd page={page} last={Math.max(1, Math.ceil(total / pageSize))} />
      ) : items.length === 0 && !onlyPinned ? (
        <EmptyState
          title="No listings found matching your criteria."
          hint="Try changing your filters or search query."
        >
          {data.suggestion && <DidYouMean suggestion={data.suggestion} />}
        </EmptyState>
      ) : (
        <>
          <PinnedListings
            items={data.pinned}
            renderList={(pinned) => (
              <ListingGrid maxColumns={maxColumns}>
                {pinned.map((listing, index) => (
                  <li key={listing.id}>
                    {/* Featured cards come first: the first of them is the page's first picture. */}
                    <ListingCard listing={listing} headingLevel={3} priority={index === 0} />
                  </li>
                ))}
              </ListingGrid>
            )}
          />
          <ListingGrid
            maxColumns={maxColumns}
            className={cn(query.isPlaceholderData && "opacity-60")}
          >
            {items.map((listing, index) => (
              <li key={listing.id}>
                <ListingCard
                  listing={listing}
                  headingLevel={2}
                  priority={index === 0 && (data.pinned?.length ?? 0) === 0}
                />
              </li>
            ))}
          </ListingGrid>
        </>
      )}
      {/* Past the end, Previous would lead to another page past the end. */}
      {!pastTheEnd && <Pagination page={page} pageSize={pageSize} total={total} />}
    </section>
  );
}
