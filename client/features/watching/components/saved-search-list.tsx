import { Link } from "react-router";
import { MAX_SAVED_SEARCHES } from "../../../../core/limits";
import { buttonClasses } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { pluralize } from "../../../lib/format";
import { useSavedSearches } from "../api/get-saved-searches";
import { SavedSearchRow } from "./saved-search-row";

/** /watchlist/searches: every saved search (there are at most 100, so one page). */
export function SavedSearchList() {
  const query = useSavedSearches();
  if (query.isPending) return <Spinner label="Loading your saved searches..." showLabel />;
  if (query.isError)
    return (
      <ErrorState
        message="We couldn't load your saved searches."
        onRetry={() => void query.refetch()}
      />
    );
  const { items } = query.data;
  if (items.length === 0)
    return (
      <EmptyState
        title="You have no saved searches yet."
        hint='Search or browse a category, then choose "Save this search" to find it here.'
      >
        <Link to="/listings" className={buttonClasses("primary", "md", "mt-2")}>
          Browse listings
        </Link>
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {pluralize(items.length, "saved search", "saved searches")} (up to {MAX_SAVED_SEARCHES})
      </p>
      <ul aria-label="Saved searches" className="flex flex-col gap-3">
        {items.map((search) => (
          <li key={search.id}>
            <SavedSearchRow search={search} />
          </li>
        ))}
      </ul>
    </div>
  );
}
