import type { UseFormReturn } from "react-hook-form";
import type { CategoryNode, Territory } from "../../../../core/contracts/browse";
import { LISTING_LIMITS } from "../../../../core/contracts/selling";
import { CONDITIONS } from "../../../../core/listing";
import { TextField } from "../../../components/ui/text-field";
import type { ListingFormValues } from "../hooks/use-listing-form";
import { FormSelect } from "./form-fields";

/** Step 1, "Tell us what you're selling": title, category and subcategory, territory, condition. */
export function DetailsFields({
  form,
  categories,
  territories,
  disabled = false,
}: {
  form: UseFormReturn<ListingFormValues>;
  /** The category tree's top level; each one's children are its subcategories. */
  categories: CategoryNode[];
  territories: Territory[];
  disabled?: boolean;
}) {
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const category = watch("category");
  const subcategories = categories.find((c) => c.slug === category)?.children ?? [];

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label="Title"
        className="sm:col-span-2"
        maxLength={LISTING_LIMITS.titleMax}
        placeholder="e.g. Hand-carved mahogany bowl"
        hint="Say what it is: brand, model, size, colour."
        error={errors.title?.message}
        disabled={disabled}
        {...register("title")}
      />
      <FormSelect
        label="Category"
        placeholder="Select a category"
        options={categories.map((c) => ({ value: c.slug, label: c.name }))}
        error={errors.category?.message}
        disabled={disabled}
        {...register("category", {
          // A subcategory belongs to one category; a new category starts without one.
          onChange: () => setValue("subcategory", ""),
        })}
      />
      <FormSelect
        label="Subcategory (optional)"
        placeholder={subcategories.length > 0 ? "None" : "Choose a category first"}
        options={subcategories.map((c) => ({ value: c.slug, label: c.name }))}
        error={errors.subcategory?.message}
        disabled={disabled || subcategories.length === 0}
        {...register("subcategory")}
      />
      <FormSelect
        label="Territory"
        placeholder="Select a territory"
        hint="Where the item is."
        options={territories.map((t) => ({ value: t.id, label: t.name }))}
        error={errors.territory?.message}
        disabled={disabled}
        {...register("territory")}
      />
      <FormSelect
        label="Condition"
        placeholder="Select a condition"
        options={CONDITIONS.map((c) => ({ value: c.value, label: c.label }))}
        error={errors.condition?.message}
        disabled={disabled}
        {...register("condition")}
      />
    </div>
  );
}
