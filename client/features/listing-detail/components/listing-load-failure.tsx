import { ErrorState } from "../../../components/ui/error-state";
import { isNotFoundError } from "../../../lib/api-client";
import { ListingNotFound } from "./listing-not-found";

/**
 * What a page about one listing shows when the listing could not be read: not found for an unknown
 * or malformed id (a 400 can no more exist than a 404), otherwise an error with Try again.
 */
export function ListingLoadFailure({
  error,
  onRetry,
  variant,
}: {
  error: unknown;
  onRetry: () => void;
  variant: "listing" | "product";
}) {
  if (isNotFoundError(error, true)) return <ListingNotFound variant={variant} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ErrorState message="We couldn't load this listing." onRetry={onRetry} />
    </div>
  );
}
