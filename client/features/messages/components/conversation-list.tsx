import { Paperclip } from "lucide-react";
import { Link } from "react-router";
import type { Conversation } from "../../../../core/contracts/messages";
import { cn } from "../../../lib/cn";
import { pluralize } from "../../../lib/format";
import { RelativeTime } from "./relative-time";
import { UserAvatar } from "./user-avatar";

/** The last message in a line: its text, or what it carried ("Attachment", "3 attachments"). */
export function previewOf(conversation: Conversation, meId: string): string {
  const last = conversation.lastMessage;
  if (!last) return "No messages yet";
  const text = last.text.trim().replace(/\s+/g, " ");
  const body =
    text ||
    (last.attachmentCount === 1 ? "Attachment" : pluralize(last.attachmentCount, "attachment"));
  return last.senderId === meId ? `You: ${body}` : body;
}

function ConversationRow({
  conversation,
  meId,
  href,
  current,
}: {
  conversation: Conversation;
  meId: string;
  href: string;
  current: boolean;
}) {
  const unread = conversation.unreadCount;
  const last = conversation.lastMessage;
  const onlyFiles = last !== null && !last.text.trim() && last.attachmentCount > 0;
  return (
    <li>
      <Link
        to={href}
        aria-current={current ? "page" : undefined}
        className={cn(
          "flex gap-3 border-l-4 px-3 py-3 hover:bg-brand-50",
          current ? "border-brand-700 bg-brand-50" : "border-transparent",
        )}
      >
        <UserAvatar user={conversation.otherUser} />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={cn("truncate text-slate-900", unread > 0 ? "font-bold" : "font-semibold")}
            >
              {conversation.otherUser.username}
            </span>
            <RelativeTime
              iso={last?.createdAt ?? conversation.updatedAt}
              className="shrink-0 text-xs text-slate-700"
            />
          </span>
          {conversation.listing && (
            <span className="truncate text-xs text-slate-700">{conversation.listing.title}</span>
          )}
          <span className="flex items-center justify-between gap-2">
            <span
              className={cn(
                "flex min-w-0 items-center gap-1 truncate text-sm",
                unread > 0 ? "font-semibold text-slate-900" : "text-slate-700",
              )}
            >
              {onlyFiles && <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />}
              <span className="truncate">{previewOf(conversation, meId)}</span>
            </span>
            {unread > 0 && (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-coral-700 px-1.5 text-xs font-bold text-white tabular-nums">
                <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
                <span className="sr-only">{pluralize(unread, "unread message")}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** Conversations as links, the open one marked current. */
export function ConversationList({
  conversations,
  meId,
  activeId,
  hrefOf,
}: {
  conversations: readonly Conversation[];
  meId: string;
  activeId: string | undefined;
  hrefOf: (id: string) => string;
}) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-sand-200">
      {conversations.map((conversation) => (
        <ConversationRow
          key={conversation.id}
          conversation={conversation}
          meId={meId}
          href={hrefOf(conversation.id)}
          current={conversation.id === activeId}
        />
      ))}
    </ul>
  );
}
