import { Gavel, Tag } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import { LISTING_LIMITS } from "../../../../core/contracts/selling";
import { AUCTION_DURATIONS_DAYS } from "../../../../core/limits";
import { OFFER_RULES } from "../../../../core/offers";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { TextField } from "../../../components/ui/text-field";
import { cn } from "../../../lib/cn";
import type { ListingFormValues } from "../hooks/use-listing-form";
import { FormSelect, MoneyField } from "./form-fields";

const KINDS = [
  { value: "fixed_price", title: "Fixed Price", text: "Sell at a set price", Icon: Tag },
  { value: "auction", title: "Auction", text: "Let buyers bid on your item", Icon: Gavel },
] as const;

/** Step 4, "Choose how to sell your item": the format, its price, and an auction's extras. */
export function PricingFields({
  form,
  disabled = false,
}: {
  form: UseFormReturn<ListingFormValues>;
  disabled?: boolean;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const auction = watch("kind") === "auction";
  const offers = !auction && watch("acceptsOffers");
  // An older auction may run for a length the form no longer offers; it still shows as chosen.
  const duration = Number(watch("durationDays"));
  const durations: number[] = [...AUCTION_DURATIONS_DAYS];
  if (Number.isInteger(duration) && duration > 0 && !durations.includes(duration)) {
    durations.push(duration);
    durations.sort((a, b) => a - b);
  }

  return (
    <div className="flex flex-col gap-6">
      <fieldset>
        <legend className="sr-only">Selling format</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {KINDS.map(({ value, title, text, Icon }) => (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-xl border-2 bg-white p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-70 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                "border-sand-300 hover:border-brand-400",
              )}
            >
              <input
                type="radio"
                value={value}
                disabled={disabled}
                className="mt-1 size-4 shrink-0 accent-brand-700"
                {...register("kind")}
              />
              <span className="flex flex-col gap-0.5">
                <span className="flex items-center gap-2 font-semibold text-slate-900">
                  <Icon aria-hidden="true" className="size-4 text-brand-700" />
                  {title}
                </span>
                <span className="text-sm text-slate-700">{text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <MoneyField
          label={auction ? "Starting price" : "Price"}
          error={errors.price?.message}
          disabled={disabled}
          {...register("price")}
        />
        {auction ? (
          <FormSelect
            label="Duration"
            options={durations.map((d) => ({
              value: String(d),
              label: d === 1 ? "1 day" : `${d} days`,
            }))}
            hint="The auction ends this long after you list it."
            error={errors.durationDays?.message}
            disabled={disabled}
            {...register("durationDays")}
          />
        ) : (
          <TextField
            label="Quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={LISTING_LIMITS.quantityMax}
            step={1}
            error={errors.quantity?.message}
            disabled={disabled}
            {...register("quantity")}
          />
        )}
        {auction && (
          <>
            <MoneyField
              label="Reserve price (optional)"
              hint="Hidden from buyers: the item doesn't sell below it."
              error={errors.reservePrice?.message}
              disabled={disabled}
              {...register("reservePrice")}
            />
            <MoneyField
              label="Buy It Now price (optional)"
              hint="Buyers can buy at once until the first bid."
              error={errors.buyItNowPrice?.message}
              disabled={disabled}
              {...register("buyItNowPrice")}
            />
            <p className="text-sm text-slate-700 sm:col-span-2">
              An auction sells one item; buyers bid from the starting price.
            </p>
          </>
        )}
        {!auction && (
          <CheckboxField
            label="Allow offers"
            hint={`Buyers can offer less than your price; you accept, decline or counter within ${OFFER_RULES.answerHours} hours.`}
            className="sm:col-span-2"
            disabled={disabled}
            {...register("acceptsOffers")}
          />
        )}
        {offers && (
          <>
            <MoneyField
              label="Automatically accept offers of (optional)"
              hint="Hidden from buyers: offers at or above it are accepted at once."
              error={errors.autoAccept?.message}
              disabled={disabled}
              {...register("autoAccept")}
            />
            <MoneyField
              label="Automatically decline offers below (optional)"
              hint="Hidden from buyers: offers below it are declined at once."
              error={errors.autoDecline?.message}
              disabled={disabled}
              {...register("autoDecline")}
            />
          </>
        )}
      </div>
    </div>
  );
}
