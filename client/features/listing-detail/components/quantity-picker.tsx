import { Minus, Plus } from "lucide-react";
import { useId, useState } from "react";

const stepButton =
  "inline-flex size-11 items-center justify-center text-slate-800 hover:bg-sand-100 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";

/** A whole number between 1 and `max`; anything unreadable counts as 1. */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, max));
}

/**
 * How many units to buy, as eBay offers on multi-stock listings: a labelled number field (typed,
 * or the arrow keys) between − and + buttons, from 1 to `max` (what this buyer can have now).
 */
export function QuantityPicker({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  // What is typed may be briefly empty or out of range; the chosen value stays clamped meanwhile.
  const [draft, setDraft] = useState<string | null>(null);
  const set = (next: number) => {
    setDraft(null);
    onChange(clampQuantity(next, max));
  };

  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Quantity
      </label>
      <div className="inline-flex items-center rounded-lg border border-slate-300">
        <button
          type="button"
          aria-label="Decrease quantity"
          className={`${stepButton} rounded-l-lg`}
          disabled={value <= 1}
          onClick={() => set(value - 1)}
        >
          <Minus aria-hidden="true" className="size-4" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            const typed = Number(text);
            // More than there is snaps to the most at once; an empty field waits for the blur.
            if (text !== "" && typed > max) set(typed);
            else {
              setDraft(text);
              if (text !== "") onChange(clampQuantity(typed, max));
            }
          }}
          onBlur={() => setDraft(null)}
          className="h-11 w-14 border-x border-slate-300 text-center font-semibold text-slate-900 tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          className={`${stepButton} rounded-r-lg`}
          disabled={value >= max}
          onClick={() => set(value + 1)}
        >
          <Plus aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
