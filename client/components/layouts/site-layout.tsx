import type { ReactNode } from "react";
import type { CategoryNode } from "../../../core/contracts/browse";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Skip link, header with navigation, the page, footer. */
export function SiteLayout({
  categories,
  cartCount = 0,
  notifications,
  messages,
  messagesUnread = 0,
  children,
}: {
  categories: CategoryNode[];
  /** Items in the cart, for the header's badge (the cart itself is a feature the app wires in). */
  cartCount?: number;
  /** The header's notification bell (a feature the app wires in). */
  notifications?: ReactNode;
  /** The header's Messages link with its badge (a feature the app wires in). */
  messages?: ReactNode;
  /** Unread messages, for the account menu's Messages entry. */
  messagesUnread?: number;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader
        categories={categories}
        cartCount={cartCount}
        notifications={notifications}
        messages={messages}
        messagesUnread={messagesUnread}
      />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
