/**
 * Business days (Monday to Friday, less the public holidays every territory keeps) for handling
 * times and delivery estimates. Weekdays are judged at a fixed UTC offset, by default the Eastern
 * Caribbean's Atlantic Standard Time (UTC-4, no daylight saving), so a payment on Friday evening in
 * Bridgetown counts as Friday, not as Saturday in UTC.
 */
export const ATLANTIC_OFFSET_MINUTES = -240;

const DAY_MS = 86_400_000;

/** Easter Sunday of `year` (Gregorian; the anonymous "Meeus/Jones/Butcher" algorithm), as "MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const holidayCache = new Map<number, Set<string>>();

/**
 * The public holidays shared by every territory of the catalogue, as "YYYY-MM-DD": New Year's Day,
 * Good Friday, Easter Monday, Christmas Day and Boxing Day (decision 0021). Each island's own
 * (Emancipation Day, Independence Days, Carnival, ...) is not included: a seller's island may
 * still close on a day counted here as a business day. A holiday on a weekend is not moved to the
 * Monday: territories differ on that too.
 */
export function sharedHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const easter = Date.parse(`${year}-${easterSunday(year)}T12:00:00Z`);
  const iso = (at: number) => new Date(at).toISOString().slice(0, 10);
  const days = new Set([
    `${year}-01-01`,
    iso(easter - 2 * DAY_MS),
    iso(easter + DAY_MS),
    `${year}-12-25`,
    `${year}-12-26`,
  ]);
  holidayCache.set(year, days);
  return days;
}

/** Whether a calendar date ("YYYY-MM-DD") is a business day: a weekday and no shared holiday. */
export function isBusinessDate(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (day === 0 || day === 6) return false;
  return !sharedHolidays(Number(date.slice(0, 4))).has(date);
}

/** Whether the moment `at` falls on a business day at the offset (its local calendar date). */
export function isBusinessDay(at: Date | number, offsetMinutes = ATLANTIC_OFFSET_MINUTES) {
  const local = new Date(new Date(at).getTime() + offsetMinutes * 60_000);
  return isBusinessDate(local.toISOString().slice(0, 10));
}

/**
 * The moment `days` business days after `from`, at the same time of day: each day added that falls
 * on a weekend or a shared holiday is not counted, so Friday + 1 is Monday, Saturday + 1 is Monday
 * too, and Thursday 24 December + 1 is Monday 28 December.
 */
export function addBusinessDays(
  from: Date,
  days: number,
  offsetMinutes: number = ATLANTIC_OFFSET_MINUTES,
): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError("days must be a whole number ≥ 0");
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (isBusinessDay(at, offsetMinutes)) left--;
  }
  return new Date(at);
}
