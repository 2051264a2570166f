import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/**
 * The two sides of /messages: the conversation list and the chat, side by side from md up. On a
 * phone they are separate screens: the list without a conversation chosen, the chat with one.
 */
export function MessagesLayout({
  list,
  chat,
  chatOpen,
  titleId,
}: {
  list: ReactNode;
  chat: ReactNode;
  chatOpen: boolean;
  /** The list's heading, which names the list's region. */
  titleId: string;
}) {
  return (
    <div className="mx-auto w-full max-w-7xl md:px-4 md:py-6">
      <div className="overflow-hidden border-sand-200 bg-white md:grid md:h-[calc(100dvh-14rem)] md:min-h-[34rem] md:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)] md:rounded-2xl md:border md:shadow-sm">
        <section
          aria-labelledby={titleId}
          className={cn(
            "min-h-[calc(100dvh-12rem)] flex-col md:flex md:min-h-0 md:border-r md:border-sand-200",
            chatOpen ? "hidden" : "flex",
          )}
        >
          {list}
        </section>
        <section
          aria-label="Conversation"
          className={cn(
            // On a phone the chat is the whole screen (it scrolls the site header away on
            // opening), its log scrolling inside and the composer at the bottom. min-w-0 (and the
            // track's minmax(0, 1fr)): a long unbroken word wraps instead of widening the chat.
            "h-dvh min-h-[24rem] min-w-0 flex-col md:flex md:h-auto md:min-h-0",
            chatOpen ? "flex" : "hidden",
          )}
        >
          {chat}
        </section>
      </div>
    </div>
  );
}
