import { MessageCircle } from "lucide-react";
import { Link } from "react-router";

/** "Messages, 3 unread" for the header link's name; the badge shows 99+ past 99. */
export function messagesLabel(count: number): string {
  return count > 0 ? `Messages, ${count} unread` : "Messages";
}

/**
 * The header's Messages icon beside the bell, with the unread badge (signed in only). Not on
 * phones, where the row has no room for it: there the account menu's entry carries the count.
 */
export function MessagesHeaderLink({ count }: { count: number }) {
  return (
    <Link
      to="/messages"
      aria-label={messagesLabel(count)}
      className="relative hidden h-10 w-10 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50 sm:inline-flex"
    >
      <MessageCircle aria-hidden="true" className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="messages-count-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-coral-700 px-1 text-xs font-bold text-white tabular-nums"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
