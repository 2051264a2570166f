import { BookmarkCheck, BookmarkPlus, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import type { SavedSearch, SavedSearchQuery } from "../../../../core/contracts/watching";
import { WATCH_MESSAGES } from "../../../../core/watch-messages";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useSession } from "../../../lib/session";
import { useCreateSavedSearch } from "../api/create-saved-search";
import { useDeleteSavedSearch } from "../api/delete-saved-search";
import { useSavedSearches } from "../api/get-saved-searches";
import { proposedSearchName, savedQueryFromParams } from "../hooks/saved-search-query";
import { watchErrorMessage } from "../hooks/watch-errors";

const NAME_MAX = 80;

type SavedQueries = typeof import("../../../../core/saved-search-query");
let savedQueries: SavedQueries | null = null;

/**
 * core/saved-search-query, which checks filters with the /api/listings schema (zod), loaded once
 * someone is signed in: only then is "Saved" possible, and a visitor's results page (and a
 * listing's, which shares its code) loads no zod for it.
 */
function useSavedQueries(enabled: boolean): SavedQueries | null {
  const [loaded, setLoaded] = useState(savedQueries);
  useEffect(() => {
    if (!enabled || loaded) return;
    let live = true;
    void import("../../../../core/saved-search-query").then((module) => {
      savedQueries = module;
      if (live) setLoaded(module);
    });
    return () => {
      live = false;
    };
  }, [enabled, loaded]);
  return loaded;
}

/** The name field's own message, checked here first so an empty name never leaves the page. */
function nameProblem(name: string): string | null {
  if (!name.trim()) return WATCH_MESSAGES.searchNameRequired;
  if (name.trim().length > NAME_MAX) return `The name must be at most ${NAME_MAX} characters`;
  return null;
}

/**
 * "Save this search" on a browse page: a small dialog with a proposed name (editable) that saves
 * the filters in the page's URL, plus those its path carries (a category page's slug). A visitor
 * signs in first, then the dialog opens. When the user has already saved these filters (the same
 * canonical query the server keeps one of), the button says "Saved" and opens that search's
 * dialog instead: go to it, or remove it.
 */
export function SaveSearchButton({
  pathFilters,
  categoryName,
}: {
  pathFilters?: Record<string, string>;
  /** The category's name, for the proposed name ("guitar in Music"). */
  categoryName?: string;
}) {
  const requireSignIn = useRequireSignIn();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const [saving, setSaving] = useState<SavedSearchQuery | null>(null);
  const [showingSaved, setShowingSaved] = useState(false);
  const savedSearches = useSavedSearches(user !== null);
  const queries = useSavedQueries(user !== null);
  const onScreen =
    user && queries
      ? queries.canonicalSavedQuery(savedQueryFromParams(searchParams, pathFilters))
      : null;
  const saved =
    queries && onScreen
      ? savedSearches.data?.items.find((s) => queries.sameSavedQuery(s.query, onScreen))
      : undefined;
  // Read when clicked (and again after a sign-in), so the filters are the ones on screen then.
  const show = () => setSaving(savedQueryFromParams(searchParams, pathFilters));
  if (saved) {
    return (
      <>
        <Button variant="outline" aria-haspopup="dialog" onClick={() => setShowingSaved(true)}>
          <BookmarkCheck aria-hidden="true" className="size-4" />
          Saved<span className="sr-only"> search: {saved.name}</span>
        </Button>
        {showingSaved && (
          <SavedSearchDialog search={saved} onClose={() => setShowingSaved(false)} />
        )}
      </>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        onClick={() => {
          if (requireSignIn("saveSearch", show)) show();
        }}
      >
        <BookmarkPlus aria-hidden="true" className="size-4" />
        Save this search
      </Button>
      {saving && (
        <SaveSearchDialog
          query={saving}
          proposedName={proposedSearchName(saving, categoryName)}
          onClose={() => setSaving(null)}
        />
      )}
    </>
  );
}

/** What the Saved button opens: the saved search, with the ways to it and to remove it. */
function SavedSearchDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const titleId = useId();
  const remove = useDeleteSavedSearch();
  const link = "font-semibold text-brand-800 underline-offset-2 hover:underline";
  return (
    <Modal open={true} onClose={onClose} labelledBy={titleId} width="sm">
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold">
          This search is saved
        </h2>
        <div className="flex flex-col gap-1">
          <p className="font-semibold break-words text-slate-900">{search.name}</p>
          <p className="text-sm break-words text-slate-700">{search.description}</p>
        </div>
        <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to="/watchlist/searches" className={link}>
            Go to Saved Searches
          </Link>
          <Link to={`/saved-searches/${search.id}/edit`} className={link}>
            Edit this search
          </Link>
        </p>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(search.id, {
                onSuccess: () => {
                  toast.success(WATCH_MESSAGES.searchDeleted);
                  onClose();
                },
                onError: (failure) =>
                  toast.error(watchErrorMessage(failure, WATCH_MESSAGES.deleteSearchFailed)),
              })
            }
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {remove.isPending ? "Removing..." : "Remove saved search"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function SaveSearchDialog({
  query,
  proposedName,
  onClose,
}: {
  query: SavedSearchQuery;
  proposedName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [name, setName] = useState(proposedName);
  const [notify, setNotify] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateSavedSearch();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setError(problem);
    if (problem) return;
    create.mutate(
      { name: name.trim(), query, notificationsEnabled: notify },
      {
        onSuccess: () => {
          toast.success(WATCH_MESSAGES.searchSaved);
          onClose();
        },
        onError: (failure) => {
          const field = failure instanceof ApiError ? failure.fields?.name : undefined;
          if (field) setError(field);
          else toast.error(watchErrorMessage(failure, WATCH_MESSAGES.saveSearchFailed));
        },
      },
    );
  };

  return (
    <Modal open={true} onClose={onClose} labelledBy={titleId} width="sm">
      <form className="flex flex-col gap-4 p-6" onSubmit={submit} noValidate>
        <h2 id={titleId} className="text-xl font-bold">
          Save this search
        </h2>
        <p className="text-sm text-slate-700">
          Find it again under Watchlist, Saved Searches, and hear about new listings that match.
        </p>
        <TextField
          label="Name"
          value={name}
          maxLength={NAME_MAX + 20}
          onChange={(event) => {
            setName(event.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          autoComplete="off"
        />
        <CheckboxField
          label="Notify me about new matching listings"
          checked={notify}
          onChange={(event) => setNotify(event.target.checked)}
        />
        <FormActions
          onCancel={onClose}
          pending={create.isPending}
          submitLabel="Save search"
          pendingLabel="Saving..."
        />
      </form>
    </Modal>
  );
}
