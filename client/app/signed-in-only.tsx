import { useEffect, useRef } from "react";
import { Navigate, Outlet, type UIMatch, useLocation, useMatches } from "react-router";
import { toast } from "sonner";
import { ErrorState } from "../components/ui/error-state";
import { Spinner } from "../components/ui/spinner";
import { loginPath, pathOf } from "../lib/return-to";
import { useSession } from "../lib/session";

/** A signed-in-only route may say, in its `handle`, why a visitor must sign in first (a toast). */
export interface SignInHandle {
  signInMessage?: string;
}

function signInMessageOf(matches: UIMatch[]): string | undefined {
  for (const match of [...matches].reverse()) {
    const message = (match.handle as SignInHandle | undefined)?.signInMessage;
    if (message) return message;
  }
  return undefined;
}

/**
 * The layout route of every page that needs an account (spec section 2): a visitor is sent to
 * /login?returnTo=<this page>, and comes back here after signing in. Someone who signs out while
 * on one of these pages goes home instead (spec: sign-out returns to /), however the way home and
 * the end of the session race each other.
 */
export function SignedInOnly() {
  const { user, isLoading, isError, refetch, signedOutHere } = useSession();
  const location = useLocation();
  const message = signInMessageOf(useMatches());
  // Whether this page was showing someone's account: only then did they sign out "from" it.
  const hadUser = useRef(false);
  useEffect(() => {
    if (user) hadUser.current = true;
  }, [user]);

  const sendingToLogin = !user && !isLoading && !isError && !(signedOutHere && hadUser.current);
  useEffect(() => {
    // One id per message: a double effect (StrictMode) or a second redirect shows it once.
    if (sendingToLogin && message) toast.error(message, { id: message });
  }, [sendingToLogin, message]);

  if (user) return <Outlet />;
  if (isLoading) return <Spinner />;
  if (isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <ErrorState message="We couldn't check whether you are signed in." onRetry={refetch} />
      </div>
    );
  }
  if (!sendingToLogin) return <Navigate to="/" replace />;
  return <Navigate to={loginPath(pathOf(location))} replace />;
}
