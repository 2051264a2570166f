import type { UseFormReturn } from "react-hook-form";
import {
  MAX_HANDLING_DAYS,
  SHIPPING_SERVICE_NAMES,
  SHIPPING_SERVICES,
} from "../../../../core/delivery";
import { RETURN_POLICY_DAYS } from "../../../../core/limits";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import type { ListingFieldName, ListingFormValues } from "../hooks/use-listing-form";
import { FormSelect, MoneyField } from "./form-fields";

const SERVICE_OPTIONS = SHIPPING_SERVICES.map((s) => ({
  value: s,
  label: SHIPPING_SERVICE_NAMES[s],
}));

const HANDLING_OPTIONS = Array.from({ length: MAX_HANDLING_DAYS + 1 }, (_, d) => ({
  value: String(d),
  label: d === 0 ? "Same business day" : `${d} business ${d === 1 ? "day" : "days"}`,
}));

/**
 * Step 5, "Set up shipping": the handling time, and where it ships (issue 29): within the item's
 * territory at the shipping price, to the other Caribbean territories (the same price unless
 * another is given) and to the rest of the world, each with its service; return policy, local
 * pickup.
 */
export function ShippingFields({
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
  const [shipCaribbean, shipWorld] = watch(["shipCaribbean", "shipWorld"]);
  const errorOf = (field: ListingFieldName) => errors[field]?.message as string | undefined;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormSelect
        label="Handling time"
        hint="Business days after payment before you dispatch it."
        options={HANDLING_OPTIONS}
        error={errorOf("handlingDays")}
        disabled={disabled}
        {...register("handlingDays")}
      />
      <FormSelect
        label="Return policy"
        options={RETURN_POLICY_DAYS.map((d) => ({
          value: String(d),
          label: d === 0 ? "No returns" : `${d} days`,
        }))}
        error={errors.returnPolicyDays?.message}
        disabled={disabled}
        {...register("returnPolicyDays")}
      />

      <fieldset className="flex flex-col gap-4 rounded-xl border border-sand-200 p-4 sm:col-span-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Where it ships</legend>
        {errorOf("shipSame") && (
          <p className="text-sm font-medium text-coral-800">{errorOf("shipSame")}</p>
        )}
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr] sm:items-start">
          <CheckboxField
            label="Ships within its territory"
            className="sm:pt-8"
            disabled={disabled}
            {...register("shipSame")}
          />
          <MoneyField
            label="Shipping price"
            hint="Within its territory. Enter 0 for free shipping."
            error={errors.shipping?.message}
            disabled={disabled}
            {...register("shipping")}
          />
          <FormSelect
            label="Service within its territory"
            options={SERVICE_OPTIONS}
            disabled={disabled}
            {...register("shipSameService")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr] sm:items-start">
          <CheckboxField
            label="Ships to other Caribbean territories"
            className="sm:pt-8"
            disabled={disabled}
            {...register("shipCaribbean")}
          />
          <MoneyField
            label="Cost to other Caribbean territories"
            hint="Empty: the same as within its territory."
            error={errorOf("caribbeanCost")}
            disabled={disabled || !shipCaribbean}
            {...register("caribbeanCost")}
          />
          <FormSelect
            label="Service to other Caribbean territories"
            options={SERVICE_OPTIONS}
            disabled={disabled || !shipCaribbean}
            {...register("shipCaribbeanService")}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr] sm:items-start">
          <CheckboxField
            label="Ships to the rest of the world"
            className="sm:pt-8"
            disabled={disabled}
            {...register("shipWorld")}
          />
          <MoneyField
            label="Cost to the rest of the world"
            hint="Enter 0 for free shipping."
            error={errorOf("worldCost")}
            disabled={disabled || !shipWorld}
            {...register("worldCost")}
          />
          <FormSelect
            label="Service to the rest of the world"
            options={SERVICE_OPTIONS}
            disabled={disabled || !shipWorld}
            {...register("shipWorldService")}
          />
        </div>
      </fieldset>

      <CheckboxField
        label="Local pickup available"
        hint="Buyers nearby can collect the item from you."
        className="sm:col-span-2"
        disabled={disabled}
        {...register("localPickup")}
      />
    </div>
  );
}
