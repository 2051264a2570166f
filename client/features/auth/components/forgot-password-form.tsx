import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { emailOnlySchema } from "../../../../core/contracts/accounts";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useForgotPassword } from "../api/forgot-password";

type Values = z.input<typeof emailOnlySchema>;

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });

  const onSubmit = handleSubmit(({ email }) => {
    setFailure(null);
    forgot.mutate(email, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        setFailure(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE),
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Reset your password"
      className="flex flex-col gap-4"
    >
      <FormAlert tone="success">{sent}</FormAlert>
      <FormAlert>{failure}</FormAlert>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? "Sending..." : sent ? "Send again" : "Send reset link"}
      </Button>
    </form>
  );
}
