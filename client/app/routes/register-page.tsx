import { useState } from "react";
import { Link, Navigate } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { CheckEmailPanel } from "../../features/auth/components/check-email-panel";
import { OAuthButtons, OrDivider } from "../../features/auth/components/oauth-buttons";
import { RegisterForm } from "../../features/auth/components/register-form";
import { useSession } from "../../lib/session";

/** /register: a personal or business account; then "check your email" until it is confirmed. */
export function RegisterPage() {
  const { user } = useSession();
  const [registered, setRegistered] = useState<{ email: string } | null>(null);
  if (user) return <Navigate to="/" replace />;

  if (registered) {
    return (
      <AuthCard title="Check your email" focusHeading>
        <CheckEmailPanel email={registered.email} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create an account"
      intro="Buy and sell across the Caribbean with one account."
      wide
    >
      <OAuthButtons mode="signup" returnTo="/" />
      <OrDivider />
      <RegisterForm onRegistered={(_message, email) => setRegistered({ email })} />
      <p className="text-center text-sm text-slate-700">
        Already have an account?{" "}
        <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
