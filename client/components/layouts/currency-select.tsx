import { CURRENCIES, CURRENCY_CODES, isCurrencyCode } from "../../../core/currencies";
import { useChooseCurrency, useDisplayCurrency } from "../../lib/display-currency";
import { SelectField } from "../ui/select-field";

const OPTIONS = CURRENCY_CODES.map((code) => ({
  value: code,
  label: code === "USD" ? "US dollars only" : `${code}: ${CURRENCIES[code].name}`,
}));

/**
 * The footer's currency choice (issue 29): prices stay in US dollars, with an approximation in
 * the chosen currency beside them. Pre-selected from the account or the buyer's territory until
 * the buyer chooses; remembered in this browser and on the account.
 */
export function CurrencySelect() {
  const { currency } = useDisplayCurrency();
  const choose = useChooseCurrency();
  return (
    <SelectField
      label="Approximate prices in"
      tone="dark"
      value={currency}
      options={OPTIONS}
      onChange={(value) => {
        if (isCurrencyCode(value)) choose(value);
      }}
      className="w-full sm:w-72"
    />
  );
}
