import { OwnerActions } from "./owner-actions";

/**
 * What the seller sees in the buying panel of their listing on sale: the owner's actions (Revise,
 * Sell similar). A sold listing can no longer change, so it has no Revise.
 */
export function OwnListingNote({ listingId, canEdit }: { listingId: string; canEdit: boolean }) {
  return <OwnerActions listingId={listingId} canRevise={canEdit} />;
}
