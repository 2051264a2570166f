import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import type { ListingDeletion } from "../hooks/use-listing-deletion";

/** The spec's question (accounts, section 5), as /my/selling asks it. */
export const DELETE_QUESTION = "Are you sure you want to delete this listing?";
/** The profile modal's variant adds a warning to the same question. */
export const PROFILE_DELETE_QUESTION = `${DELETE_QUESTION} This action cannot be undone.`;

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
