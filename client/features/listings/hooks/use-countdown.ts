import { type TimeLeft, timeLeft } from "../../../../core/time";
import { useNow } from "../../../lib/use-now";

/** Time left until `endsAt`, refreshed every second; null when there is no end. */
export function useCountdown(endsAt: string | null | undefined): TimeLeft | null {
  const now = useNow(Boolean(endsAt));
  return endsAt ? timeLeft(endsAt, now) : null;
}
