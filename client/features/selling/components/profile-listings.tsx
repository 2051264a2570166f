import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { statusLabel } from "../../../../core/listing";
import { formatMoney } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { useMyListings } from "../api/get-my-listings";
import { useListingDeletion } from "../hooks/use-listing-deletion";
import { DeleteListingDialog, PROFILE_DELETE_QUESTION } from "./delete-listing-dialog";

/** Spec constant: the profile cuts a listing's description at 100 characters. */
export const PROFILE_DESCRIPTION_MAX = 100;

export function truncateDescription(text: string, max = PROFILE_DESCRIPTION_MAX): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The profile modal's "Your listings" (spec, accounts section 2): each listing with its price,
 * status and cut description, and Delete after a confirmation. It lives with the selling feature,
 * beside /my/selling, because it is the same data and the same deletion; the modal only frames
 * it, and the root layout hands it in (features do not import each other).
 */
export function ProfileListings() {
  const listings = useMyListings();
  const deletion = useListingDeletion();

  if (listings.isPending) return <Spinner label="Loading your listings..." className="py-6" />;
  if (listings.isError) {
    return (
      <ErrorState
        message="We couldn't load your listings."
        onRetry={() => void listings.refetch()}
      />
    );
  }
  if (listings.data.items.length === 0) {
    return <p className="text-slate-700">You haven't listed anything yet.</p>;
  }
  return (
    <>
      <ul className="flex flex-col divide-y divide-sand-200">
        {listings.data.items.map((listing) => (
          <li key={listing.id} className="flex gap-3 py-3">
            <Thumbnail src={listing.image?.thumbUrl} size="sm" />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <Link
                to={`/listing/${listing.id}`}
                className="font-semibold break-words text-slate-900 hover:text-brand-800 hover:underline"
              >
                {listing.title}
              </Link>
              <p className="text-sm text-slate-800">
                {formatMoney(listing.displayPriceCents)} · {statusLabel(listing.status)}
              </p>
              <p className="text-sm break-words text-slate-700">
                {truncateDescription(listing.description)}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${listing.title}`}
              title={
                listing.canDelete ? undefined : "Listings with bids or orders can't be deleted."
              }
              disabled={!listing.canDelete}
              onClick={() => deletion.ask(listing)}
              className="shrink-0 self-start text-coral-800 hover:bg-coral-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      <DeleteListingDialog deletion={deletion} question={PROFILE_DELETE_QUESTION} />
    </>
  );
}
