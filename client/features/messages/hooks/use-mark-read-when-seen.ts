import { useEffect, useRef } from "react";
import { useMarkConversationRead } from "../api/mark-conversation-read";

/**
 * Marks the open conversation read while it has unread messages and the tab is in view: when it
 * is opened, when a message arrives while it is open, and when the tab comes back into view. A
 * failure is silent (spec); the next change tries again.
 */
export function useMarkReadWhenSeen(conversationId: string, unreadKey: string | null): void {
  const { mutate } = useMarkConversationRead();
  const sending = useRef(false);

  useEffect(() => {
    if (!unreadKey) return;
    const markIfSeen = () => {
      if (document.visibilityState !== "visible" || sending.current) return;
      sending.current = true;
      mutate(conversationId, {
        onSettled: () => {
          sending.current = false;
        },
      });
    };
    markIfSeen();
    document.addEventListener("visibilitychange", markIfSeen);
    return () => document.removeEventListener("visibilitychange", markIfSeen);
  }, [conversationId, unreadKey, mutate]);
}
