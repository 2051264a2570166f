import { zodResolver } from "@hookform/resolvers/zod";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { SandboxPayRequest } from "../../../../core/contracts/buying";
import { formatMoney } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/text-field";
import { digitsOf, formatCardNumber, formatExpiry, isExpiryValid } from "../hooks/card-input";
import { TestCardsHelp } from "./test-cards-help";

// The server checks the card again; these checks only answer sooner, in plain words.
const cardFormSchema = z.object({
  cardNumber: z
    .string()
    .refine((v) => digitsOf(v, 30).length >= 12 && digitsOf(v, 30).length <= 19, {
      message: "Enter the card number",
    }),
  expiry: z.string().refine((v) => isExpiryValid(v), {
    message: "Enter a future expiry date as MM / YY",
  }),
  cvc: z.string().regex(/^\d{3,4}$/, "Enter the 3 or 4 digits on the back of the card"),
  name: z.string().trim().min(1, "Enter the name on the card").max(100, "That name is too long"),
});
type CardValues = z.infer<typeof cardFormSchema>;

/** Card number, expiry, CVC and name, with the decline (if any) said above the button. */
export function SandboxCardForm({
  totalCents,
  pending,
  failure,
  onPay,
}: {
  totalCents: number;
  pending: boolean;
  /** The server's answer to the last attempt ("Your card was declined."). */
  failure: string | null;
  onPay: (card: SandboxPayRequest) => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<CardValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: "", expiry: "", cvc: "", name: "" },
  });
  const expiryBefore = useRef("");

  const cardNumber = register("cardNumber");
  const expiry = register("expiry");
  const cvc = register("cvc");

  const submit = handleSubmit((values) =>
    onPay({
      cardNumber: digitsOf(values.cardNumber, 19),
      expiry: values.expiry.replace(/\s/g, ""),
      cvc: values.cvc,
      name: values.name.trim(),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment" className="flex flex-col gap-4">
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.cardNumber?.message}
        {...cardNumber}
        onChange={(event) => {
          event.target.value = formatCardNumber(event.target.value);
          void cardNumber.onChange(event);
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          error={errors.expiry?.message}
          {...expiry}
          onChange={(event) => {
            event.target.value = formatExpiry(event.target.value, expiryBefore.current);
            expiryBefore.current = event.target.value;
            void expiry.onChange(event);
          }}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...cvc}
          onChange={(event) => {
            event.target.value = digitsOf(event.target.value, 4);
            void cvc.onChange(event);
          }}
        />
      </div>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        error={errors.name?.message}
        {...register("name")}
      />
      <FormAlert>{failure && <p className="font-medium">{failure}</p>}</FormAlert>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? "Processing..." : `Pay ${formatMoney(totalCents)}`}
      </Button>
      <TestCardsHelp
        onUse={(number) => {
          setValue("cardNumber", number, { shouldValidate: getValues("cardNumber") !== "" });
          setFocus("expiry");
        }}
      />
    </form>
  );
}
