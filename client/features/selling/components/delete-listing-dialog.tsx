import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { ListingDeletion } from "../hooks/use-listing-deletion";

/** The "Delete listing?" question; `question` differs between /my/selling and the profile. */
export function DeleteListingDialog({
  deletion,
  question,
}: {
  deletion: ListingDeletion;
  question: string;
}) {
  return (
    <ConfirmDialog
      open={deletion.deleting !== null}
      title="Delete listing?"
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      confirmVariant="accent"
      pending={deletion.pending}
      onCancel={deletion.cancel}
      onConfirm={deletion.confirm}
    >
      <p>{question}</p>
      {deletion.deleting && <p className="mt-2 font-semibold">{deletion.deleting.title}</p>}
    </ConfirmDialog>
  );
}
