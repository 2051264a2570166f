import { type TimeLeft, timeLeft } from "../../../../core/time";
import { useNow } from "../../../lib/use-now";

/** The detail page's countdown, refreshed every second. */
export function useAuctionCountdown(endsAt: string): TimeLeft {
  const now = useNow();
  return timeLeft(endsAt, now);
}

/** "2 days 4 hours 13 mins 5 secs", as the spec's detail page reads. */
export function formatCountdown(left: TimeLeft): string {
  return `${left.days} days ${left.hours} hours ${left.minutes} mins ${left.seconds} secs`;
}
