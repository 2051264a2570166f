import { Search, Settings } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import {
  CHAT_MESSAGES,
  type ConversationFolder,
  type ConversationPage,
} from "../../../../core/contracts/messages";
import { MAX_SEARCH_LENGTH } from "../../../../core/limits";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { useConversationList } from "../api/get-conversations";
import { ConversationList } from "./conversation-list";

export const FOLDER_LABELS: Record<ConversationFolder, string> = {
  inbox: "Inbox",
  sent: "Sent",
  archived: "Archived",
  trash: "Trash",
};
const FOLDERS = Object.keys(FOLDER_LABELS) as ConversationFolder[];

const EMPTY: Record<ConversationFolder, string> = {
  inbox: "No conversations yet. Contact a seller from a listing to start one.",
  sent: "You haven't written to anyone yet.",
  archived: "No archived conversations.",
  trash: "Trash is empty.",
};

/** Typing waits this long before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

function FolderTabs({
  folder,
  counts,
  folderHref,
}: {
  folder: ConversationFolder;
  counts: ConversationPage["folderCounts"] | undefined;
  folderHref: (folder: ConversationFolder) => string;
}) {
  return (
    <nav aria-label="Message folders" className="border-b border-sand-200 px-2">
      <ul className="flex">
        {FOLDERS.map((name) => {
          const current = name === folder;
          return (
            <li key={name} className="flex-1">
              <Link
                to={folderHref(name)}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex items-center justify-center gap-1.5 border-b-2 px-1 py-2.5 text-sm font-semibold",
                  current
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-700 hover:text-slate-900",
                )}
              >
                {FOLDER_LABELS[name]}
                {counts && (
                  <span
                    className={cn(
                      "rounded-full px-1.5 text-xs tabular-nums",
                      current ? "bg-brand-100 text-brand-900" : "bg-sand-200 text-slate-800",
                    )}
                  >
                    {counts[name]}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SearchField({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const id = useId();
  const [text, setText] = useState(search);
  // Back and forward (or a folder link) change the URL's search: the box follows it.
  useEffect(() => setText(search), [search]);
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, search, onSearch]);

  return (
    <search className="px-3 pt-3 pb-2">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <label htmlFor={id} className="sr-only">
          Search messages
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600"
          />
          <input
            id={id}
            type="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search messages"
            className="h-10 w-full rounded-lg border border-slate-400 bg-white pr-3 pl-9 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm"
          />
        </div>
      </form>
    </search>
  );
}

/**
 * The left side of /messages: the title with the unread and conversation counts, a link to the
 * message settings, the folders, server-side search and the folder's conversations.
 */
export function ConversationPanel({
  folder,
  search,
  activeId,
  meId,
  hrefOf,
  folderHref,
  onSearch,
  titleId,
}: {
  folder: ConversationFolder;
  search: string;
  activeId: string | undefined;
  meId: string;
  hrefOf: (id: string) => string;
  folderHref: (folder: ConversationFolder) => string;
  onSearch: (search: string) => void;
  titleId: string;
}) {
  const list = useConversationList(folder, search);
  const first = list.data?.pages[0];
  const conversations = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-4">
        <div className="flex items-center gap-2">
          <h1
            id={titleId}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none"
          >
            Messages
          </h1>
          {first && (
            <p
              data-testid="messages-count"
              className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900 tabular-nums"
            >
              {first.unreadTotal} unread · {pluralize(first.total, "conversation")}
            </p>
          )}
        </div>
        <Link
          to="/account/settings#notifications"
          className="inline-flex items-center gap-1 rounded px-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
        >
          <Settings aria-hidden="true" className="size-4" />
          Message settings
        </Link>
      </div>
      <SearchField search={search} onSearch={onSearch} />
      <FolderTabs folder={folder} counts={first?.folderCounts} folderHref={folderHref} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {list.isPending ? (
          <Spinner label="Loading conversations..." showLabel />
        ) : list.isError && conversations.length === 0 ? (
          <div className="p-3">
            <ErrorState
              message={CHAT_MESSAGES.loadConversationsFailed}
              onRetry={() => void list.refetch()}
            />
          </div>
        ) : conversations.length === 0 ? (
          <p className="px-4 py-10 text-center text-slate-700">
            {search ? `No conversations match "${search}".` : EMPTY[folder]}
          </p>
        ) : (
          <>
            <ConversationList
              conversations={conversations}
              meId={meId}
              activeId={activeId}
              hrefOf={hrefOf}
            />
            {list.hasNextPage && (
              <div className="flex justify-center p-3">
                <button
                  type="button"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage({ cancelRefetch: false })}
                  className="rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 disabled:text-slate-600"
                >
                  {list.isFetchingNextPage ? "Loading..." : "Load more conversations"}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
