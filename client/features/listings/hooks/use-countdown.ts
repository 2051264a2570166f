import { formatTimeLeft, timeLeft } from "../../../../core/time";
import { useClockValue } from "../../../lib/use-now";

/**
 * A card's time left as it reads ("2d 4h 13m", "<1m", or "Ended" once over); null when there is
 * no end. The card shows minutes, so it re-renders when the text changes, not on every tick.
 */
export function useCountdown(endsAt: string | null | undefined): string | null {
  return useClockValue(
    (now) => (endsAt ? formatTimeLeft(timeLeft(endsAt, now)) : null),
    Boolean(endsAt),
  );
}
