import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { type AdminListing, LISTING_MODERATION } from "../../../../core/contracts/admin";
import { formatMoney } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { Pagination } from "../../../components/ui/pagination";
import { SelectField } from "../../../components/ui/select-field";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useAdminListings } from "../api/get-listings";
import { type ListingAction, useModerateListing } from "../api/listing-actions";
import { useListParams } from "../hooks/use-list-params";
import { AdminPage, ModerationBadge, QueryView } from "./admin-ui";
import { ReasonDialog } from "./reason-dialog";
import { SearchForm } from "./search-form";

const FILTERS = [
  { value: "", label: "Any state" },
  { value: "visible", label: "Visible" },
  { value: "held", label: "Held for review" },
  { value: "removed", label: "Removed" },
  { value: "suspended", label: "Seller suspended" },
];

const ACTION_TEXT: Record<
  ListingAction,
  { button: string; title: string; description: string; done: string }
> = {
  remove: {
    button: "Remove",
    title: "Remove listing",
    description:
      "The listing leaves the site; an auction with bids ends without a winner and its bidders are told. The seller gets your reason by email.",
    done: "Listing removed.",
  },
  restore: {
    button: "Restore",
    title: "Restore listing",
    description: "The listing is public again. The seller gets your reason by email.",
    done: "Listing restored.",
  },
  approve: {
    button: "Approve",
    title: "Approve listing",
    description: "The held listing goes live. The seller gets your reason by email.",
    done: "Listing approved.",
  },
};

/** What may be done to a listing in its state: remove a live or held one, restore a removed one. */
function actionsFor(listing: AdminListing): ListingAction[] {
  switch (listing.moderation) {
    case "visible":
      return ["remove"];
    case "held":
      return ["approve", "remove"];
    case "removed":
      return ["restore"];
    default:
      // Its seller is suspended: reinstating the seller brings it back.
      return ["remove"];
  }
}

function ListingRow({
  listing,
  onAction,
}: {
  listing: AdminListing;
  onAction: (listing: AdminListing, action: ListingAction) => void;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:p-4">
      <div className="flex min-w-0 flex-1 gap-3">
        <Thumbnail src={listing.imageUrl} size="md" href={`/listing/${listing.id}`} lazy />
        <div className="flex min-w-0 flex-col gap-1">
          <Link
            to={`/listing/${listing.id}`}
            className="font-semibold break-words text-brand-800 hover:underline"
          >
            {listing.title}
          </Link>
          <p className="text-sm text-slate-800">
            {formatMoney(listing.priceCents)} ·{" "}
            {listing.kind === "auction"
              ? `Auction, ${pluralize(listing.bidCount, "bid")}`
              : "Buy It Now"}{" "}
            · <span className="capitalize">{listing.status.replace(/_/g, " ")}</span> · seller{" "}
            <Link
              to={`/admin/users/${listing.seller.id}`}
              className="font-semibold text-brand-800 hover:underline"
            >
              {listing.seller.username}
            </Link>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <ModerationBadge state={listing.moderation} />
            {listing.moderationReason && (
              <span className="break-words">{listing.moderationReason}</span>
            )}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {actionsFor(listing).map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === "remove" ? "accent" : "primary"}
            aria-haspopup="dialog"
            aria-label={`${ACTION_TEXT[action].button} ${listing.title}`}
            onClick={() => onAction(listing, action)}
          >
            {ACTION_TEXT[action].button}
          </Button>
        ))}
      </div>
    </li>
  );
}

/** /admin/listings: every listing whatever its state; remove, restore or approve with a reason. */
export function ListingsList() {
  const { q, page, params, set } = useListParams();
  const moderationParam = params.get("moderation") ?? "";
  const moderation = (LISTING_MODERATION as readonly string[]).includes(moderationParam)
    ? moderationParam
    : "";
  const listings = useAdminListings({ q, moderation, page });
  const act = useModerateListing();
  const [pending, setPending] = useState<{ listing: AdminListing; action: ListingAction } | null>(
    null,
  );

  return (
    <AdminPage title="Listings" intro="Search every listing, whatever its state.">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchForm
          key={q}
          label="Search listings"
          placeholder="Title or seller"
          value={q}
          onSearch={(value) => set("q", value)}
        />
        <SelectField
          label="State"
          value={moderation}
          options={FILTERS}
          onChange={(value) => set("moderation", value)}
          className="sm:w-52"
        />
      </div>
      <QueryView
        query={listings}
        loading="Loading listings..."
        failure="We couldn't load the listings."
        empty={{ when: (data) => data.items.length === 0, title: "No listings match." }}
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {pluralize(data.total, "listing")}
            </p>
            <ul
              aria-label="Listings"
              className={cn("flex flex-col gap-3", listings.isPlaceholderData && "opacity-60")}
            >
              {data.items.map((listing) => (
                <ListingRow
                  key={listing.id}
                  listing={listing}
                  onAction={(target, action) => setPending({ listing: target, action })}
                />
              ))}
            </ul>
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryView>
      <ReasonDialog
        open={pending !== null}
        title={pending ? `${ACTION_TEXT[pending.action].title}: ${pending.listing.title}` : ""}
        description={pending ? ACTION_TEXT[pending.action].description : ""}
        confirmLabel={pending ? ACTION_TEXT[pending.action].button : ""}
        confirmVariant={pending?.action === "remove" ? "accent" : "primary"}
        pending={act.isPending}
        onCancel={() => setPending(null)}
        onConfirm={async (reason) => {
          if (!pending) return;
          await act.mutateAsync({ id: pending.listing.id, action: pending.action, reason });
          toast.success(ACTION_TEXT[pending.action].done);
          setPending(null);
        }}
      />
    </AdminPage>
  );
}
