import { useId, useState } from "react";
import { Link } from "react-router";
import type { MyListing } from "../../../../core/contracts/selling";
import {
  calculateFees,
  FREE_LISTINGS_PER_MONTH,
  INSERTION_FEE_CENTS,
  INTERNATIONAL_SURCHARGE_PERCENT,
  UPGRADES,
  type UpgradeId,
} from "../../../../core/fees";
import { formatMoney, parseMoneyToCents } from "../../../../core/money";
import { CheckboxField } from "../../../components/ui/checkbox-field";
import { TextField } from "../../../components/ui/text-field";
import { pluralize } from "../../../lib/format";
import { useSession } from "../../../lib/session";
import { useMyListings } from "../api/get-my-listings";
import { MoneyField } from "./form-fields";

const AMOUNT_HINT = "Enter an amount in dollars, like 12.50";

/** Listings created in the current calendar month (local time), which the insertion fee counts. */
export function createdThisMonth(listings: MyListing[], now = new Date()): number {
  return listings.filter((l) => {
    const created = new Date(l.createdAt);
    return created.getFullYear() === now.getFullYear() && created.getMonth() === now.getMonth();
  }).length;
}

function amount(text: string): { cents: number; error?: string } {
  if (text.trim() === "") return { cents: 0 };
  const cents = parseMoneyToCents(text);
  return cents === null ? { cents: 0, error: AMOUNT_HINT } : { cents };
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className={strong ? "font-semibold text-slate-900" : "text-slate-800"}>{label}</dt>
      <dd className={strong ? "text-lg font-bold text-slate-900" : "font-medium text-slate-900"}>
        {value}
      </dd>
    </div>
  );
}

/**
 * /sell/calculator: what a listing costs and what the seller keeps, from the spec's fee constants
 * (core/fees.ts). A signed-in seller's count of this month's listings is filled in for them.
 */
export function FeeCalculator() {
  const { user } = useSession();
  const mine = useMyListings({ enabled: user !== null });
  const [price, setPrice] = useState("45.00");
  const [shipping, setShipping] = useState("0");
  const [typedCount, setTypedCount] = useState<string | null>(null);
  const [upgrades, setUpgrades] = useState<UpgradeId[]>([]);
  const [international, setInternational] = useState(false);
  const resultsId = useId();

  const known = mine.data ? createdThisMonth(mine.data.items) : undefined;
  const countText = typedCount ?? String(known ?? 0);
  const count = /^\d+$/.test(countText.trim()) ? Number(countText) : 0;
  const priceValue = amount(price);
  const shippingValue = amount(shipping);

  const fees = calculateFees({
    priceCents: priceValue.cents,
    shippingCents: shippingValue.cents,
    listingsThisMonth: count,
    upgrades,
    international,
  });
  const sale = priceValue.cents + shippingValue.cents;

  const toggle = (id: UpgradeId, on: boolean) =>
    setUpgrades((current) => (on ? [...current, id] : current.filter((u) => u !== id)));

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <form
        aria-label="Fee calculator"
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-6 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <MoneyField
            label="Item price"
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            error={priceValue.error}
          />
          <MoneyField
            label="Shipping price"
            value={shipping}
            onChange={(event) => setShipping(event.target.value)}
            error={shippingValue.error}
          />
          <TextField
            label="Listings this month"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={countText}
            onChange={(event) => setTypedCount(event.target.value)}
            className="sm:col-span-2"
            hint={
              known !== undefined
                ? `You have created ${pluralize(known, "listing")} this month. The first ${FREE_LISTINGS_PER_MONTH} each month are free, then ${formatMoney(INSERTION_FEE_CENTS)} each.`
                : `Listings you have already created this month. The first ${FREE_LISTINGS_PER_MONTH} each month are free, then ${formatMoney(INSERTION_FEE_CENTS)} each.`
            }
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">Listing upgrades</legend>
          {UPGRADES.map((upgrade) => (
            <CheckboxField
              key={upgrade.id}
              label={`${upgrade.label} (${formatMoney(upgrade.cents)})`}
              checked={upgrades.includes(upgrade.id)}
              onChange={(event) => toggle(upgrade.id, event.target.checked)}
            />
          ))}
        </fieldset>
        <CheckboxField
          label={`Selling internationally (+${INTERNATIONAL_SURCHARGE_PERCENT}%)`}
          hint="Applies when the buyer is in another territory."
          checked={international}
          onChange={(event) => setInternational(event.target.checked)}
        />
      </form>

      <section
        aria-labelledby={resultsId}
        className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6 lg:sticky lg:top-4"
      >
        <h2 id={resultsId} className="text-xl font-bold text-slate-900">
          Your fees
        </h2>
        <p className="text-sm text-slate-700">
          On a sale of {formatMoney(sale)} (item plus shipping).
        </p>
        <dl aria-live="polite" className="flex flex-col divide-y divide-brand-200">
          <Row
            label={
              fees.insertionFeeCents === 0 ? "Insertion fee (free this month)" : "Insertion fee"
            }
            value={formatMoney(fees.insertionFeeCents)}
          />
          <Row
            label={`Final value fee (${fees.finalValuePercent}%)`}
            value={formatMoney(fees.finalValueFeeCents)}
          />
          <Row
            label={`International fee (${international ? INTERNATIONAL_SURCHARGE_PERCENT : 0}%)`}
            value={formatMoney(fees.internationalFeeCents)}
          />
          <Row label="Upgrades" value={formatMoney(fees.upgradesCents)} />
          <Row label="Total fees" value={formatMoney(fees.totalFeesCents)} strong />
          <Row label="You keep" value={formatMoney(fees.netCents)} strong />
        </dl>
        <p className="text-sm text-slate-700">
          Final value fees run from 10% on smaller sales down to 3% on large ones.{" "}
          <Link to="/help/selling-fees" className="font-semibold text-brand-800 underline">
            How selling fees work
          </Link>
        </p>
      </section>
    </div>
  );
}
