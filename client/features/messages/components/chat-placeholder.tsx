import { MessagesSquare } from "lucide-react";
import { CHAT_MESSAGES } from "../../../../core/contracts/messages";

/** The chat side of /messages before a conversation is chosen (wide screens only). */
export function ChatPlaceholder() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-3 bg-sand-50 p-8 text-center">
      <MessagesSquare aria-hidden="true" className="size-12 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">{CHAT_MESSAGES.selectConversation}</p>
    </div>
  );
}
