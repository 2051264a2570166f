import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { emailSchema } from "../../../../core/contracts/accounts";
import {
  SUPPORT_CATEGORIES,
  SUPPORT_FACTS,
  SUPPORT_LIMITS,
  SUPPORT_MESSAGES,
  supportRequestSchema,
} from "../../../../core/contracts/support";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useSession } from "../../../lib/session";
import { useCreateSupportRequest } from "../api/create-support-request";

// The contract's rules, with the reply address required on the page: a signed-in sender's is
// filled in for them, and a visitor has no other.
const formSchema = supportRequestSchema.extend({
  category: z.string().pipe(supportRequestSchema.shape.category),
  email: z.string().trim().min(1, SUPPORT_MESSAGES.emailRequired).pipe(emailSchema),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["category", "subject", "message", "email"] as const;

const controlClasses = (invalid: boolean) =>
  cn(
    "w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500",
    invalid ? "border-coral-700" : "border-slate-400",
  );

/** Contact Us: category, subject, message and the address we reply to; then the reference. */
export function ContactForm() {
  const { user } = useSession();
  const send = useCreateSupportRequest();
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { category: useId(), message: useId() };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    // `values` follows the session: a user who signs in with the page open gets their address.
    values: { category: "", subject: "", message: "", email: user?.email ?? "" },
    resetOptions: { keepDirtyValues: true },
  });

  const onSubmit = handleSubmit((input) => {
    setFailure(null);
    send.mutate(input, {
      onSuccess: ({ reference }) => {
        // The confirmation that replaces the form says it (and takes the focus, so it is read
        // out): a toast with the same words beside it was the same message twice (issue 24).
        setSent({ reference, email: input.email });
        reset();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) {
          setFailure(SUPPORT_MESSAGES.sendFailed);
          return;
        }
        let marked = false;
        for (const name of FIELDS) {
          const message = error.fields?.[name];
          if (message) {
            setError(name, { message }, { shouldFocus: !marked });
            marked = true;
          }
        }
        if (!marked) setFailure(error.status === 429 ? error.message : SUPPORT_MESSAGES.sendFailed);
      },
    });
  });

  if (sent) {
    return (
      <div
        // The form it replaces held the focus: the confirmation takes it, so it is read out.
        ref={(element) => element?.focus()}
        tabIndex={-1}
        className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm focus:outline-none sm:p-6"
      >
        <FormAlert tone="success">
          <p className="text-base font-semibold">{SUPPORT_MESSAGES.sent}</p>
          <p>
            Your reference number is <strong>{sent.reference}</strong>. We have emailed a copy of
            your message to {sent.email}; we reply within {SUPPORT_FACTS.replyWithinHours} hours.
          </p>
        </FormAlert>
        <Button variant="outline" className="w-fit" onClick={() => setSent(null)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact us"
      className="flex flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <FormAlert>{failure}</FormAlert>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.category} className="text-sm font-semibold text-slate-900">
          Category
        </label>
        <div className="relative">
          <select
            id={ids.category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${ids.category}-error` : undefined}
            className={cn(controlClasses(!!errors.category), "h-11 appearance-none pr-9")}
            {...register("category")}
          >
            <option value="">Choose a category</option>
            {SUPPORT_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
          />
        </div>
        {errors.category && (
          <p id={`${ids.category}-error`} className="text-sm font-medium text-coral-800">
            {errors.category.message}
          </p>
        )}
      </div>
      <TextField
        label="Subject"
        maxLength={SUPPORT_LIMITS.subjectMax}
        error={errors.subject?.message}
        {...register("subject")}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.message} className="text-sm font-semibold text-slate-900">
          Message
        </label>
        <textarea
          id={ids.message}
          rows={7}
          maxLength={SUPPORT_LIMITS.messageMax}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${ids.message}-hint${errors.message ? ` ${ids.message}-error` : ""}`}
          className={cn(controlClasses(!!errors.message), "py-2")}
          {...register("message")}
        />
        <p id={`${ids.message}-hint`} className="text-sm text-slate-700">
          Include your order number or the listing's title if your question is about one.
        </p>
        {errors.message && (
          <p id={`${ids.message}-error`} className="text-sm font-medium text-coral-800">
            {errors.message.message}
          </p>
        )}
      </div>
      <TextField
        label="Your email address"
        type="email"
        autoComplete="email"
        hint={
          user
            ? "The address of your account; change it if you would like the reply elsewhere."
            : "We reply to this address and send you a copy of your message."
        }
        error={errors.email?.message}
        {...register("email")}
      />
      <Button type="submit" size="lg" className="w-full sm:w-fit" disabled={send.isPending}>
        {send.isPending ? "Sending..." : "Send message"}
      </Button>
    </form>
  );
}
