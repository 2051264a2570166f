import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { CHAT_MESSAGES } from "../../../../core/contracts/messages";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { useRecipient } from "../api/get-recipient";
import { useStartConversation } from "../api/start-conversation";
import { ChatHeader, focusChat } from "./chat-view";
import { Composer } from "./composer";
import { toastSendError } from "./send-error";

/**
 * /messages/new?recipient={id}: who the message goes to and a composer. Sending starts the
 * conversation (or reopens the one already there) and opens it.
 */
export function NewConversation({
  recipientId,
  meId,
  backTo,
  focusHeading,
  hrefOf,
}: {
  recipientId: string;
  meId: string;
  backTo: string;
  focusHeading: boolean;
  hrefOf: (conversationId: string) => string;
}) {
  const recipient = useRecipient(recipientId);
  const start = useStartConversation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = recipient.isSuccess;
  useEffect(() => {
    if (focusHeading && loaded) focusChat(heading.current);
  }, [focusHeading, loaded]);

  if (recipientId === meId)
    return (
      <div className="p-4">
        <ErrorState message={CHAT_MESSAGES.cannotMessageSelf} />
      </div>
    );
  if (recipient.isPending) return <Spinner label="Loading..." />;
  if (recipient.isError)
    return (
      <div className="p-4">
        <ErrorState message={CHAT_MESSAGES.startFailed} onRetry={() => void recipient.refetch()} />
      </div>
    );

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ChatHeader user={recipient.data} backTo={backTo} headingRef={heading} />
      <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-2 bg-sand-50 p-6 text-center">
        <p className="font-semibold text-slate-900">New conversation</p>
        <p className="text-sm text-slate-700">
          Write your first message to {recipient.data.username} below.
        </p>
      </div>
      <Composer
        label={`Message to ${recipient.data.username}`}
        pending={start.isPending}
        autoFocus={!focusHeading}
        onSend={async (input) => {
          try {
            const started = await start.mutateAsync({ recipientId, ...input });
            navigate(hrefOf(started.conversation.id), { replace: true });
            return true;
          } catch (error) {
            toastSendError(error, CHAT_MESSAGES.startFailed);
            return false;
          }
        }}
      />
    </div>
  );
}
