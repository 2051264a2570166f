import { Copy, Eye, Pencil, Plus, RotateCcw, Store, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { MyListing } from "../../../../core/contracts/selling";
import { statusLabel } from "../../../../core/listing";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ItemHead } from "../../../components/ui/item-row";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { pluralize } from "../../../lib/format";
import { useListingDeletion } from "../hooks/use-listing-deletion";
import { DELETE_QUESTION, DeleteListingDialog } from "./delete-listing-dialog";

const STATUS_STYLES: Record<MyListing["status"], string> = {
  active: "bg-emerald-100 text-emerald-900",
  ended: "bg-slate-200 text-slate-800",
  sold: "bg-brand-100 text-brand-900",
  out_of_stock: "bg-amber-100 text-amber-900",
};

/**
 * The badge of a listing that is not public says why, not its sale status: a removed listing may
 * still be "active" underneath (restoring it puts it back), but it is not on sale.
 */
const MODERATION_BADGE: Record<Exclude<MyListing["moderation"], "visible">, string> = {
  held: "Under review",
  removed: "Removed",
  suspended: "Hidden",
};

function statusBadge(listing: MyListing) {
  if (listing.moderation === "visible")
    return { label: statusLabel(listing.status), className: STATUS_STYLES[listing.status] };
  return {
    label: MODERATION_BADGE[listing.moderation],
    className:
      listing.moderation === "held" ? "bg-amber-100 text-amber-900" : "bg-coral-100 text-coral-900",
  };
}

/** Why a listing is not public, in the seller's words (visible listings show nothing). */
const MODERATION_TEXT: Record<Exclude<MyListing["moderation"], "visible">, string> = {
  held: "Held for review: not public until a moderator approves it.",
  removed: "Removed by a moderator.",
  suspended: "Hidden while your account is suspended.",
};

const CANNOT_DELETE = "Listings with bids or orders can't be deleted.";
const LOCKED = "Has bids: only the description and photos can change, and it can't be deleted.";

function MyListingRow({
  listing,
  onDelete,
}: {
  listing: MyListing;
  onDelete: (listing: MyListing) => void;
}) {
  const href = `/listing/${listing.id}`;
  const auction = listing.kind === "auction";
  const whyNotId = `cannot-delete-${listing.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:flex-row sm:p-4">
      <div className="flex min-w-0 flex-1 gap-4">
        <Thumbnail
          src={listing.image?.thumbUrl}
          size="lg"
          href={href}
          width={listing.image?.width}
          height={listing.image?.height}
          lazy
        />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <ItemHead href={href} title={listing.title} status={statusBadge(listing)} />
          <p className="text-sm text-slate-800">
            <span className="font-semibold text-slate-900">
              {formatMoney(listing.displayPriceCents)}
            </span>
            <span className="text-slate-700">
              {" · "}
              {auction ? "Auction" : "Buy It Now"}
              {listing.acceptsOffers && " or Best Offer"}
            </span>
          </p>
          {listing.moderation !== "visible" && (
            <p
              className={
                listing.moderation === "held"
                  ? "rounded-lg bg-amber-50 px-2 py-1 text-sm text-amber-900"
                  : "rounded-lg bg-coral-50 px-2 py-1 text-sm text-coral-900"
              }
            >
              <span className="font-semibold">{MODERATION_TEXT[listing.moderation]}</span>
              {listing.moderationReason && <> {listing.moderationReason}</>}
            </p>
          )}
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            <span>Quantity: {listing.quantity}</span>
            {auction && <span>{pluralize(listing.bidCount ?? 0, "bid")}</span>}
            {listing.soldCount > 0 && <span>{listing.soldCount} sold</span>}
            {listing.openOfferCount > 0 && (
              <Link
                to={`/my/selling/offers?listing=${listing.id}`}
                aria-label={`${pluralize(listing.openOfferCount, "offer")} on ${listing.title}`}
                className="font-semibold text-brand-800 underline"
              >
                {pluralize(listing.openOfferCount, "offer")}
              </Link>
            )}
            {auction && listing.endsAt && (
              <span>
                {listing.status === "active" ? "Ends" : "Ended"} {formatDateTime(listing.endsAt)}
              </span>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-1 sm:w-80 sm:shrink-0 sm:items-end sm:justify-center">
        <div className="flex flex-wrap gap-2">
          <Link
            to={href}
            aria-label={`View ${listing.title}`}
            className={buttonClasses("ghost", "sm")}
          >
            <Eye aria-hidden="true" className="size-4" />
            View
          </Link>
          <Link
            to={`/listing/${listing.id}/edit`}
            aria-label={`Edit ${listing.title}`}
            className={buttonClasses("outline", "sm")}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
          {/* Sell similar and Relist open the wizard filled from this listing (issue 30). */}
          <Link
            to={`/sell/create?similar=${listing.id}`}
            aria-label={`Sell similar to ${listing.title}`}
            className={buttonClasses("outline", "sm")}
          >
            <Copy aria-hidden="true" className="size-4" />
            Sell similar
          </Link>
          {listing.canRelist && (
            <Link
              to={`/sell/create?relist=${listing.id}`}
              aria-label={`Relist ${listing.title}`}
              className={buttonClasses("outline", "sm")}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              Relist
            </Link>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-label={`Delete ${listing.title}`}
            aria-describedby={listing.canDelete ? undefined : whyNotId}
            disabled={!listing.canDelete}
            onClick={() => onDelete(listing)}
            className="border-coral-700 text-coral-800 hover:bg-coral-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
        {(listing.locked || !listing.canDelete) && (
          <p id={whyNotId} className="text-xs text-slate-700 sm:text-right">
            {listing.locked ? LOCKED : CANNOT_DELETE}
          </p>
        )}
      </div>
    </li>
  );
}

/** The seller's own listings, each with View, Edit and Delete (after the spec's confirmation). */
export function MyListings({ listings }: { listings: MyListing[] }) {
  const deletion = useListingDeletion();
  return (
    <>
      <ul aria-label="Your listings" className="flex flex-col gap-3">
        {listings.map((listing) => (
          <MyListingRow key={listing.id} listing={listing} onDelete={deletion.ask} />
        ))}
      </ul>
      <DeleteListingDialog deletion={deletion} question={DELETE_QUESTION} />
    </>
  );
}

/** The page's "List an item" button. */
export function ListAnItemLink({ className }: { className?: string }) {
  return (
    <Link to="/sell/create" className={buttonClasses("accent", "md", className)}>
      <Plus aria-hidden="true" className="size-4" />
      List an item
    </Link>
  );
}

export function MyListingsEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <Store aria-hidden="true" className="size-10 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">You haven't listed anything yet</p>
      <p className="text-slate-700">List your first item in a few minutes; it's free to start.</p>
      <ListAnItemLink />
    </div>
  );
}
