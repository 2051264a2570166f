import type { UseFormReturn } from "react-hook-form";
import { RETURN_POLICY_DAYS } from "../../../../core/limits";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import type { ListingFormValues } from "../hooks/use-listing-form";
import { FormSelect, MoneyField } from "./form-fields";

/** Step 5, "Set up shipping": shipping price, return policy, local pickup. */
export function ShippingFields({
  form,
  disabled = false,
}: {
  form: UseFormReturn<ListingFormValues>;
  disabled?: boolean;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <MoneyField
        label="Shipping price"
        hint="Enter 0 for free shipping."
        error={errors.shipping?.message}
        disabled={disabled}
        {...register("shipping")}
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
