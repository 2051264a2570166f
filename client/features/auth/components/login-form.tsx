import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { loginSchema } from "../../../../core/contracts/accounts";
import { CLIENT_ERROR_CODES, ERROR_CODES } from "../../../../core/errors";
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

/** The modal's variant of the spec's messages. */
const MODAL_MESSAGES = { success: "Welcome back!", invalid: "Invalid email or password." };

export type LoginFormProps =
  /** /login: remember me beside the link; failures are toasts. */
  | { variant: "page"; onSubmitting: () => void }
  /**
   * The auth modal's Login tab: no remember me; failures stay in the form's alert.
   * `onLeave`: following a link away (forgot password) closes the modal without signing in.
   */
  | { variant: "modal"; onSignedIn: () => void; onLeave: () => void };

/** What a failed sign-in says, when it is neither a wrong password nor an unconfirmed email. */
function failureMessage(error: unknown, variant: LoginFormProps["variant"]): string {
  if (!(error instanceof ApiError)) return SIGN_IN_ERRORS.unexpected;
  switch (error.code) {
    case CLIENT_ERROR_CODES.network:
      return variant === "page" ? SIGN_IN_ERRORS.network : error.message;
    case ERROR_CODES.rateLimited:
      // The server says how long to wait, which helps more than a generic line.
      return error.message;
    case ERROR_CODES.accountSuspended:
      // The password was right: "try again" would mislead; the server says what happened.
      return error.message;
    case CLIENT_ERROR_CODES.invalidResponse:
      return variant === "page" ? SIGN_IN_ERRORS.unexpected : SIGN_IN_ERRORS.service;
    default:
      return SIGN_IN_ERRORS.service;
  }
}

/** The sign-in form, email and password (show/hide), on /login or in the auth modal. */
export function LoginForm(props: LoginFormProps) {
  const page = props.variant === "page";
  const login = useLogin();
  const [alert, setAlert] = useState<{ text: string; resendTo?: string } | null>(null);
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
    setAlert(null);
    if (props.variant === "page") props.onSubmitting();
    login.mutate(values, {
      onSuccess: () => {
        if (props.variant === "page") {
          toast.success("Successfully signed in!");
        } else {
          toast.success(MODAL_MESSAGES.success);
          props.onSignedIn();
        }
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : null;
        if (code === ERROR_CODES.emailNotConfirmed) {
          setAlert({ text: SIGN_IN_ERRORS.notConfirmed, resendTo: values.email });
        } else if (code === ERROR_CODES.invalidCredentials) {
          if (page) setError("email", { message: SIGN_IN_ERRORS.fieldInvalid });
          setError("password", {
            message: page ? SIGN_IN_ERRORS.fieldInvalid : MODAL_MESSAGES.invalid,
          });
          setFocus("password");
          toast.error(page ? SIGN_IN_ERRORS.invalid : MODAL_MESSAGES.invalid);
        } else if (page) {
          toast.error(failureMessage(error, props.variant));
        } else {
          setAlert({ text: failureMessage(error, props.variant) });
        }
      },
    });
  });

  const forgotPassword = (
    <Link
      to="/forgot-password"
      onClick={page ? undefined : props.onLeave}
      className={
        page
          ? "text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
          : "w-fit text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
      }
    >
      Forgot password?
    </Link>
  );

  return (
    <form
      id={formId}
      onSubmit={onSubmit}
      noValidate
      aria-label={page ? "Sign in" : "Login"}
      className="flex flex-col gap-4"
    >
      <FormAlert>
        {alert && (
          <>
            <p className="font-medium">{alert.text}</p>
            {alert.resendTo && <ResendConfirmationButton email={alert.resendTo} />}
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
      {page ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label="Remember me" {...register("rememberMe")} />
          {forgotPassword}
        </div>
      ) : (
        forgotPassword
      )}
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
