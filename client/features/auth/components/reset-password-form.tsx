import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import { newPasswordSchema } from "../../../../core/contracts/accounts";
import { type ClientErrorCode, ERROR_CODES } from "../../../../core/errors";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { PasswordChecklist } from "../../../components/ui/password-checklist";
import { PasswordField } from "../../../components/ui/password-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useResetPassword } from "../api/reset-password";

const schema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match.",
    path: ["confirmPassword"],
  });
type Values = z.input<typeof schema>;

const LINK_CODES = new Set<ClientErrorCode>([
  ERROR_CODES.invalidToken,
  ERROR_CODES.tokenUsed,
  ERROR_CODES.tokenExpired,
]);

/** A new password from an emailed link; on success the visitor signs in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const checklistId = useId();
  const [failure, setFailure] = useState<{ text: string; badLink: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const password = watch("password") ?? "";

  const onSubmit = handleSubmit(({ password }) => {
    setFailure(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          navigate("/login", { replace: true });
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            setFailure({ text: UNEXPECTED_MESSAGE, badLink: false });
            return;
          }
          if (error.fields?.password) {
            setError("password", { message: error.fields.password }, { shouldFocus: true });
            return;
          }
          setFailure({ text: error.message, badLink: LINK_CODES.has(error.code) });
        },
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Choose a new password"
      className="flex flex-col gap-4"
    >
      <FormAlert>
        {failure && (
          <>
            <p className="font-medium">{failure.text}</p>
            {failure.badLink && (
              <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
                Request a new link
              </Link>
            )}
          </>
        )}
      </FormAlert>
      <div className="flex flex-col gap-2">
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          describedBy={checklistId}
          {...register("password")}
        />
        <PasswordChecklist id={checklistId} password={password} />
      </div>
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register("confirmPassword")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? "Saving..." : "Reset password"}
      </Button>
    </form>
  );
}
