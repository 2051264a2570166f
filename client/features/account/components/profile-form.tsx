import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { type SessionUser, updateProfileSchema } from "../../../../core/contracts/accounts";
import { ERROR_CODES } from "../../../../core/errors";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useUpdateProfile } from "../api/update-profile";

const schema = updateProfileSchema.pick({ fullName: true, username: true }).required();
type Values = z.input<typeof schema>;

/** Full name and username (unique; the server says when it is taken). */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    values: { fullName: user.fullName, username: user.username },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: (saved) => {
        reset({ fullName: saved.fullName, username: saved.username });
        toast.success("Your profile has been updated.");
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === ERROR_CODES.usernameTaken) {
          setError("username", { message: error.message }, { shouldFocus: true });
          return;
        }
        if (error instanceof ApiError && error.fields) {
          for (const name of ["fullName", "username"] as const) {
            const message = error.fields[name];
            if (message) setError(name, { message });
          }
        }
        toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE);
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Name and username"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full name"
          autoComplete="name"
          error={errors.fullName?.message}
          {...register("fullName")}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3-30 characters: letters, numbers, dots, dashes or underscores."
          error={errors.username?.message}
          {...register("username")}
        />
      </div>
      <Button type="submit" className="w-fit" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save changes"}
      </Button>
    </form>
  );
}
