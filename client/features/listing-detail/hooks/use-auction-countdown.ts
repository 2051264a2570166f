import { type TimeLeft, timeLeft } from "../../../../core/time";
import { useClockValue, useNow } from "../../../lib/use-now";

/** The detail page's countdown, refreshed every second. */
export function useAuctionCountdown(endsAt: string): TimeLeft {
  const now = useNow();
  return timeLeft(endsAt, now);
}

/**
 * Whether the clock has run out, re-rendering only when that changes: the panel around the
 * countdown (bid form, buttons) need not render again every second, only the countdown itself.
 */
export function useAuctionClockEnded(endsAt: string): boolean {
  return useClockValue((now) => timeLeft(endsAt, now).ended);
}

/** "2 days 4 hours 13 mins 5 secs", as the spec's detail page reads. */
export function formatCountdown(left: TimeLeft): string {
  return `${left.days} days ${left.hours} hours ${left.minutes} mins ${left.seconds} secs`;
}
