import { Link } from "react-router";

const linkClass = "font-medium text-brand-800 underline underline-offset-2";

/** The agreement a new account accepts, with links to the user agreement and privacy notice. */
export function LegalNote() {
  return (
    <p className="text-sm text-slate-700">
      By creating an account, you agree to our{" "}
      <Link to="/user-agreement" className={linkClass}>
        User Agreement
      </Link>{" "}
      and acknowledge reading our{" "}
      <Link to="/privacy" className={linkClass}>
        User Privacy Notice
      </Link>
      . You must be 18 or older.
    </p>
  );
}
