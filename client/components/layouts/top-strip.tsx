import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { isAuthPage, pathOf } from "../../lib/return-to";
import { useSession } from "../../lib/session";

// Only a signed-in user has the menu (with the sign-out dialog): visitors never download it.
const AccountMenu = lazy(() => import("./account-menu").then((m) => ({ default: m.AccountMenu })));

const linkClass = "underline-offset-2 hover:underline";
const signInClass = "font-semibold text-white underline underline-offset-2";

/** The thin bar above the header: greeting with sign-in links or the account menu, Daily Deals, Help & Contact. */
export function TopStrip({ messagesUnread = 0 }: { messagesUnread?: number }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  // Signing in from here comes back to this page (the auth pages themselves excepted).
  const returnTo = isAuthPage(location.pathname) ? undefined : { returnTo: pathOf(location) };

  let greeting = <p>Hi!</p>;
  if (user) {
    greeting = (
      <Suspense
        // The greeting as the menu's button shows it, so the strip does not move when it arrives.
        fallback={
          <p className="inline-flex min-h-6 items-center gap-1 font-semibold text-white">
            Hi, {user.username}
            <span aria-hidden="true" className="size-4" />
          </p>
        }
      >
        <AccountMenu
          username={user.username}
          messagesUnread={messagesUnread}
          staff={user.staffRole !== null && user.staffRole !== undefined}
        />
      </Suspense>
    );
  } else if (!isLoading) {
    greeting = (
      <p>
        Hi!{" "}
        <Link to="/login" state={returnTo} className={signInClass}>
          Sign in
        </Link>{" "}
        or{" "}
        <Link to="/register" className={signInClass}>
          Register
        </Link>
      </p>
    );
  }

  return (
    <div className="on-dark bg-brand-950 text-xs text-brand-50 sm:text-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5">
        {greeting}
        <ul className="flex items-center gap-4">
          <li>
            <Link to="/deals" className={linkClass}>
              Daily Deals
            </Link>
          </li>
          <li>
            <Link to="/help" className={linkClass}>
              Help &amp; Contact
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
