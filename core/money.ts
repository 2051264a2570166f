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
  const dollars = String(Math.floor(abs / 100));
  const rest = abs % 100;
  let grouped = dollars.slice(0, ((dollars.length - 1) % 3) + 1);
  for (let i = grouped.length; i < dollars.length; i += 3) grouped += `,${dollars.slice(i, i + 3)}`;
  return `${sign}$${grouped}.${rest < 10 ? "0" : ""}${rest}`;
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
