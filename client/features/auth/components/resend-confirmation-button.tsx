import { toast } from "sonner";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api-client";
import { useResendConfirmation } from "../api/resend-confirmation";

/** Sends the confirmation email again; the server's answer is the toast. */
export function ResendConfirmationButton({
  email,
  label = "Resend confirmation email",
  variant = "outline",
}: {
  email: string;
  label?: string;
  variant?: ButtonVariant;
}) {
  const resend = useResendConfirmation();
  return (
    <Button
      variant={variant}
      size="sm"
      className="w-fit"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(email, {
          onSuccess: ({ message }) => toast.success(message),
          onError: (error) =>
            toast.error(
              error instanceof ApiError
                ? error.message
                : "An unexpected error occurred. Please try again later.",
            ),
        })
      }
    >
      {resend.isPending ? "Sending..." : label}
    </Button>
  );
}
