import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import type { ListingFacets, Territory } from "../../../../core/contracts/browse";
import { WORLD_DESTINATION } from "../../../../core/delivery";
import { conditionLabel } from "../../../../core/listing";
import { parseMoneyToCents } from "../../../../core/money";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { pluralize } from "../../../lib/format";
import type { CategoryFilters, ConditionFilter, FilterUpdate } from "../hooks/use-category-filters";

/** The category page's groups (spec), then any exact condition advanced search asked for. */
const CONDITION_OPTIONS: { value: ConditionFilter; label: string }[] = [
  { value: "new", label: "New" },
  { value: "used", label: "Used" },
  { value: "not_specified", label: "Not Specified" },
];

function conditionOptions(active: ConditionFilter[]) {
  const extra = active
    .filter((value) => !CONDITION_OPTIONS.some((o) => o.value === value))
    .map((value) => ({ value, label: conditionLabel(value) }));
  return [...CONDITION_OPTIONS, ...extra];
}

/**
 * How many listings a choice would show: "(12)" on screen; read out after the choice's name
 * (as its description), so the name stays just the choice.
 */
export function ChoiceCount({ id, count }: { id: string; count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <>
      <span aria-hidden="true" className="text-slate-600 tabular-nums">
        ({count.toLocaleString("en-US")})
      </span>
      {/* Hidden, so it stays out of the choice's name; aria-describedby still reads it. */}
      <span id={id} hidden>
        {pluralize(count, "listing")}
      </span>
    </>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
  count,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  count?: number;
}) {
  // The URL is the truth, but it updates a moment after the click: show the tick at once.
  const [shown, setShown] = useState(checked);
  const countId = useId();
  useEffect(() => setShown(checked), [checked]);
  return (
    <label className="flex cursor-pointer items-center gap-2 py-1 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={shown}
        aria-describedby={count === undefined ? undefined : countId}
        onChange={(event) => {
          setShown(event.target.checked);
          onChange(event.target.checked);
        }}
        className="size-4 accent-brand-700"
      />
      {label}
      <ChoiceCount id={countId} count={count} />
    </label>
  );
}

/** A territory's name for the delivery filter ("world": the rest of the world). */
function territoryName(slug: string, territories: Territory[] | undefined): string {
  if (slug === WORLD_DESTINATION) return "the rest of the world";
  return territories?.find((t) => t.slug === slug)?.name ?? "my territory";
}

/** "Delivery by": a date the estimated delivery must not pass (with Ships to my territory). */
function DeliveryByField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 py-1">
      <label htmlFor={id} className="text-sm text-slate-800">
        Delivery by
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900"
      />
    </div>
  );
}

function PriceFilter({
  minPrice,
  maxPrice,
  onApply,
}: {
  minPrice: string;
  maxPrice: string;
  onApply: (min: string, max: string) => void;
}) {
  const [min, setMin] = useState(minPrice);
  const [max, setMax] = useState(maxPrice);
  const [error, setError] = useState<string | null>(null);
  const minId = useId();
  const maxId = useId();
  const errorId = useId();

  // The URL is the truth: follow it when it changes from elsewhere (back button, clear all).
  useEffect(() => {
    setMin(minPrice);
    setMax(maxPrice);
    setError(null);
  }, [minPrice, maxPrice]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minCents = min.trim() ? parseMoneyToCents(min) : null;
    const maxCents = max.trim() ? parseMoneyToCents(max) : null;
    if ((min.trim() && minCents === null) || (max.trim() && maxCents === null)) {
      setError("Enter prices as amounts in dollars, like 25 or 19.99.");
      return;
    }
    if (minCents !== null && maxCents !== null && minCents > maxCents) {
      setError("Min price must not be above max price.");
      return;
    }
    setError(null);
    onApply(min.trim(), max.trim());
  };

  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="mb-2 font-semibold text-slate-900">Price</legend>
        <div className="flex items-end gap-2">
          <DollarInput
            id={minId}
            label="Min price"
            value={min}
            onChange={setMin}
            errorId={error ? errorId : undefined}
          />
          <DollarInput
            id={maxId}
            label="Max price"
            value={max}
            onChange={setMax}
            errorId={error ? errorId : undefined}
          />
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-coral-800">
            {error}
          </p>
        )}
        <Button type="submit" variant="outline" size="sm" className="mt-3 w-full">
          Apply
        </Button>
      </fieldset>
    </form>
  );
}

