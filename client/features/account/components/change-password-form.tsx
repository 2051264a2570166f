import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { changePasswordSchema } from "../../../../core/contracts/accounts";
import { Button } from "../../../components/ui/button";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useChangePassword } from "../api/change-password";

type Values = z.input<typeof changePasswordSchema>;

/** Current password, then the new one with the live checklist. Other sessions end on success. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const checklistId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const newPassword = watch("newPassword") ?? "";

  const onSubmit = handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: ({ message }) => {
        reset();
        toast.success(message);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          toast.error(UNEXPECTED_MESSAGE);
          return;
        }
        let marked = false;
        for (const name of ["currentPassword", "newPassword"] as const) {
          const message = error.fields?.[name];
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
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Change password"
      className="flex flex-col gap-4"
    >
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register("currentPassword")}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          describedBy={checklistId}
          {...register("newPassword")}
        />
        <PasswordChecklist id={checklistId} password={newPassword} />
      </div>
      <Button type="submit" className="w-fit" disabled={change.isPending}>
        {change.isPending ? "Saving..." : "Change password"}
      </Button>
    </form>
  );
}
