import { SlidersHorizontal } from "lucide-react";
import { cn } from "../../../lib/cn";

/** The Filter button that opens and closes a results page's side panel, with the active count. */
export function FilterButton({
  open,
  onToggle,
  panelId,
  activeCount,
}: {
  open: boolean;
  onToggle: () => void;
  panelId: string;
  activeCount: number;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-semibold",
        open
          ? "border-brand-700 bg-brand-50 text-brand-800"
          : "border-slate-400 bg-white text-slate-800 hover:bg-brand-50",
      )}
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      Filter
      {activeCount > 0 && (
        <span
          aria-hidden="true"
          className="rounded-full bg-coral-700 px-1.5 text-xs leading-5 text-white"
        >
          {activeCount}
        </span>
      )}
    </button>
  );
}
