import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { loginSchema } from "../../../../core/contracts/accounts";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { useLogin } from "../api/login";
import { SIGN_IN_ERRORS } from "./login-form";
import { ResendConfirmationButton } from "./resend-confirmation-button";

type LoginValues = z.input<typeof loginSchema>;

/** The modal's variant of the spec's messages. */
const MODAL_MESSAGES = { success: "Welcome back!", invalid: "Invalid email or password." };

/** The auth modal's Login tab: email and password. */
export function ModalLoginForm({
  onSignedIn,
  onLeave,
}: {
  onSignedIn: () => void;
  /** Following a link away (forgot password) closes the modal without signing in. */
  onLeave: () => void;
}) {
  const login = useLogin();
  const [alert, setAlert] = useState<{ text: string; resendTo?: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "", rememberMe: false },
  });

  const onSubmit = handleSubmit((values) => {
    setAlert(null);
    login.mutate(values, {
      onSuccess: () => {
        toast.success(MODAL_MESSAGES.success);
        onSignedIn();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          setAlert({ text: SIGN_IN_ERRORS.unexpected });
          return;
        }
        if (error.code === "invalid_credentials") {
          setError("password", { message: MODAL_MESSAGES.invalid }, { shouldFocus: true });
          toast.error(MODAL_MESSAGES.invalid);
        } else if (error.code === "email_not_confirmed") {
          setAlert({ text: SIGN_IN_ERRORS.notConfirmed, resendTo: values.email });
        } else if (error.code === "network_error" || error.code === "rate_limited") {
          setAlert({ text: error.message });
        } else {
          setAlert({ text: SIGN_IN_ERRORS.service });
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login" className="flex flex-col gap-4">
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
      <Link
        to="/forgot-password"
        onClick={onLeave}
        className="w-fit text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        Forgot password?
      </Link>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
