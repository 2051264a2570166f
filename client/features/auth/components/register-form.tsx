import { zodResolver } from "@hookform/resolvers/zod";
import { Briefcase, MailCheck, User } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { registerSchema } from "../../../../core/contracts/accounts";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useRegister } from "../api/register";
import { LegalNote } from "./legal-note";
import { ResendConfirmationButton } from "./resend-confirmation-button";

export const REGISTER_MESSAGES = {
  success: "Account created successfully!",
  failure: "Failed to create account",
  duplicate: "Email or username already exists.",
} as const;

const ACCOUNT_TYPES = [
  { value: "personal", label: "Personal account", Icon: User },
  { value: "business", label: "Business account", Icon: Briefcase },
] as const;

// The page asks for the password once: its confirmation is carried empty and never sent, so both
// variants share one form type.
const pageSchema = registerSchema.extend({ confirmPassword: z.string() });
// The modal asks for the password twice (spec: 'Passwords do not match.').
const modalSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, "Please confirm your password") })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords do not match.",
    path: ["confirmPassword"],
  });
type RegisterValues = z.input<typeof pageSchema>;

// The fields each variant shows, so a server's field error lands only where it can be seen.
const FIELDS = {
  page: ["firstName", "lastName", "email", "password", "accountType"],
  modal: ["firstName", "lastName", "email", "password"],
} as const;
type FieldName = (typeof FIELDS)["page"][number];

export type RegisterFormProps =
  /**
   * /register: account type, names, email, password with its live checklist, marketing choice.
   * `onRegistered` gets the server's message and the address the confirmation went to.
   */
  | { variant: "page"; onRegistered: (message: string, email: string) => void }
  /**
   * The auth modal's Register tab: names, email, password twice. Success leaves the modal on the
   * server's "check your email".
   */
  | { variant: "modal" };

/** The sign-up form, on /register or in the auth modal. */
export function RegisterForm(props: RegisterFormProps) {
  const page = props.variant === "page";
  const registerAccount = useRegister();
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<RegisterValues, unknown, z.output<typeof pageSchema>>({
    resolver: page ? zodResolver(pageSchema) : zodResolver(modalSchema),
    defaultValues: {
      accountType: "personal",
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      marketingEmails: page,
    },
  });
  const password = watch("password") ?? "";
  const accountType = watch("accountType");

  const onSubmit = handleSubmit(({ confirmPassword: _, ...values }) => {
    setFormError(null);
    registerAccount.mutate(
      // Nobody in the modal was asked about marketing, so nobody there is signed up for it.
      page ? values : { ...values, accountType: "personal", marketingEmails: false },
      {
        onSuccess: ({ message }) => {
          if (props.variant === "page") {
            toast.success(REGISTER_MESSAGES.success);
            props.onRegistered(message, values.email);
          } else {
            setDone({ message, email: values.email });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === "account_exists") {
            setError("email", { message: REGISTER_MESSAGES.duplicate });
            setFocus("email");
            if (page) toast.error(REGISTER_MESSAGES.duplicate);
            else setFormError(REGISTER_MESSAGES.duplicate);
            return;
          }
          toast.error(REGISTER_MESSAGES.failure);
          if (!(error instanceof ApiError)) return;
          const shown: readonly string[] = FIELDS[props.variant];
          const fields = Object.entries(error.fields ?? {}).filter(([name]) =>
            shown.includes(name),
          );
          for (const [name, message] of fields) {
            setError(name as FieldName, { message });
          }
          const first = fields[0]?.[0];
          if (!first) setFormError(error.message);
          // The page takes the visitor to the first field to fix; the modal leaves focus alone.
          else if (page) setFocus(first as FieldName);
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
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={page ? "Create an account" : "Register"}
      className="flex flex-col gap-4"
    >
      <FormAlert>{formError}</FormAlert>
      {page && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Account type</legend>
          <div className="grid grid-cols-2 gap-2">
            {ACCOUNT_TYPES.map(({ value, label, Icon }) => (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm font-medium",
                  accountType === value
                    ? "border-brand-700 bg-brand-50 text-brand-900"
                    : "border-slate-400 text-slate-900 hover:bg-slate-50",
                )}
              >
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-brand-700"
                  {...register("accountType")}
                />
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
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
      {page ? (
        <CheckboxField
          label="Send me emails about deals, new features and offers from Tradewinds"
          hint="You can change this any time in Account Settings."
          {...register("marketingEmails")}
        />
      ) : (
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register("confirmPassword")}
        />
      )}
      <LegalNote />
      <Button type="submit" size="lg" className="w-full" disabled={registerAccount.isPending}>
        {page
          ? registerAccount.isPending
            ? "Creating account..."
            : "Create account"
          : registerAccount.isPending
            ? "Registering..."
            : "Register"}
      </Button>
    </form>
  );
}
