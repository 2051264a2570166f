import { useRef } from "react";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { Spinner } from "../../components/ui/spinner";
import { AuthCard } from "../../features/auth/components/auth-card";
import { LoginForm } from "../../features/auth/components/login-form";
import {
  OAuthButtons,
  OrDivider,
  oauthErrorMessage,
} from "../../features/auth/components/oauth-buttons";
import { safeReturnTo } from "../../lib/return-to";
import { useSession } from "../../lib/session";

/**
 * /login. After signing in here the visitor goes back to the page that sent them (?returnTo= or
 * the link's state), else home; someone already signed in who opens it goes home.
 */
export function LoginPage() {
  const { user, isLoading } = useSession();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const signedInHere = useRef(false);
  const state = location.state as { returnTo?: unknown } | null;
  const returnTo = safeReturnTo(searchParams.get("returnTo") ?? state?.returnTo);
  const oauthError = searchParams.get("oauthError");

  if (user) return <Navigate to={signedInHere.current ? returnTo : "/"} replace />;
  if (isLoading) return <Spinner />;

  return (
    <AuthCard title="Sign in" intro="Welcome back! Sign in to bid, buy and sell.">
      {oauthError && <FormAlert>{oauthErrorMessage(oauthError)}</FormAlert>}
      <LoginForm variant="page" onSubmitting={() => (signedInHere.current = true)} />
      <OrDivider />
      <OAuthButtons mode="signin" returnTo={returnTo} />
      <p className="text-center text-sm text-slate-700">
        New to Tradewinds?{" "}
        <Link to="/register" className="font-semibold text-brand-800 underline underline-offset-2">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
