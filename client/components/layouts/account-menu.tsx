import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useDropdown } from "../../lib/use-dismiss";
import { SignOutDialog } from "../sign-out-dialog";

const GROUPS = [
  {
    title: "Activity",
    links: [
      { to: "/my/bids", label: "Bids & Offers" },
      { to: "/my/purchases", label: "Purchase History" },
      { to: "/my/selling", label: "Selling" },
      { to: "/my/payments", label: "Payments" },
    ],
  },
  {
    title: "My Account",
    links: [
      { to: "/messages", label: "Messages" },
      { to: "/account/settings", label: "Account Settings" },
    ],
  },
];

/** Shown to staff (moderators and admins) only; the admin area is the app's not-found for others. */
const STAFF_GROUP = { title: "Staff", links: [{ to: "/admin", label: "Admin" }] };

const itemClass =
  "block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus-visible:bg-brand-50";

/** "Hi, {username}" in the top strip, opening the account dropdown (a disclosure of links). */
export function AccountMenu({
  username,
  messagesUnread = 0,
  staff = false,
}: {
  username: string;
  /** Shown beside the Messages entry. */
  messagesUnread?: number;
  /** A moderator or admin: the menu links to the admin area. */
  staff?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const groups = staff ? [...GROUPS.slice(0, 1), STAFF_GROUP, ...GROUPS.slice(1)] : GROUPS;
  const { open, close, toggle, container, trigger, menuId } = useDropdown();
  const [, setSearchParams] = useSearchParams();
  // The profile modal (client/features/profile) opens on ?profile, on whatever page this is.
  const openProfile = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("profile", "");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        className="inline-flex min-h-6 items-center gap-1 rounded font-semibold text-white hover:underline"
      >
        Hi, {username}
        {messagesUnread > 0 && (
          // Phones have no Messages icon in the header: the count shows here (its words are on
          // the menu's Messages entry).
          <span
            aria-hidden="true"
            className="flex h-4 min-w-4 items-center justify-center rounded-full bg-coral-700 px-1 text-[0.6875rem] leading-none font-bold text-white tabular-nums sm:hidden"
          >
            {messagesUnread > 99 ? "99+" : messagesUnread}
          </span>
        )}
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute left-0 z-40 mt-1 w-60 rounded-xl border border-sand-200 bg-white py-2 text-slate-900 shadow-lg [--focus-ring:var(--color-brand-600)]"
      >
        {groups.map((group) => (
          <div key={group.title} className="border-b border-sand-200 pb-2 last:border-0 [&+&]:pt-2">
            <p
              id={`${menuId}-${group.title}`}
              className="px-4 py-1 text-xs font-semibold tracking-wide text-slate-700 uppercase"
            >
              {group.title}
            </p>
            <ul aria-labelledby={`${menuId}-${group.title}`}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    onClick={close}
                    className={
                      link.to === "/messages"
                        ? itemClass.replace("block", "flex items-center justify-between gap-2")
                        : itemClass
                    }
                  >
                    {link.label}
                    {link.to === "/messages" && messagesUnread > 0 && (
                      <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-coral-700 px-1.5 text-xs font-bold text-white tabular-nums">
                        <span aria-hidden="true">
                          {messagesUnread > 99 ? "99+" : messagesUnread}
                        </span>
                        <span className="sr-only">, {messagesUnread} unread</span>
                      </span>
                    )}
                  </Link>
                </li>
              ))}
              {group.title === "My Account" && (
                <>
                  <li>
                    <button
                      type="button"
                      aria-haspopup="dialog"
                      className={itemClass}
                      onClick={() => {
                        close();
                        openProfile();
                      }}
                    >
                      Profile
                    </button>
                  </li>
                  <li>
                    <button
                      type="button"
                      className={itemClass}
                      onClick={() => {
                        close();
                        setConfirming(true);
                      }}
                    >
                      Sign Out
                    </button>
                  </li>
                </>
              )}
            </ul>
          </div>
        ))}
      </div>
      <SignOutDialog open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}