/**
 * The side panel of the category and search results pages: a category section from the page,
 * then territory (when the page passes the list), price, condition and delivery, each choice with
 * its count when the page has them (they follow every other active filter).
 */
export function ListingFilterPanel({
  id,
  filters,
  onChange,
  categorySection,
  activeCount,
  facets,
  territories,
}: {
  id: string;
  filters: CategoryFilters;
  onChange: (update: FilterUpdate) => void;
  categorySection?: ReactNode;
  activeCount: number;
  facets?: ListingFacets;
  territories?: Territory[];
}) {
  const toggleCondition = (value: ConditionFilter, checked: boolean) => {
    const next = checked
      ? [...filters.conditions, value]
      : filters.conditions.filter((c) => c !== value);
    onChange({ condition: next });
  };

  return (
    <aside
      id={id}
      aria-label="Filters"
      className="flex flex-col gap-6 rounded-xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      {categorySection}
      {territories && (
        <div>
          {/* Styled as the other groups' headings; the select keeps the same words as its label. */}
          <p aria-hidden="true" className="mb-2 font-semibold text-slate-900">
            Territory
          </p>
          <SelectField
            label="Territory"
            hideLabel
            value={filters.territory}
            onChange={(territory) => onChange({ territory: territory || null })}
            options={[
              { value: "", label: "All Territories" },
              ...territories.map((t) => {
                const count = facets?.territories[t.slug];
                return {
                  value: t.slug,
                  label: facets ? `${t.name} (${(count ?? 0).toLocaleString("en-US")})` : t.name,
                };
              }),
            ]}
          />
        </div>
      )}
      <PriceFilter
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        onApply={(min, max) => onChange({ minPrice: min || null, maxPrice: max || null })}
      />
      <fieldset>
        <legend className="mb-1 font-semibold text-slate-900">Condition</legend>
        {conditionOptions(filters.conditions).map((option) => (
          <Checkbox
            key={option.value}
            label={option.label}
            checked={filters.conditions.includes(option.value)}
            onChange={(checked) => toggleCondition(option.value, checked)}
            count={facets ? (facets.conditions[option.value] ?? 0) : undefined}
          />
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-semibold text-slate-900">Delivery Options</legend>
        <Checkbox
          label="Free Shipping"
          checked={filters.freeShipping}
          onChange={(checked) => onChange({ freeShipping: checked ? "true" : null })}
          count={facets?.delivery.freeShipping}
        />
        <Checkbox
          label="Local Pickup"
          checked={filters.localPickup}
          onChange={(checked) => onChange({ localPickup: checked ? "true" : null })}
          count={facets?.delivery.localPickup}
        />
        {filters.deliverTo && (
          <Checkbox
            label={`Ships to ${territoryName(filters.deliverTo, territories)}`}
            checked={Boolean(filters.shipsTo)}
            onChange={(checked) =>
              onChange({
                shipsTo: checked ? filters.deliverTo : null,
                ...(checked ? {} : { deliveryBy: null }),
              })
            }
          />
        )}
        {filters.shipsTo && (
          <DeliveryByField
            value={filters.deliveryBy}
            onChange={(value) => onChange({ deliveryBy: value || null })}
          />
        )}
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-semibold text-slate-900">Buying Format</legend>
        <Checkbox
          label="Accepts offers"
          checked={filters.acceptsOffers}
          onChange={(checked) => onChange({ acceptsOffers: checked ? "true" : null })}
        />
      </fieldset>
      {activeCount > 0 && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            onChange({
              minPrice: null,
              maxPrice: null,
              condition: null,
              freeShipping: null,
              localPickup: null,
              acceptsOffers: null,
              territory: null,
              shipsTo: null,
              deliveryBy: null,
            })
          }
        >
          Clear all filters
        </Button>
      )}
    </aside>
  );
}

/** One dollar amount field of the price filter, with its "$" prefix. */
function DollarInput({
  id,
  label,
  value,
  onChange,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Set while the price range is invalid, so the field points at the message. */
  errorId: string | undefined;
}) {
  return (
    <div className="flex-1">
      <label htmlFor={id} className="mb-1 block text-sm text-slate-800">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-2.5 -translate-y-1/2 text-sm text-slate-600"
        >
          $
        </span>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="h-10 w-full rounded-lg border border-slate-400 bg-white pr-2 pl-6 text-sm text-slate-900"
        />
      </div>
    </div>
  );
}
