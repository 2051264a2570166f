import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { SavedSearch, SavedSearchQuery } from "../../../../core/contracts/watching";
import { WATCH_MESSAGES } from "../../../../core/contracts/watching";
import { parseMoneyToCents } from "../../../../core/money";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { FormActions } from "../../../components/ui/form-actions";
import { SelectField, type SelectOption } from "../../../components/ui/select-field";
import { TextField } from "../../../components/ui/text-field";
import { ApiError } from "../../../lib/api-client";
import { useUpdateSavedSearch } from "../api/update-saved-search";
import { watchErrorMessage } from "../hooks/watch-errors";

const FORMAT_OPTIONS: SelectOption[] = [
  { value: "", label: "Any format" },
  { value: "auction", label: "Auction" },
  { value: "fixed_price", label: "Buy It Now" },
];

// The browse pages' condition groups, in their words.
const CONDITION_OPTIONS = [
  { value: "new", label: "New" },
  { value: "used", label: "Used" },
  { value: "not_specified", label: "Not Specified" },
];

const one = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? "";
const many = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const dollars = (cents: string) => {
  const value = Number(cents);
  if (!cents || !Number.isFinite(value)) return "";
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2);
};

type Errors = Partial<Record<"name" | "minPrice" | "maxPrice", string>>;

/**
 * A saved search's name and filters. Filters the form does not show (a seller, featured) are
 * kept as they were; the server words the description again from what is saved.
 */
export function SavedSearchForm({
  search,
  categoryOptions,
  territoryOptions,
  onSaved,
  onCancel,
}: {
  search: SavedSearch;
  /** Every category and subcategory, as the page lists them (value: slug). */
  categoryOptions: SelectOption[];
  territoryOptions: SelectOption[];
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { query } = search;
  const [name, setName] = useState(search.name);
  const [text, setText] = useState(one(query.search));
  const [category, setCategory] = useState(one(query.category));
  const [territory, setTerritory] = useState(one(query.territory));
  const [kind, setKind] = useState(one(query.kind));
  const [minPrice, setMinPrice] = useState(dollars(one(query.minPriceCents)));
  const [maxPrice, setMaxPrice] = useState(dollars(one(query.maxPriceCents)));
  const [conditions, setConditions] = useState(many(query.condition));
  const [freeShipping, setFreeShipping] = useState(one(query.freeShipping) === "true");
  const [localPickup, setLocalPickup] = useState(one(query.localPickup) === "true");
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateSavedSearch();

  // A slug the lists do not hold (a category since removed) still shows, rather than vanishing.
  const withCurrent = (options: SelectOption[], value: string) =>
    value && !options.some((o) => o.value === value)
      ? [...options, { value, label: value }]
      : options;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = WATCH_MESSAGES.searchNameRequired;
    else if (name.trim().length > 80) found.name = "The name must be at most 80 characters";
    const minCents = minPrice.trim() ? parseMoneyToCents(minPrice) : null;
    const maxCents = maxPrice.trim() ? parseMoneyToCents(maxPrice) : null;
    if (minPrice.trim() && minCents === null)
      found.minPrice = "Enter a price in dollars, like 25 or 19.99.";
    if (maxPrice.trim() && maxCents === null)
      found.maxPrice = "Enter a price in dollars, like 25 or 19.99.";
    if (minCents !== null && maxCents !== null && minCents > maxCents)
      found.minPrice = "Min price must not be above max price.";
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const next: SavedSearchQuery = { ...query };
    const put = (key: string, value: string | string[] | null) => {
      if (value === null || value === "" || (Array.isArray(value) && value.length === 0))
        delete next[key];
      else next[key] = value;
    };
    put("search", text.trim());
    put("category", category);
    put("territory", territory);
    put("kind", kind);
    put("minPriceCents", minCents === null ? null : String(minCents));
    put("maxPriceCents", maxCents === null ? null : String(maxCents));
    put("condition", conditions);
    put("freeShipping", freeShipping ? "true" : null);
    put("localPickup", localPickup ? "true" : null);

    update.mutate(
      { id: search.id, name: name.trim(), query: next },
      {
        onSuccess: () => {
          toast.success(WATCH_MESSAGES.searchUpdated);
          onSaved();
        },
        onError: (failure) => {
          const fields = failure instanceof ApiError ? failure.fields : undefined;
          if (fields?.name) setErrors({ name: fields.name });
          toast.error(
            failure instanceof ApiError && failure.status === 400
              ? failure.message
              : watchErrorMessage(failure, "Failed to update search"),
          );
        },
      },
    );
  };

  return (
    <form
      aria-label="Edit saved search"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5 rounded-xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
        autoComplete="off"
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-base font-semibold text-slate-900">Filters</legend>
        <TextField
          label="Search text"
          type="search"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          hint="Leave empty to match every listing the other filters allow."
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Category"
            value={category}
            options={withCurrent(categoryOptions, category)}
            onChange={setCategory}
          />
          <SelectField
            label="Territory"
            value={territory}
            options={withCurrent(territoryOptions, territory)}
            onChange={setTerritory}
          />
          <SelectField label="Format" value={kind} options={FORMAT_OPTIONS} onChange={setKind} />
        </div>
        <div className="grid gap-4 min-[420px]:grid-cols-2">
          <TextField
            label="Min price ($)"
            inputMode="decimal"
            value={minPrice}
            onChange={(event) => setMinPrice(event.target.value)}
            error={errors.minPrice}
          />
          <TextField
            label="Max price ($)"
            inputMode="decimal"
            value={maxPrice}
            onChange={(event) => setMaxPrice(event.target.value)}
            error={errors.maxPrice}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">Condition</legend>
            {CONDITION_OPTIONS.map((option) => (
              <CheckboxField
                key={option.value}
                label={option.label}
                checked={conditions.includes(option.value)}
                onChange={(event) =>
                  setConditions((current) =>
                    event.target.checked
                      ? [...current, option.value]
                      : current.filter((c) => c !== option.value),
                  )
                }
              />
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">Delivery options</legend>
            <CheckboxField
              label="Free Shipping"
              checked={freeShipping}
              onChange={(event) => setFreeShipping(event.target.checked)}
            />
            <CheckboxField
              label="Local Pickup"
              checked={localPickup}
              onChange={(event) => setLocalPickup(event.target.checked)}
            />
          </fieldset>
        </div>
      </fieldset>
      <FormActions
        onCancel={onCancel}
        pending={update.isPending}
        submitLabel="Save changes"
        pendingLabel="Saving..."
      />
    </form>
  );
}
