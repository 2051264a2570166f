import { Link } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ForgotPasswordForm } from "../../features/auth/components/forgot-password-form";

/** /forgot-password: a reset link by email. */
export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email you signed up with and we'll send you a link to choose a new password."
    >
      <ForgotPasswordForm />
      <p className="text-center text-sm text-slate-700">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-brand-800 underline underline-offset-2">
          Back to Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
