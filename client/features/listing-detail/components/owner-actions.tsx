import { Copy, Pencil, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";

/** Where Sell similar and Relist open the wizard, filled from the listing (issue 30). */
export const sellSimilarPath = (listingId: string) =>
  `/sell/create?similar=${encodeURIComponent(listingId)}`;
export const relistPath = (listingId: string) =>
  `/sell/create?relist=${encodeURIComponent(listingId)}`;

/**
 * What the seller sees where a buyer would buy or bid (issue 30): that the listing is theirs, and
 * the seller's tools as eBay offers them: Revise (the edit form, under the rules after bids), Sell
 * similar (the wizard filled from this listing, as a new listing) and, for one that ended without
 * a sale, Relist.
 */
export function OwnerActions({
  listingId,
  canRevise,
  canRelist = false,
}: {
  listingId: string;
  canRevise: boolean;
  canRelist?: boolean;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-sand-100 px-4 py-3">
      <p className="font-semibold text-slate-900">This is your listing</p>
      <div className="flex flex-wrap gap-2">
        {canRelist && (
          <Link to={relistPath(listingId)} className={buttonClasses("accent", "sm")}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Relist
          </Link>
        )}
        {canRevise && (
          <Link to={`/listing/${listingId}/edit`} className={buttonClasses("outline", "sm")}>
            <Pencil aria-hidden="true" className="size-4" />
            Revise listing
          </Link>
        )}
        <Link to={sellSimilarPath(listingId)} className={buttonClasses("outline", "sm")}>
          <Copy aria-hidden="true" className="size-4" />
          Sell similar
        </Link>
      </div>
    </div>
  );
}
