import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { modalRegisterSchema } from "../../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../../core/errors";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { useRegister } from "../api/register";
import { LegalNote } from "./legal-note";
import { REGISTER_MESSAGES } from "./register-form";
import { ResendConfirmationButton } from "./resend-confirmation-button";

// The modal asks for the password twice (spec: 'Passwords do not match.').
const formSchema = modalRegisterSchema
  .extend({ confirmPassword: z.string().min(1, "Please confirm your password") })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords do not match.",
    path: ["confirmPassword"],
  });
type FormValues = z.input<typeof formSchema>;

// The fields the form shows, so a server's field error lands only where it can be seen.
const FIELDS = ["username", "email", "password"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * The auth modal's Register tab (spec): username, email, password and its confirmation. Nobody
 * here is asked about marketing or an account type, so the account is personal and gets no
 * marketing email. Success leaves the modal on the server's "check your email".
 */
export function ModalRegisterForm() {
  const registerAccount = useRegister();
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { username: "", email: "", password: "", confirmPassword: "" },
  });
  const password = watch("password") ?? "";

  const onSubmit = handleSubmit(({ username, email, password }) => {
    setFormError(null);
    registerAccount.mutate(
      { username, email, password, accountType: "personal", marketingEmails: false },
      {
        onSuccess: ({ message }) => setDone({ message, email }),
        onError: (error) => {
          // Either the email or the username is taken; the server does not say which.
          if (error instanceof ApiError && error.code === ERROR_CODES.accountExists) {
            setFormError(REGISTER_MESSAGES.duplicate);
            return;
          }
          toast.error(REGISTER_MESSAGES.failure);
          if (!(error instanceof ApiError)) return;
          const shown: readonly string[] = FIELDS;
          const fields = Object.entries(error.fields ?? {}).filter(([name]) =>
            shown.includes(name),
          );
          for (const [name, message] of fields) setError(name as FieldName, { message });
          if (fields.length === 0) setFormError(error.message);
        },
      },
    );
  });

  if (done) {
    return (
      <div className="flex flex-col items-center gap-3 py-2 text-center">
        <MailCheck aria-hidden="true" className="size-10 text-brand-700" />
        <p role="status" className="font-medium text-slate-900">
          {done.message}
        </p>
        <p className="text-sm text-slate-700">
          We sent the link to <strong className="text-slate-900">{done.email}</strong>.
        </p>
        <ResendConfirmationButton email={done.email} label="Resend" />
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register" className="flex flex-col gap-4">
      <FormAlert>{formError}</FormAlert>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint="3-30 letters, numbers, dots, dashes or underscores."
        error={errors.username?.message}
        {...register("username")}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          describedBy={checklistId}
          {...register("password")}
        />
        <PasswordChecklist id={checklistId} password={password} />
      </div>
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <LegalNote />
      <Button type="submit" size="lg" className="w-full" disabled={registerAccount.isPending}>
        {registerAccount.isPending ? "Registering..." : "Register"}
      </Button>
    </form>
  );
}
