import { useState } from "react";
import { toast } from "sonner";
import type { MyListing } from "../../../../core/contracts/selling";
import { ApiError } from "../../../lib/api-client";
import { useDeleteListing } from "../api/delete-listing";

/**
 * Deleting one of the seller's listings after a confirmation: `ask` opens the question, `confirm`
 * deletes and says how it went (spec toasts), either way closing the question.
 */
export function useListingDeletion() {
  const [deleting, setDeleting] = useState<MyListing | null>(null);
  const remove = useDeleteListing();

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success("Listing deleted successfully"),
      onError: (error) =>
        // A refusal (bids, orders) has its own words; anything else is the spec's fallback.
        toast.error(
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : "Failed to delete listing",
        ),
      onSettled: () => setDeleting(null),
    });
  };

  return {
    deleting,
    ask: setDeleting,
    cancel: () => setDeleting(null),
    confirm,
    pending: remove.isPending,
  };
}

export type ListingDeletion = ReturnType<typeof useListingDeletion>;
