import { groupThousands } from "./money";

/**
 * The currencies a buyer may see approximate prices in (issue 29). Display only: every price is
 * set, charged and paid out in US dollars; an approximation never reaches an amount the server
 * charges (docs/decisions/0020-approximate-local-prices.md).
 *
 * Pegged currencies carry their fixed rate (units per US dollar, as the central banks publish it);
 * floating ones are kept by staff with an as-of date in the exchange_rates table. Rates are decimal
 * strings with at most 6 decimals, so conversion is exact integer arithmetic, never a float.
 */
export const CURRENCIES = {
  USD: { name: "US dollar", minorDigits: 2, peg: "1" },
  XCD: { name: "Eastern Caribbean dollar", minorDigits: 2, peg: "2.7" },
  BBD: { name: "Barbados dollar", minorDigits: 2, peg: "2" },
  BSD: { name: "Bahamian dollar", minorDigits: 2, peg: "1" },
  BZD: { name: "Belize dollar", minorDigits: 2, peg: "2" },
  // 1 KYD = 1.20 USD, so 5/6 KYD per US dollar; six decimals are within a cent on any price shown.
  KYD: { name: "Cayman Islands dollar", minorDigits: 2, peg: "0.833333" },
  BMD: { name: "Bermudian dollar", minorDigits: 2, peg: "1" },
  AWG: { name: "Aruban florin", minorDigits: 2, peg: "1.79" },
  // The Caribbean guilder replaced the Netherlands Antillean guilder (ANG) in 2025, same peg.
  XCG: { name: "Caribbean guilder", minorDigits: 2, peg: "1.79" },
  JMD: { name: "Jamaican dollar", minorDigits: 2, peg: null },
  TTD: { name: "Trinidad and Tobago dollar", minorDigits: 2, peg: null },
  GYD: { name: "Guyanese dollar", minorDigits: 2, peg: null },
  SRD: { name: "Surinamese dollar", minorDigits: 2, peg: null },
  DOP: { name: "Dominican peso", minorDigits: 2, peg: null },
  HTG: { name: "Haitian gourde", minorDigits: 2, peg: null },
  EUR: { name: "Euro", minorDigits: 2, peg: null },
} as const satisfies Record<string, { name: string; minorDigits: number; peg: string | null }>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];
/** The currencies whose rate staff keep (the rest are pegged). */
export const FLOATING_CURRENCIES = ["JMD", "TTD", "GYD", "SRD", "DOP", "HTG", "EUR"] as const;
export type FloatingCurrency = (typeof FLOATING_CURRENCIES)[number];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && Object.hasOwn(CURRENCIES, value);
}

/** A floating rate older than this many days is stale: still shown, but saying so with its date. */
export const STALE_AFTER_DAYS = 7;

/** Each catalogue territory's currency (by territory slug). Unknown territories: none. */
export const TERRITORY_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  jamaica: "JMD",
  "trinidad-and-tobago": "TTD",
  barbados: "BBD",
  "the-bahamas": "BSD",
  "puerto-rico": "USD",
  "dominican-republic": "DOP",
  haiti: "HTG",
  "cayman-islands": "KYD",
  "antigua-and-barbuda": "XCD",
  "saint-lucia": "XCD",
  grenada: "XCD",
  "saint-vincent-and-the-grenadines": "XCD",
  dominica: "XCD",
  "saint-kitts-and-nevis": "XCD",
  aruba: "AWG",
  curacao: "XCG",
  "turks-and-caicos": "USD",
  "us-virgin-islands": "USD",
  "british-virgin-islands": "USD",
  guyana: "GYD",
  belize: "BZD",
  martinique: "EUR",
  guadeloupe: "EUR",
  bermuda: "BMD",
  anguilla: "XCD",
  montserrat: "XCD",
  suriname: "SRD",
};

/** The currency to suggest for a territory (by slug), or null when it has none we know. */
export function currencyForTerritory(slug: string | null | undefined): CurrencyCode | null {
  if (!slug) return null;
  return Object.hasOwn(TERRITORY_CURRENCY, slug) ? (TERRITORY_CURRENCY[slug] ?? null) : null;
}

const RATE_PATTERN = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** A rate as units per US dollar: a positive decimal with at most 6 decimals ("157.35"). */
export function isValidRate(rate: string): boolean {
  const m = RATE_PATTERN.exec(rate);
  return m !== null && parseMicros(rate) > 0n;
}

