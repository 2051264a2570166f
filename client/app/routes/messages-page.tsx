import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from "react";
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import {
  CHAT_MESSAGES,
  CONVERSATION_FOLDERS,
  type ConversationFolder,
} from "../../../core/contracts/messages";
import { PageTitle } from "../../components/ui/page-title";
import { ChatPlaceholder } from "../../features/messages/components/chat-placeholder";
import { ChatView } from "../../features/messages/components/chat-view";
import { ConversationPanel } from "../../features/messages/components/conversation-panel";
import { MessagesLayout } from "../../features/messages/components/messages-layout";
import { NewConversation } from "../../features/messages/components/new-conversation";
import { useSession } from "../../lib/session";
import type { SignInHandle } from "../signed-in-only";

/** /messages/new's route handle: why a visitor must sign in first (spec's toast). */
export const newConversationHandle: SignInHandle = { signInMessage: CHAT_MESSAGES.signInToStart };

/** Below Tailwind's md the list and the chat are separate screens. */
const PHONE_QUERY = "(max-width: 767.98px)";

function subscribePhone(notify: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", notify);
  return () => query.removeEventListener("change", notify);
}
const isPhoneNow = () => window.matchMedia(PHONE_QUERY).matches;

function asFolder(value: string | null): ConversationFolder {
  return CONVERSATION_FOLDERS.find((folder) => folder === value) ?? "inbox";
}

/**
 * The folder and search live in the URL (shareable, and Back restores them); every link between
 * the list and a chat carries them along.
 */
function useMessagesUrl() {
  const [params, setParams] = useSearchParams();
  const folder = asFolder(params.get("folder"));
  const search = (params.get("search") ?? "").trim();
  const query = new URLSearchParams();
  if (folder !== "inbox") query.set("folder", folder);
  if (search) query.set("search", search);
  const suffix = query.size > 0 ? `?${query}` : "";

  const onSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set("search", next);
          else updated.delete("search");
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  return {
    folder,
    search,
    listHref: `/messages${suffix}`,
    hrefOf: (id: string) => `/messages/${id}${suffix}`,
    folderHref: (name: ConversationFolder) =>
      name === "inbox" ? "/messages" : `/messages?folder=${name}`,
    onSearch,
  };
}

/**
 * On a phone, where one screen replaces the other, focus follows: to the chat's heading when a
 * conversation opens (ChatView does it), back to the list's heading when it closes.
 */
function useListFocusOnReturn(chatOpen: boolean, isPhone: boolean, titleId: string) {
  const wasOpen = useRef(chatOpen);
  useEffect(() => {
    if (wasOpen.current && !chatOpen && isPhone) document.getElementById(titleId)?.focus();
    wasOpen.current = chatOpen;
  }, [chatOpen, isPhone, titleId]);
}

function MessagesScreen({ chat }: { chat: "conversation" | "new" | "none" }) {
  const { user } = useSession();
  const { conversationId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const url = useMessagesUrl();
  const titleId = useId();
  const isPhone = useSyncExternalStore(subscribePhone, isPhoneNow, () => false);
  const chatOpen = chat !== "none";
  useListFocusOnReturn(chatOpen, isPhone, titleId);
  // SignedInOnly renders this only for a signed-in user.
  const meId = user?.id ?? "";

  let pane = <ChatPlaceholder />;
  if (chat === "conversation" && conversationId)
    pane = (
      <ChatView
        key={conversationId}
        conversationId={conversationId}
        meId={meId}
        backTo={url.listHref}
        focusHeading={isPhone}
        onMoved={() => navigate(url.listHref)}
      />
    );
  if (chat === "new") {
    const recipient = params.get("recipient");
    if (!recipient) return <Navigate to="/messages" replace />;
    pane = (
      <NewConversation
        key={recipient}
        recipientId={recipient}
        meId={meId}
        backTo={url.listHref}
        focusHeading={isPhone}
        hrefOf={(id) => `/messages/${id}`}
      />
    );
  }

  return (
    <>
      <PageTitle title="Messages" />
      <MessagesLayout
        titleId={titleId}
        chatOpen={chatOpen}
        list={
          <ConversationPanel
            titleId={titleId}
            folder={url.folder}
            search={url.search}
            activeId={conversationId}
            meId={meId}
            hrefOf={url.hrefOf}
            folderHref={url.folderHref}
            onSearch={url.onSearch}
          />
        }
        chat={pane}
      />
    </>
  );
}

/**
 * /messages, /chat, /messages/:conversationId and /messages/new?recipient={id} (signed in only):
 * one component for all four, so that moving between the list and a chat keeps the list as it was
 * (its scroll, the search being typed) and focus can follow on a phone.
 */
export function MessagesPage() {
  const { conversationId } = useParams();
  const { pathname } = useLocation();
  const chat = /^\/messages\/new\/?$/.test(pathname)
    ? "new"
    : conversationId
      ? "conversation"
      : "none";
  return <MessagesScreen chat={chat} />;
}
