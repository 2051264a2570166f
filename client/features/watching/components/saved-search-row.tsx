import { Pencil, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { type SavedSearch, WATCH_MESSAGES } from "../../../../core/contracts/watching";
import { Button, buttonClasses } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useDeleteSavedSearch } from "../api/delete-saved-search";
import { useUpdateSavedSearch } from "../api/update-saved-search";
import { savedSearchHref } from "../hooks/saved-search-query";
import { NotificationsSwitch } from "./notifications-switch";

/** One saved search: name, its filters in words, run it, notifications, edit and delete. */
export function SavedSearchRow({ search }: { search: SavedSearch }) {
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [confirming, setConfirming] = useState(false);

  const setNotifications = (enabled: boolean) =>
    update.mutate(
      { id: search.id, notificationsEnabled: enabled },
      {
        onSuccess: () =>
          toast.success(
            enabled ? WATCH_MESSAGES.notificationsEnabled : WATCH_MESSAGES.notificationsDisabled,
          ),
        onError: () => toast.error(WATCH_MESSAGES.notificationsFailed),
      },
    );

  return (
    <article className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-lg font-semibold break-words text-slate-900">{search.name}</h2>
        <p className="text-sm break-words text-slate-700">{search.description}</p>
        <Link
          to={savedSearchHref(search.query)}
          className="mt-1 inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-800 hover:underline"
        >
          <Search aria-hidden="true" className="size-4" />
          See results<span className="sr-only"> for {search.name}</span>
        </Link>
      </div>
      <div className="flex flex-wrap items-center gap-2 border-t border-sand-200 pt-2 sm:shrink-0 sm:justify-end sm:border-0 sm:pt-0">
        <NotificationsSwitch
          checked={search.notificationsEnabled}
          onChange={setNotifications}
          subject={search.name}
        />
        <div className="ml-auto flex gap-2">
          <Link
            to={`/saved-searches/${search.id}/edit`}
            aria-label={`Edit ${search.name}`}
            className={buttonClasses("outline", "sm")}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${search.name}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete saved search?"
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        confirmVariant="accent"
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(search.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(WATCH_MESSAGES.searchDeleted);
            },
            onError: () => {
              setConfirming(false);
              toast.error(WATCH_MESSAGES.deleteSearchFailed);
            },
          })
        }
      >
        Are you sure you want to delete the saved search "{search.name}"?
      </ConfirmDialog>
    </article>
  );
}
