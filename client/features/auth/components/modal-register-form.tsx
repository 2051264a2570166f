import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { registerSchema } from "../../../../core/contracts/accounts";
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
const modalRegisterSchema = registerSchema
  .pick({ firstName: true, lastName: true, email: true, password: true })
  .extend({ confirmPassword: z.string().min(1, "Please confirm your password") })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords do not match.",
    path: ["confirmPassword"],
  });
type ModalRegisterValues = z.input<typeof modalRegisterSchema>;
const FIELDS = ["firstName", "lastName", "email", "password"] as const;

/** The auth modal's Register tab. Success leaves the modal on the server's "check your email". */
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
  } = useForm<ModalRegisterValues, unknown, z.output<typeof modalRegisterSchema>>({
    resolver: zodResolver(modalRegisterSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", confirmPassword: "" },
  });
  const password = watch("password") ?? "";

  const onSubmit = handleSubmit(({ confirmPassword: _, ...values }) => {
    setFormError(null);
    // Nobody was asked about marketing here, so nobody is signed up for it.
    registerAccount.mutate(
      { ...values, accountType: "personal", marketingEmails: false },
      {
        onSuccess: ({ message }) => setDone({ message, email: values.email }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === "account_exists") {
            setError("email", { message: REGISTER_MESSAGES.duplicate }, { shouldFocus: true });
            setFormError(REGISTER_MESSAGES.duplicate);
            return;
          }
          const fields =
            error instanceof ApiError
              ? Object.entries(error.fields ?? {}).filter(([name]) =>
                  (FIELDS as readonly string[]).includes(name),
                )
              : [];
          for (const [name, message] of fields) {
            setError(name as (typeof FIELDS)[number], { message });
          }
          toast.error(REGISTER_MESSAGES.failure);
          if (fields.length === 0 && error instanceof ApiError) setFormError(error.message);
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register("lastName")}
        />
      </div>
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
