import { useParams, useSearchParams } from "react-router";
import type { ListingSort } from "../../../core/contracts/browse";
import { NotFoundScreen } from "../../components/not-found-screen";
import { EmptyState } from "../../components/ui/empty-state";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { SelectField } from "../../components/ui/select-field";
import { Spinner } from "../../components/ui/spinner";
import { FeedbackProfile } from "../../features/feedback/components/feedback-profile";
import { RecentFeedback } from "../../features/feedback/components/recent-feedback";
import { useListings } from "../../features/listings/api/get-listings";
import { ListingCard } from "../../features/listings/components/listing-card";
import { ListingGrid } from "../../features/listings/components/listing-grid";
import { readPage, readSort } from "../../features/listings/hooks/use-category-filters";
import { ReportButton } from "../../features/reports/components/report-button";
import { useStore } from "../../features/store/api/get-store";
import { StoreHeader } from "../../features/store/components/store-header";
import { FollowButton } from "../../features/watching/components/follow-button";
import { isNotFoundError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { pluralize } from "../../lib/format";
import { useSession } from "../../lib/session";

// The same choices, in the same words, as /listings.
const SORT_OPTIONS: { value: ListingSort; label: string }[] = [
  { value: "newest", label: "Newest First" },
  { value: "price_asc", label: "Price (Low to High)" },
  { value: "price_desc", label: "Price (High to Low)" },
  { value: "ending_soon", label: "Ending Soon" },
];

/** /store/:id (public): a seller's store header and their active listings. */
export function StorePage() {
  const { id = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const store = useStore(id);
  const { user } = useSession();
  const sort = readSort(searchParams, "newest");
  const sortValue = SORT_OPTIONS.some((o) => o.value === sort) ? sort : "newest";
  const listings = useListings({
    seller: id,
    sort: sortValue,
    page: readPage(searchParams),
  });

  if (store.isError && isNotFoundError(store.error, true)) return <NotFoundScreen />;

  const changeSort = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === "newest") next.delete("sort");
        else next.set("sort", value);
        next.delete("page");
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <PageTitle title={store.data ? `${store.data.seller.username}'s store` : "Store"} />
      {store.isPending ? (
        <Spinner label="Loading store..." showLabel />
      ) : store.isError ? (
        <ErrorState message="We couldn't load this store." onRetry={() => void store.refetch()} />
      ) : (
        <StoreHeader
          store={store.data}
          follow={
            // Sellers do not follow their own store.
            user?.id === store.data.seller.id ? undefined : (
              <FollowButton
                sellerId={store.data.seller.id}
                sellerName={store.data.seller.username || "this seller"}
              />
            )
          }
          report={
            user?.id === store.data.seller.id ? undefined : (
              <ReportButton
                target={{
                  kind: "user",
                  id: store.data.seller.id,
                  name: store.data.seller.username || "this seller",
                }}
                label="Report"
              />
            )
          }
        />
      )}
      {store.data && <FeedbackProfile sellerId={store.data.seller.id} />}
      <section aria-labelledby="store-listings" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="store-listings" className="text-xl font-bold text-slate-900">
              Active listings
            </h2>
            {listings.data && (
              <p className="text-sm text-slate-700" aria-live="polite">
                {pluralize(listings.data.total, "item")} found
              </p>
            )}
          </div>
          <SelectField
            label="Sort by"
            value={sortValue}
            options={SORT_OPTIONS}
            onChange={changeSort}
            className="sm:w-56"
          />
        </div>
        {listings.isPending ? (
          <Spinner label="Loading listings..." showLabel />
        ) : listings.isError ? (
          <ErrorState
            message="We couldn't load this seller's listings."
            onRetry={() => void listings.refetch()}
          />
        ) : listings.data.items.length === 0 ? (
          <EmptyState
            title="No active listings right now."
            hint="This seller has nothing for sale at the moment. Check back later."
          />
        ) : (
          <>
            <ListingGrid className={cn(listings.isPlaceholderData && "opacity-60")}>
              {listings.data.items.map((listing) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} headingLevel={3} />
                </li>
              ))}
            </ListingGrid>
            <Pagination
              page={listings.data.page}
              pageSize={listings.data.pageSize}
              total={listings.data.total}
            />
          </>
        )}
      </section>
      {store.data && (
        <RecentFeedback
          sellerId={store.data.seller.id}
          report={(item) =>
            // Your own feedback is yours to stand by; the seller reports what is written about them.
            item.author.name === user?.username ? null : (
              <ReportButton
                target={{ kind: "feedback", id: item.id, name: item.item.title }}
                label="Report feedback"
              />
            )
          }
        />
      )}
    </div>
  );
}
