import { ArrowLeft, Ban, ShieldAlert } from "lucide-react";
import { type ReactNode, type Ref, useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CHAT_MESSAGES, type Conversation } from "../../../../core/contracts/messages";
import { ERROR_CODES } from "../../../../core/errors";
import { Button } from "../../../components/ui/button";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useConversation } from "../api/get-conversation";
import { useMessageThread } from "../api/get-messages";
import type { MovableFolder } from "../api/move-conversation";
import { useSendMessage } from "../api/send-message";
import { useUnblockUser } from "../api/unblock-user";
import { useMarkReadWhenSeen } from "../hooks/use-mark-read-when-seen";
import { Composer } from "./composer";
import { ConversationMenu } from "./conversation-menu";
import { ListingBanner } from "./listing-banner";
import { MessageLog } from "./message-log";
import { toastSendError } from "./send-error";
import { UserAvatar } from "./user-avatar";

/**
 * On a phone, where the chat replaced the list: the chat fills the screen (the site header
 * scrolls away) and focus moves to its heading, so a screen reader starts there.
 */
export function focusChat(heading: HTMLHeadingElement | null): void {
  if (!heading) return;
  heading.closest("section")?.scrollIntoView({ block: "start" });
  heading.focus({ preventScroll: true });
}

/** The phone's way back to the list (on wider screens the list is beside the chat). */
export function BackToList({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50 md:hidden"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
      <span className="sr-only">Back to conversations</span>
    </Link>
  );
}

/**
 * The chat's top bar: back (phones), the other user with a link to their store (or, when staff
 * suspended them, that their account is suspended: their store is gone), and actions.
 */
export function ChatHeader({
  user,
  backTo,
  headingRef,
  suspended = false,
  children,
}: {
  user: { id: string; username: string; avatarUrl: string | null };
  backTo: string;
  headingRef?: Ref<HTMLHeadingElement>;
  suspended?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2 border-b border-sand-200 bg-white px-2 py-2 sm:px-4">
      <BackToList to={backTo} />
      <UserAvatar user={user} />
      <div className="min-w-0 flex-1">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="truncate text-lg font-bold text-slate-900 focus:outline-none"
        >
          {user.username}
        </h2>
        {suspended ? (
          <p className="text-sm font-medium text-coral-800">Account suspended</p>
        ) : (
          <Link
            to={`/store/${user.id}`}
            className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            View store<span className="sr-only"> of {user.username}</span>
          </Link>
        )}
      </div>
      {children}
    </div>
  );
}

const NOTICE_CLASS =
  "flex flex-wrap items-center justify-center gap-3 border-t border-sand-200 bg-sand-100 px-4 py-4 text-center text-sm text-slate-800";

/** In place of the composer when staff suspended the other user: no message can reach them. */
function SuspendedNotice() {
  return (
    <div role="status" className={NOTICE_CLASS}>
      <ShieldAlert aria-hidden="true" className="size-5 text-coral-700" />
      <span>{CHAT_MESSAGES.suspended}</span>
    </div>
  );
}

function BlockedNotice({ conversation }: { conversation: Conversation }) {
  const unblock = useUnblockUser();
  return (
    <div role="status" className={NOTICE_CLASS}>
      <Ban aria-hidden="true" className="size-5 text-coral-700" />
      {conversation.blockedByMe ? (
        <>
          <span>You blocked {conversation.otherUser.username}. Unblock them to send messages.</span>
          <Button
            size="sm"
            variant="outline"
            disabled={unblock.isPending}
            onClick={() =>
              unblock.mutate(conversation.otherUser.id, {
                onError: (error) =>
                  toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE),
              })
            }
          >
            Unblock user
          </Button>
        </>
      ) : (
        <span>{CHAT_MESSAGES.blocked}</span>
      )}
    </div>
  );
}

/**
 * One conversation: header, the listing it is about, the messages (live, read when seen) and the
 * composer, or why there is none (the other user suspended, or a block).
 */
export function ChatView({
  conversationId,
  meId,
  backTo,
  focusHeading,
  onMoved,
}: {
  conversationId: string;
  meId: string;
  backTo: string;
  /** Move focus to the chat's heading on opening (phones, where the list gave way to the chat). */
  focusHeading: boolean;
  onMoved: (folder: MovableFolder) => void;
}) {
  const conversation = useConversation(conversationId);
  const thread = useMessageThread(conversationId);
  const send = useSendMessage(conversationId);
  const heading = useRef<HTMLHeadingElement>(null);

  const messages = useMemo(
    () => (thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.items) : []),
    [thread.data],
  );
  // The newest unread message to the viewer: when it changes, the conversation is marked read.
  const lastUnread = messages.findLast((m) => m.senderId !== meId && !m.read)?.id ?? null;
  const unreadKey =
    lastUnread ?? ((conversation.data?.unreadCount ?? 0) > 0 ? "conversation" : null);
  useMarkReadWhenSeen(conversationId, thread.isSuccess ? unreadKey : null);

  const loaded = conversation.isSuccess;
  useEffect(() => {
    if (focusHeading && loaded) focusChat(heading.current);
  }, [focusHeading, loaded]);

  if (conversation.isPending) return <Spinner label="Loading conversation..." showLabel />;
  if (conversation.isError)
    return (
      <div className="flex flex-col gap-3 p-4">
        <BackToList to={backTo} />
        <ErrorState
          message={CHAT_MESSAGES.loadConversationFailed}
          onRetry={() => void conversation.refetch()}
        />
      </div>
    );

  const data = conversation.data;
  const blocked = data.blockedByMe || data.blockedMe;
  const onSend = async (input: { text: string; attachments: string[] }) => {
    try {
      await send.mutateAsync(input);
      return true;
    } catch (error) {
      toastSendError(error);
      // Suspended or blocked since the chat loaded: show why instead of a composer that fails.
      if (
        error instanceof ApiError &&
        (error.code === ERROR_CODES.recipientSuspended || error.code === ERROR_CODES.userBlocked)
      )
        void conversation.refetch();
      return false;
    }
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ChatHeader
        user={data.otherUser}
        backTo={backTo}
        headingRef={heading}
        suspended={data.otherSuspended}
      >
        <ConversationMenu conversation={data} onMoved={onMoved} />
      </ChatHeader>
      {data.listing && <ListingBanner listing={data.listing} />}
      {thread.isPending ? (
        <div className="flex-1">
          <Spinner label="Loading messages..." showLabel />
        </div>
      ) : thread.isError && messages.length === 0 ? (
        <div className="flex-1 p-4">
          <ErrorState
            message={CHAT_MESSAGES.loadMessagesFailed}
            onRetry={() => void thread.refetch()}
          />
        </div>
      ) : (
        <MessageLog
          messages={messages}
          meId={meId}
          otherName={data.otherUser.username}
          hasOlder={thread.hasNextPage}
          loadingOlder={thread.isFetchingNextPage}
          onLoadOlder={() => {
            void thread.fetchNextPage({ cancelRefetch: false }).then((result) => {
              if (result.isError) toast.error(CHAT_MESSAGES.loadMessagesFailed);
            });
          }}
        />
      )}
      {data.otherSuspended ? (
        <SuspendedNotice />
      ) : blocked ? (
        <BlockedNotice conversation={data} />
      ) : (
        <Composer key={conversationId} onSend={onSend} pending={send.isPending} />
      )}
    </div>
  );
}