function parseMicros(rate: string): bigint {
  const m = RATE_PATTERN.exec(rate);
  if (!m) throw new RangeError(`Not a rate: ${rate}`);
  return BigInt(m[1] ?? "0") * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"));
}

/** Rounds num/den to the nearest integer, halves away from zero (den > 0). */
function divRound(num: bigint, den: bigint): bigint {
  const neg = num < 0n;
  const abs = neg ? -num : num;
  const q = (abs * 2n + den) / (den * 2n);
  return neg ? -q : q;
}

/**
 * US cents converted to the currency's minor units at `rate` (units per US dollar), rounded half
 * away from zero to the minor unit: approx(4099, "JMD", "157.35") is 644978 (JMD 6,449.78).
 */
export function approx(cents: number, currency: CurrencyCode, rate: string): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError("Cents must be a whole number");
  const scale = 10n ** BigInt(CURRENCIES[currency].minorDigits);
  return Number(divRound(BigInt(cents) * parseMicros(rate) * scale, 100n * 1_000_000n));
}

/**
 * An amount in a currency's minor units as text, for approximations: "JMD 6,450". At 100 units or
 * more it is rounded to whole units (an approximation does not need cents, and long numbers read
 * worse); below that it keeps the minor unit ("XCD 1.35").
 */
export function formatApprox(minor: number, currency: CurrencyCode): string {
  const digits: number = CURRENCIES[currency].minorDigits;
  const scale = 10 ** digits;
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (abs >= 100 * scale || digits === 0) {
    const whole = Number(divRound(BigInt(abs), BigInt(scale)));
    return `${currency} ${sign}${groupThousands(whole)}`;
  }
  const rest = String(abs % scale).padStart(digits, "0");
  return `${currency} ${sign}${groupThousands(Math.floor(abs / scale))}.${rest}`;
}

/** A rate as the client uses it: pegged, or floating with its as-of date (YYYY-MM-DD). */
export interface CurrencyRate {
  currency: CurrencyCode;
  rate: string;
  /** Null for a pegged rate: it does not age. */
  asOf: string | null;
}

/**
 * Whether a floating rate is more than STALE_AFTER_DAYS calendar days (UTC) older than `now`: a rate
 * of the 22nd is fresh through the 29th, stale on the 30th. A pegged rate (no date) never is.
 */
export function isStale(asOf: string | null, now: Date): boolean {
  if (asOf === null) return false;
  const asOfMs = Date.parse(`${asOf}T00:00:00Z`);
  if (Number.isNaN(asOfMs)) return true;
  const todayMs = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return todayMs - asOfMs > STALE_AFTER_DAYS * 86_400_000;
}

/** The pegged currencies' rates; floating ones come from the server's rate table. */
export function peggedRates(): CurrencyRate[] {
  return CURRENCY_CODES.flatMap((currency) => {
    const peg: string | null = CURRENCIES[currency].peg;
    return peg === null ? [] : [{ currency, rate: peg, asOf: null }];
  });
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A rate's as-of date as people read it: "2026-11-28" -> "Nov 28, 2026". */
export function formatRateDate(asOf: string): string {
  const ms = Date.parse(`${asOf}T00:00:00Z`);
  return Number.isNaN(ms) ? asOf : DAY_FORMAT.format(ms);
}

/**
 * The approximation beside a US dollar price, and what its hover says: "approx. JMD 6,450", with
 * ", rate of Nov 17, 2026" added when the rate is stale (still shown, saying how old it is).
 */
export function describeApprox(
  cents: number,
  rate: CurrencyRate,
  now: Date,
): { text: string; title: string; stale: boolean } {
  const amount = formatApprox(approx(cents, rate.currency, rate.rate), rate.currency);
  const stale = isStale(rate.asOf, now);
  const date = rate.asOf === null ? null : formatRateDate(rate.asOf);
  const per = `1 US dollar = ${rate.rate} ${rate.currency}`;
  const title =
    date === null
      ? `Fixed rate: ${per}. You pay in US dollars.`
      : `Rate as of ${date}${stale ? " (out of date)" : ""}: ${per}. You pay in US dollars.`;
  return { text: `approx. ${amount}${stale ? `, rate of ${date}` : ""}`, title, stale };
}
