import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { loginSchema } from "../../../../core/contracts/accounts";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, NETWORK_MESSAGE, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useLogin } from "../api/login";
import { ResendConfirmationButton } from "./resend-confirmation-button";

type LoginValues = z.input<typeof loginSchema>;

/** The spec's sign-in error catalogue (section 8). */
export const SIGN_IN_ERRORS = {
  fieldInvalid: "Invalid email or password",
  invalid: "Invalid email or password. Please check your credentials and try again.",
  notConfirmed: "Please verify your email address before signing in.",
  service: "An error occurred during sign in. Please try again.",
  network: NETWORK_MESSAGE,
  unexpected: UNEXPECTED_MESSAGE,
} as const;

/** The /login form: email, password (show/hide), remember me; errors as the spec words them. */
export function LoginForm({ onSubmitting }: { onSubmitting: () => void }) {
  const login = useLogin();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "", rememberMe: false },
  });

  const onSubmit = handleSubmit((values) => {
    setUnconfirmedEmail(null);
    onSubmitting();
    login.mutate(values, {
      onSuccess: () => toast.success("Successfully signed in!"),
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          toast.error(SIGN_IN_ERRORS.unexpected);
          return;
        }
        switch (error.code) {
          case "invalid_credentials":
            setError("email", { message: SIGN_IN_ERRORS.fieldInvalid });
            setError("password", { message: SIGN_IN_ERRORS.fieldInvalid });
            setFocus("password");
            toast.error(SIGN_IN_ERRORS.invalid);
            return;
          case "email_not_confirmed":
            setUnconfirmedEmail(values.email);
            return;
          case "network_error":
            toast.error(SIGN_IN_ERRORS.network);
            return;
          case "rate_limited":
            // The server says how long to wait, which helps more than a generic line.
            toast.error(error.message);
            return;
          case "invalid_response":
            toast.error(SIGN_IN_ERRORS.unexpected);
            return;
          default:
            toast.error(SIGN_IN_ERRORS.service);
        }
      },
    });
  });

  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      aria-label="Sign in"
      className="flex flex-col gap-4"
    >
      <FormAlert>
        {unconfirmedEmail && (
          <>
            <p className="font-medium">{SIGN_IN_ERRORS.notConfirmed}</p>
            <ResendConfirmationButton email={unconfirmedEmail} />
          </>
        )}
      </FormAlert>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label="Remember me" {...register("rememberMe")} />
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
