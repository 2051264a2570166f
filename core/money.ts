/** Money is integer cents everywhere; this is the one place it becomes text. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/**
 * Formats integer cents as USD en-US with two decimals, e.g. 123456 -> "$1,234.56" (and -5 ->
 * "-$0.05", as Intl writes it). Integer cents are formatted by hand: Intl.NumberFormat costs about
 * 10 µs a call on the server, and a refused bid's answer names its minimum (issue 12's bid path).
 * Anything else (a fraction of a cent, beyond safe integers) goes to Intl, which rounds it.
 */
export function formatMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) return usd.format(cents / 100);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const rest = abs % 100;
  return `${sign}$${groupThousands(Math.floor(abs / 100))}.${rest < 10 ? "0" : ""}${rest}`;
}

/**
 * The same amount marked as US dollars ("US $40.99"): "$" alone is also the Jamaican, Trinidad and
 * Tobago, Eastern Caribbean, Barbados, Bahamas, Belize, Guyana and Cayman dollar (issue 29). Used
 * where a buyer reads a price without anything else on the screen saying US dollars: cards, the
 * listing page, the cart, checkout, offers and emails. The fee pages, the seller's and staff's
 * money pages and the spec's bid messages keep formatMoney's plain "$" (docs/decisions/0020).
 */
export function formatUsd(cents: number): string {
  return `${US_MARK} ${formatMoney(cents)}`;
}

/** The mark before "$" that says US dollars (pages that style it apart use it with formatMoney). */
export const US_MARK = "US";

/** A non-negative whole number with en-US thousands separators: 1234567 -> "1,234,567". */
export function groupThousands(whole: number): string {
  const digits = String(whole);
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return grouped;
}

/** Shipping reads "Free" when it costs nothing, as the spec's cart and detail page show. */
export function formatShipping(cents: number): string {
  return cents === 0 ? "Free" : formatMoney(cents);
}

/**
 * Parses a dollar amount typed by a person ("12", "12.5", "1,234.56") into cents.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseMoneyToCents(input: string): number | null {
  const cleaned = input.trim().replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole = "0", fraction = ""] = cleaned.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Tax on a subtotal at the marketplace rate (10 percent), rounded half up to the cent. */
export function taxCents(subtotalCents: number, ratePercent = 10): number {
  return Math.round((subtotalCents * ratePercent) / 100);
}
