import { useSearchParams } from "react-router";
import { AuthCard } from "../../features/auth/components/auth-card";
import { ConfirmEmailStatus } from "../../features/auth/components/confirm-email-status";

/** /confirm-email?token=: where the confirmation email's link lands. */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Confirm your email">
      <ConfirmEmailStatus token={searchParams.get("token") ?? ""} />
    </AuthCard>
  );
}
