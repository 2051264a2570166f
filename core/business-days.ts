/**
 * Business days (Monday to Friday) for handling times. Weekdays are judged at a fixed UTC offset,
 * by default the Eastern Caribbean's Atlantic Standard Time (UTC-4, no daylight saving), so a
 * payment on Friday evening in Bridgetown counts as Friday, not as Saturday in UTC.
 */
export const ATLANTIC_OFFSET_MINUTES = -240;

const DAY_MS = 86_400_000;

function weekday(at: number, offsetMinutes: number): number {
  return new Date(at + offsetMinutes * 60_000).getUTCDay();
}

/**
 * The moment `days` business days after `from`, at the same time of day: each day added that falls
 * on a Saturday or Sunday is not counted, so Friday + 1 is Monday and Saturday + 1 is Monday too.
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
    const day = weekday(at, offsetMinutes);
    if (day !== 0 && day !== 6) left--;
  }
  return new Date(at);
}
