import { Navigate, Outlet, useLocation } from "react-router";
import { ErrorState } from "../components/ui/error-state";
import { Spinner } from "../components/ui/spinner";
import { loginPath, pathOf } from "../lib/return-to";
import { useSession } from "../lib/session";

/**
 * The layout route of every page that needs an account (spec section 2): a visitor is sent to
 * /login?returnTo=<this page>, and comes back here after signing in.
 */
export function SignedInOnly() {
  const { user, isLoading, isError, refetch } = useSession();
  const location = useLocation();
  if (user) return <Outlet />;
  if (isLoading) return <Spinner />;
  if (isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <ErrorState message="We couldn't check whether you are signed in." onRetry={refetch} />
      </div>
    );
  }
  return <Navigate to={loginPath(pathOf(location))} replace />;
}
