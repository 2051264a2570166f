import type { UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import {
  insertionFeeCents,
  SUBTITLE_MAX,
  UPGRADES,
  type UpgradeId,
  upgradesCents,
} from "../../../../core/fees";
import { formatMoney } from "../../../../core/money";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { TextField } from "../../../components/ui/text-field";
import { type ListingFormValues, upgradeList } from "../hooks/use-listing-form";

/** What each upgrade does, as the upgrades fee page says it. */
const WHAT: Record<UpgradeId, string> = {
  featured: "Shown in Featured Deals on the home page and marked Featured at the top of results.",
  bold: "Your title in bold on search results and category pages.",
  subtitle: `A second line under the title, up to ${SUBTITLE_MAX} characters.`,
  galleryPlus: "A larger photo on search results.",
};

/**
 * The listing upgrades (core/fees.ts, the fee pages' prices) with what they add to the fees now:
 * on the wizard's last step, before "List it now", and on the revise form, where upgrades already
 * paid for cost nothing again and unticking one gives no refund. `listingsThisMonth`, in the
 * wizard, adds the insertion fee past the month's free listings.
 */
export function UpgradeFields({
  form,
  paid = [],
  listingsThisMonth,
}: {
  form: UseFormReturn<ListingFormValues>;
  /** Upgrades this listing already paid for (the revise form). */
  paid?: readonly UpgradeId[];
  listingsThisMonth?: number;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const chosen = upgradeList(watch("upgrades"));
  const buying = chosen.filter((u) => !paid.includes(u));
  const upgradeTotal = upgradesCents(buying);
  const insertion = listingsThisMonth === undefined ? 0 : insertionFeeCents(listingsThisMonth);
  const revising = listingsThisMonth === undefined;
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-base font-semibold text-slate-900">
        Listing upgrades (optional)
      </legend>
      <p className="text-sm text-slate-700">
        Each is charged once for this listing, from your balance, and lasts while it is on sale.{" "}
        {paid.length > 0
          ? "Upgrades you already paid for cost nothing again; unticking one gives no refund."
          : "Unticking an upgrade later gives no refund."}{" "}
        <Link to="/help/selling-fees/upgrades" className="font-medium text-brand-800 underline">
          About upgrades
        </Link>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {UPGRADES.map((u) => (
          <CheckboxField
            key={u.id}
            value={u.id}
            label={
              <>
                <span className="font-semibold">{u.label}</span>{" "}
                {paid.includes(u.id) ? "(paid)" : formatMoney(u.cents)}
              </>
            }
            hint={WHAT[u.id]}
            {...register("upgrades")}
          />
        ))}
      </div>
      {chosen.includes("subtitle") && (
        <TextField
          label="Subtitle"
          hint={`Up to ${SUBTITLE_MAX} characters, shown under the title.`}
          maxLength={SUBTITLE_MAX}
          error={errors.subtitle?.message}
          {...register("subtitle")}
        />
      )}
      <div className="flex flex-col gap-1 rounded-xl bg-sand-100 px-4 py-3 text-sm">
        <dl className="flex flex-col gap-1">
          {!revising && (
            <div className="flex justify-between gap-4">
              <dt className="text-slate-800">Insertion fee</dt>
              <dd className="font-medium text-slate-900">
                {insertion === 0 ? "Free" : formatMoney(insertion)}
              </dd>
            </div>
          )}
          <div className="flex justify-between gap-4">
            <dt className="text-slate-800">Upgrades</dt>
            <dd className="font-medium text-slate-900">{formatMoney(upgradeTotal)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-sand-300 pt-1">
            <dt className="font-semibold text-slate-900">
              {revising ? "Charged when you save" : "Fees charged when you list"}
            </dt>
            <dd className="font-bold text-slate-900">{formatMoney(upgradeTotal + insertion)}</dd>
          </div>
        </dl>
        <p className="text-slate-700">
          A final value fee is charged only if it sells (
          <Link to="/sell/calculator" className="text-brand-800 underline">
            fee calculator
          </Link>
          ).
        </p>
      </div>
    </fieldset>
  );
}
