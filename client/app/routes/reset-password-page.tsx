import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ResetPasswordForm } from "../../features/auth/components/reset-password-form";

/** /reset-password?token=: where the reset email's link lands. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <FormAlert>
          <p className="font-medium">This link is not valid.</p>
          <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
            Request a new link
          </Link>
        </FormAlert>
      )}
    </AuthCard>
  );
}
