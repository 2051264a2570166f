import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import { parseMoneyToCents } from "../../../../core/money";
import { OFFER_MESSAGES, OFFER_RULES } from "../../../../core/offers";
import { Button } from "../../../components/ui/button";
import { FormAlert } from "../../../components/ui/form-alert";
import { Modal } from "../../../components/ui/modal";
import { TextField } from "../../../components/ui/text-field";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { MessageInput, MoneyInput } from "./money-input";

export interface OfferFormValues {
  amountCents: number;
  quantity: number;
  message: string;
}

/**
 * The one dialog behind Make offer, Counter and Decline: an amount (not for a decline), a quantity
 * where more than one unit is there, and an optional message. The server's refusal shows in it:
 * under the amount when it names that field, above the buttons otherwise.
 */
export function OfferFormDialog({
  open,
  title,
  intro,
  amount,
  maxQuantity = 1,
  submitLabel,
  pendingLabel,
  submitVariant = "accent",
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  intro?: ReactNode;
  /** The amount field: its label and hint; absent for a decline. */
  amount?: { label: string; hint?: string };
  /** More than one offers a quantity field. */
  maxQuantity?: number;
  submitLabel: string;
  pendingLabel: string;
  submitVariant?: "accent" | "primary";
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: OfferFormValues) => Promise<unknown>;
}) {
  const titleId = useId();
  const introId = useId();
  const [amountText, setAmountText] = useState("");
  const [quantityText, setQuantityText] = useState("1");
  const [message, setMessage] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [quantityError, setQuantityError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // Every opening starts clean.
  useEffect(() => {
    if (!open) return;
    setAmountText("");
    setQuantityText("1");
    setMessage("");
    setAmountError(null);
    setQuantityError(null);
    setFormError(null);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    let amountCents = 0;
    if (amount) {
      const cents = parseMoneyToCents(amountText);
      if (cents === null || cents <= 0) {
        setAmountError(OFFER_MESSAGES.invalidAmount);
        return;
      }
      amountCents = cents;
    }
    setAmountError(null);
    const quantity = maxQuantity > 1 ? Number(quantityText) : 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxQuantity) {
      setQuantityError(OFFER_MESSAGES.quantity(maxQuantity));
      return;
    }
    setQuantityError(null);
    setFormError(null);
    onSubmit({ amountCents, quantity, message: message.trim() }).catch((error: unknown) => {
      if (!(error instanceof ApiError)) {
        setFormError(UNEXPECTED_MESSAGE);
        return;
      }
      const fields = error.fields ?? {};
      if (amount && fields.amountCents) setAmountError(fields.amountCents);
      else if (fields.quantity) setQuantityError(fields.quantity);
      else setFormError(error.message);
    });
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={intro ? introId : undefined}
      width="md"
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {intro && (
          <div id={introId} className="text-sm text-slate-800">
            {intro}
          </div>
        )}
        {amount && (
          <MoneyInput
            label={amount.label}
            name="amount"
            hint={amount.hint}
            value={amountText}
            onChange={setAmountText}
            error={amountError}
          />
        )}
        {maxQuantity > 1 && (
          <TextField
            label="Quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxQuantity}
            step={1}
            hint={`${maxQuantity} available`}
            value={quantityText}
            onChange={(event) => setQuantityText(event.target.value)}
            error={quantityError ?? undefined}
          />
        )}
        <MessageInput value={message} onChange={setMessage} maxLength={OFFER_RULES.messageMax} />
        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
