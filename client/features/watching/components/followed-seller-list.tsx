import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useFollowedSellers } from "../api/get-followed-sellers";
import { FollowedSellerRow } from "./followed-seller-row";

/** /watchlist/sellers: the sellers followed, a page at a time. */
export function FollowedSellerList() {
  const [searchParams] = useSearchParams();
  const pageParam = Number(searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const query = useFollowedSellers(page);

  if (query.isPending) return <Spinner label="Loading the sellers you follow..." showLabel />;
  if (query.isError)
    return (
      <ErrorState
        message="We couldn't load the sellers you follow."
        onRetry={() => void query.refetch()}
      />
    );
  const { items, total, pageSize } = query.data;
  if (items.length === 0)
    return (
      <EmptyState
        title="You don't follow any sellers yet."
        hint="Choose Follow on a seller's store or listing to hear about their new listings."
      >
        <Link to="/listings" className={buttonClasses("primary", "md", "mt-2")}>
          Browse listings
        </Link>
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {pluralize(total, "seller")}
      </p>
      <ul
        aria-label="Saved sellers"
        className={cn("flex flex-col gap-3", query.isPlaceholderData && "opacity-60")}
      >
        {items.map((followed) => (
          <li key={followed.seller.id}>
            <FollowedSellerRow followed={followed} />
          </li>
        ))}
      </ul>
      <Pagination page={query.data.page} pageSize={pageSize} total={total} />
    </div>
  );
}
