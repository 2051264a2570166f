import { useEffect } from "react";
import { useUnreadMessageCount } from "../features/messages/api/get-conversations";
import { MessagesHeaderLink } from "../features/messages/components/messages-header-link";

/**
 * The header's Messages link with its unread count; the count also goes up to the root layout
 * for the account menu's Messages entry.
 */
export function UnreadMessagesLink({ onCount }: { onCount: (count: number) => void }) {
  const count = useUnreadMessageCount();
  useEffect(() => onCount(count), [count, onCount]);
  return <MessagesHeaderLink count={count} />;
}
