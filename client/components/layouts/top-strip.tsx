import { Link } from "react-router";

const linkClass = "underline-offset-2 hover:underline";

/** The thin bar above the header: greeting with sign-in links, Daily Deals, Help & Contact. */
export function TopStrip() {
  return (
    <div className="on-dark bg-brand-950 text-xs text-brand-50 sm:text-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5">
        <p>
          Hi!{" "}
          <Link to="/login" className="font-semibold text-white underline underline-offset-2">
            Sign in
          </Link>{" "}
          or{" "}
          <Link to="/register" className="font-semibold text-white underline underline-offset-2">
            Register
          </Link>
        </p>
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
