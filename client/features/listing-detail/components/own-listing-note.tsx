import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";

/**
 * What the seller sees where a buyer would buy or bid: that the listing is theirs, and the way to
 * its edit form (a sold listing can no longer change, so it has none).
 */
export function OwnListingNote({ listingId, canEdit }: { listingId: string; canEdit: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand-100 px-4 py-3">
      <p className="font-semibold text-slate-900">This is your listing</p>
      {canEdit && (
        <Link to={`/listing/${listingId}/edit`} className={buttonClasses("outline", "sm")}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit listing
        </Link>
      )}
    </div>
  );
}
