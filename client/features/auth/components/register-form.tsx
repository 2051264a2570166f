import { zodResolver } from "@hookform/resolvers/zod";
import { Briefcase, User } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { pageRegisterSchema } from "../../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../../core/errors";
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

export const REGISTER_MESSAGES = {
  success: "Account created successfully!",
  failure: "Failed to create account",
  duplicate: "Email or username already exists.",
} as const;

const ACCOUNT_TYPES = [
  { value: "personal", label: "Personal account", Icon: User },
  { value: "business", label: "Business account", Icon: Briefcase },
] as const;

type RegisterValues = z.input<typeof pageRegisterSchema>;

// The fields the form shows, so a server's field error lands only where it can be seen.
const FIELDS = ["firstName", "lastName", "email", "password", "accountType"] as const;
type FieldName = (typeof FIELDS)[number];

/**
 * The sign-up form on /register (spec): account type, names, email, password with its live
 * checklist, marketing choice. `onRegistered` gets the server's message and the address the
 * confirmation went to. (The auth modal has its own, shorter form: modal-register-form.tsx.)
 */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (message: string, email: string) => void;
}) {
  const registerAccount = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<RegisterValues, unknown, z.output<typeof pageRegisterSchema>>({
    resolver: zodResolver(pageRegisterSchema),
    defaultValues: {
      accountType: "personal",
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      marketingEmails: true,
    },
  });
  const password = watch("password") ?? "";
  const accountType = watch("accountType");

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registerAccount.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success(REGISTER_MESSAGES.success);
        onRegistered(message, values.email);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ERROR_CODES.accountExists) {
          setError("email", { message: REGISTER_MESSAGES.duplicate });
          setFocus("email");
          toast.error(REGISTER_MESSAGES.duplicate);
          return;
        }
        toast.error(REGISTER_MESSAGES.failure);
        if (!(error instanceof ApiError)) return;
        const shown: readonly string[] = FIELDS;
        const fields = Object.entries(error.fields ?? {}).filter(([name]) => shown.includes(name));
        for (const [name, message] of fields) {
          setError(name as FieldName, { message });
        }
        const first = fields[0]?.[0];
        // The visitor goes to the first field to fix.
        if (!first) setFormError(error.message);
        else setFocus(first as FieldName);
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Create an account"
      className="flex flex-col gap-4"
    >
      <FormAlert>{formError}</FormAlert>
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
      <CheckboxField
        label="Send me emails about deals, new features and offers from Tradewinds"
        hint="You can change this any time in Account Settings."
        {...register("marketingEmails")}
      />
      <LegalNote />
      <Button type="submit" size="lg" className="w-full" disabled={registerAccount.isPending}>
        {registerAccount.isPending ? "Creating account..." : "Create account"}
      </Button>
    </form>
  );
}
