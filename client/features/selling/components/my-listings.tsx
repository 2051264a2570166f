import { Eye, ImageOff, Pencil, Plus, Store, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { MyListing } from "../../../../core/contracts/selling";
import { statusLabel } from "../../../../core/listing";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useDeleteListing } from "../api/delete-listing";

const STATUS_STYLES: Record<MyListing["status"], string> = {
  active: "bg-emerald-100 text-emerald-900",
  ended: "bg-slate-200 text-slate-800",
  sold: "bg-brand-100 text-brand-900",
  out_of_stock: "bg-amber-100 text-amber-900",
};

export const DELETE_CONFIRMATION =
  "Are you sure you want to delete this listing? This action cannot be undone.";
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
        <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
          {listing.image ? (
            <img
              src={listing.image.thumbUrl}
              alt=""
              width={listing.image.width}
              height={listing.image.height}
              loading="lazy"
              className="size-20 rounded-lg bg-sand-100 object-cover sm:size-24"
            />
          ) : (
            <span className="flex size-20 items-center justify-center rounded-lg bg-sand-100 text-slate-600 sm:size-24">
              <ImageOff className="size-6" />
            </span>
          )}
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="min-w-0 text-base leading-snug font-semibold break-words">
              <Link to={href} className="text-slate-900 hover:text-brand-800 hover:underline">
                {listing.title}
              </Link>
            </h2>
            <span
              className={cn(
                "shrink-0 rounded-full px-3 py-0.5 text-sm font-semibold",
                STATUS_STYLES[listing.status],
              )}
            >
              {statusLabel(listing.status)}
            </span>
          </div>
          <p className="text-sm text-slate-800">
            <span className="font-semibold text-slate-900">
              {formatMoney(listing.displayPriceCents)}
            </span>
            <span className="text-slate-700">
              {" · "}
              {auction ? "Auction" : "Buy It Now"}
            </span>
          </p>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            <span>Quantity: {listing.quantity}</span>
            {auction && <span>{pluralize(listing.bidCount ?? 0, "bid")}</span>}
            {listing.soldCount > 0 && <span>{listing.soldCount} sold</span>}
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
  const [deleting, setDeleting] = useState<MyListing | null>(null);
  const remove = useDeleteListing();

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success("Listing deleted successfully");
        setDeleting(null);
      },
      onError: (error) => {
        // A refusal (bids, orders) has its own words; anything else is the spec's fallback.
        toast.error(
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : "Failed to delete listing",
        );
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <ul aria-label="Your listings" className="flex flex-col gap-3">
        {listings.map((listing) => (
          <MyListingRow key={listing.id} listing={listing} onDelete={setDeleting} />
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete listing?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        confirmVariant="accent"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirm}
      >
        <p>{DELETE_CONFIRMATION}</p>
        {deleting && <p className="mt-2 font-semibold">{deleting.title}</p>}
      </ConfirmDialog>
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
