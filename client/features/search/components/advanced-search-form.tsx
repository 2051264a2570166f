import { zodResolver } from "@hookform/resolvers/zod";
import { ChevronDown } from "lucide-react";
import { type ReactNode, type SelectHTMLAttributes, useId } from "react";
import { useForm } from "react-hook-form";
import type { CategoryNode, Territory } from "../../../../core/contracts/browse";
import { CONDITIONS } from "../../../../core/listing";
import { Button } from "../../../components/ui/button";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { TextField } from "../../../components/ui/text-field";
import {
  type AdvancedSearchValues,
  advancedSearchSchema,
  EMPTY_SEARCH,
  type Format,
} from "../advanced-search-query";

const FORMAT_OPTIONS: { value: Format; label: string }[] = [
  { value: "", label: "All Listings" },
  { value: "auction", label: "Auction" },
  { value: "fixed_price", label: "Buy It Now" },
];

const selectClasses =
  "h-11 w-full appearance-none rounded-lg border border-slate-400 bg-white pr-9 pl-3 text-base text-slate-900 hover:border-brand-600";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="float-left mb-1 w-full text-lg font-semibold text-slate-900">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

function NativeSelect({
  label,
  children,
  ...select
}: { label: string; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative">
        <select id={id} className={selectClasses} {...select}>
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
        />
      </div>
    </div>
  );
}

/**
 * The advanced search form: every field of the spec, checked here (prices at least 0, in cents)
 * and handed to `onSearch`, which sends it to the results page.
 */
export function AdvancedSearchForm({
  initial,
  categories,
  territories,
  onSearch,
}: {
  initial: AdvancedSearchValues;
  categories: CategoryNode[];
  territories: Territory[];
  onSearch: (values: AdvancedSearchValues) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AdvancedSearchValues>({
    resolver: zodResolver(advancedSearchSchema),
    defaultValues: initial,
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSearch)}
      aria-label="Advanced search"
      className="flex flex-col gap-5"
    >
      <Section title="Find items">
        <TextField
          label="Keywords"
          type="search"
          placeholder="Enter keywords"
          autoComplete="off"
          error={errors.keywords?.message}
          {...register("keywords")}
        />
        <CheckboxField
          label="Include description"
          hint="Also look for the keywords in item descriptions, not just titles."
          {...register("includeDescription")}
        />
        <NativeSelect label="Category" {...register("category")}>
          <option value="">All Categories</option>
          {categories.map((category) => (
            <optgroup key={category.id} label={category.name}>
              <option value={category.slug}>All {category.name}</option>
              {category.children.map((child) => (
                <option key={child.id} value={child.slug}>
                  {child.name}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
      </Section>

      <div className="grid gap-5 md:grid-cols-2">
        <Section title="Condition">
          <div className="flex flex-col gap-2">
            {CONDITIONS.map((condition) => (
              <CheckboxField
                key={condition.value}
                label={condition.label}
                value={condition.value}
                {...register("conditions")}
              />
            ))}
          </div>
        </Section>

        <Section title="Price">
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Min price"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="0.00"
              error={errors.minPrice?.message}
              {...register("minPrice")}
            />
            <TextField
              label="Max price"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              placeholder="Any"
              error={errors.maxPrice?.message}
              {...register("maxPrice")}
            />
          </div>
          <p className="text-sm text-slate-700">
            In US dollars. Auctions are compared at their current bid.
          </p>
        </Section>
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Section title="Location and seller">
          <NativeSelect label="Location" {...register("location")}>
            <option value="">All Territories</option>
            {territories.map((territory) => (
              <option key={territory.id} value={territory.slug}>
                {territory.name}
              </option>
            ))}
          </NativeSelect>
          <TextField
            label="Seller"
            placeholder="Seller's username"
            autoComplete="off"
            spellCheck={false}
            error={errors.seller?.message}
            {...register("seller")}
          />
        </Section>

        <Section title="Format">
          <div className="flex flex-col gap-2">
            {FORMAT_OPTIONS.map((option) => (
              <label
                key={option.label}
                className="flex cursor-pointer items-center gap-3 text-sm text-slate-900"
              >
                <input
                  type="radio"
                  value={option.value}
                  className="size-5 accent-brand-700"
                  {...register("format")}
                />
                {option.label}
              </label>
            ))}
          </div>
        </Section>
      </div>

      <Section title="Show only">
        <CheckboxField
          label="Accepts offers"
          hint="Buy It Now listings whose sellers take offers."
          {...register("acceptsOffers")}
        />
        <CheckboxField
          label="Completed listings"
          hint="Listings that are over: auctions that ended and items that sold."
          {...register("completedListings")}
        />
        <CheckboxField
          label="Sold listings"
          hint="Only listings that found a buyer."
          {...register("soldListings")}
        />
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" size="lg" onClick={() => reset(EMPTY_SEARCH)}>
          Clear options
        </Button>
        <Button type="submit" size="lg" className="sm:min-w-40">
          Search
        </Button>
      </div>
    </form>
  );
}
