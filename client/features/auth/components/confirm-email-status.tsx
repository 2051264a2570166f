import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { emailOnlySchema } from "../../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../../core/errors";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useSession } from "../../../lib/session";
import { useConfirmEmail } from "../api/confirm-email";
import { useResendConfirmation } from "../api/resend-confirmation";
import { afterEmailConfirmed } from "../cache";

/** An expired link: ask for the address and send a fresh one. */
function ResendByEmail() {
  const resend = useResendConfirmation();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof emailOnlySchema>, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const onSubmit = handleSubmit(({ email }) =>
    resend.mutate(email, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Send a new confirmation link"
      className="flex w-full flex-col gap-3 text-left"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" disabled={resend.isPending}>
        {resend.isPending ? "Sending..." : "Send a new link"}
      </Button>
      <p role="status" className="text-sm text-brand-900">
        {sent}
      </p>
    </form>
  );
}

/** Posts the emailed token once and says how it went. */
export function ConfirmEmailStatus({ token }: { token: string }) {
  const confirm = useConfirmEmail(token);
  const { user } = useSession();
  const queryClient = useQueryClient();

  // A confirmed email change shows in the session (header, settings) straight away.
  useEffect(() => {
    if (confirm.isSuccess) void afterEmailConfirmed(queryClient);
  }, [confirm.isSuccess, queryClient]);

  if (token && confirm.isPending) return <Spinner label="Confirming your email..." showLabel />;

  if (token && confirm.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <CheckCircle2 aria-hidden="true" className="size-12 text-brand-700" />
        <p role="status" className="text-lg font-medium text-slate-900">
          {confirm.data.message}
        </p>
        {user ? (
          <Link to="/account/settings" className={buttonClasses("primary", "lg")}>
            Account Settings
          </Link>
        ) : (
          <Link to="/login" className={buttonClasses("primary", "lg")}>
            Sign in
          </Link>
        )}
      </div>
    );
  }

  const error = confirm.error;
  const code = error instanceof ApiError ? error.code : ERROR_CODES.invalidToken;
  const message = !token
    ? "This link is not valid."
    : error instanceof ApiError
      ? error.message
      : UNEXPECTED_MESSAGE;

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <AlertCircle aria-hidden="true" className="size-12 text-coral-700" />
      <p role="alert" className="text-lg font-medium text-slate-900">
        {message}
      </p>
      {code === ERROR_CODES.tokenExpired && <ResendByEmail />}
      {code === ERROR_CODES.tokenUsed && (
        <Link to="/login" className={buttonClasses("primary", "lg")}>
          Sign in
        </Link>
      )}
      {code !== ERROR_CODES.tokenExpired && code !== ERROR_CODES.tokenUsed && (
        <p className="text-sm text-slate-700">
          Check that you opened the whole link from the email, or{" "}
          <Link to="/login" className="font-medium text-brand-800 underline underline-offset-2">
            sign in
          </Link>{" "}
          to have a new one sent.
        </p>
      )}
    </div>
  );
}
