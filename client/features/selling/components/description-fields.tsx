import { Plus, Trash2 } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import { LISTING_LIMITS } from "../../../../core/contracts/selling";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import type { ListingFormValues } from "../hooks/use-listing-form";
import { TextAreaField } from "./form-fields";

/** Step 3, "Describe your item": the description and optional specification rows. */
export function DescriptionFields({
  form,
  specificationsDisabled = false,
}: {
  form: UseFormReturn<ListingFormValues>;
  /** A locked auction keeps its specifications; its description may still change. */
  specificationsDisabled?: boolean;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const rows = useFieldArray({ control, name: "specifications" });
  const full = rows.fields.length >= LISTING_LIMITS.specificationsMax;

  return (
    <div className="flex flex-col gap-6">
      <TextAreaField
        label="Description"
        rows={8}
        maxLength={LISTING_LIMITS.descriptionMax}
        hint="Condition details, flaws, what's included, measurements."
        error={errors.description?.message}
        {...register("description")}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">Specifications (optional)</legend>
        <p className="text-sm text-slate-700">
          Details buyers filter and compare by, such as Brand: Carib Crafts or Size: Large.
        </p>
        {rows.fields.length > 0 && (
          <ul className="flex flex-col gap-3">
            {rows.fields.map((row, index) => (
              <li key={row.id}>
                <fieldset className="grid items-start gap-3 rounded-xl border border-sand-200 bg-sand-50 p-3 sm:grid-cols-[1fr_2fr_auto]">
                  <legend className="sr-only">Specification {index + 1}</legend>
                  <TextField
                    label="Name"
                    maxLength={LISTING_LIMITS.specKeyMax}
                    error={errors.specifications?.[index]?.key?.message}
                    disabled={specificationsDisabled}
                    {...register(`specifications.${index}.key`)}
                  />
                  <TextField
                    label="Value"
                    maxLength={LISTING_LIMITS.specValueMax}
                    error={errors.specifications?.[index]?.value?.message}
                    disabled={specificationsDisabled}
                    {...register(`specifications.${index}.value`)}
                  />
                  <Button
                    variant="ghost"
                    className="self-end sm:mb-0.5"
                    aria-label={`Remove specification ${index + 1}`}
                    disabled={specificationsDisabled}
                    onClick={() => rows.remove(index)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sm:sr-only">Remove</span>
                  </Button>
                </fieldset>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="w-fit"
          disabled={specificationsDisabled || full}
          onClick={() => rows.append({ key: "", value: "" }, { shouldFocus: true })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add specification
        </Button>
      </fieldset>
    </div>
  );
}
