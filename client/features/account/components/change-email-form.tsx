import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { changeEmailSchema } from "../../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../../core/errors";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { PasswordField } from "../../../components/ui/password-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useChangeEmail } from "../api/change-email";

type Values = z.input<typeof changeEmailSchema>;

/** The current email, and a form for a new one (needs the password; confirmed by email). */
export function ChangeEmailForm({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const formId = useId();
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof changeEmailSchema>>({
    resolver: zodResolver(changeEmailSchema),
    defaultValues: { email: "", currentPassword: "" },
  });

  const onSubmit = handleSubmit((values) => {
    setSent(null);
    change.mutate(values, {
      onSuccess: ({ message }) => {
        setSent(message);
        reset();
        setOpen(false);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          toast.error(UNEXPECTED_MESSAGE);
          return;
        }
        if (error.code === ERROR_CODES.accountExists) {
          setError("email", { message: error.message }, { shouldFocus: true });
          return;
        }
        const fields = error.fields ?? {};
        let marked = false;
        for (const name of ["email", "currentPassword"] as const) {
          const message = fields[name];
          if (message) {
            setError(name, { message }, { shouldFocus: !marked });
            marked = true;
          }
        }
        if (!marked) toast.error(error.message);
      },
    });
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 break-all text-slate-900">{email}</p>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen((value) => !value)}
        >
          Change email
        </Button>
      </div>
      <FormAlert tone="success">{sent}</FormAlert>
      {open && (
        <form
          id={formId}
          onSubmit={onSubmit}
          noValidate
          aria-label="Change email"
          className="flex flex-col gap-4 rounded-xl bg-sand-50 p-4"
        >
          <p className="text-sm text-slate-700">
            We'll send a confirmation link to the new address. Your email changes once you follow
            it.
          </p>
          <TextField
            label="New email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register("currentPassword")}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Sending..." : "Send confirmation link"}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
