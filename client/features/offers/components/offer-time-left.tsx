import { formatTimeLeft, timeLeft } from "../../../../core/time";
import { useClockValue } from "../../../lib/use-now";

/** "1d 23h 59m left" to answer an open offer, off the shared clock (it changes once a minute). */
export function OfferTimeLeft({ expiresAt }: { expiresAt: string }) {
  const left = useClockValue((now) => formatTimeLeft(timeLeft(expiresAt, now)));
  return (
    <span className="text-sm text-slate-700">
      {left === "Ended" ? "Time is up" : `${left} left to answer`}
    </span>
  );
}
