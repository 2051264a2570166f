import { LayoutGrid, List } from "lucide-react";
import { cn } from "../../../lib/cn";
import type { ResultsView } from "../hooks/use-category-filters";

const OPTIONS = [
  { value: "grid", label: "Grid view", Icon: LayoutGrid },
  { value: "list", label: "List view", Icon: List },
] as const;

export function LayoutToggle({
  value,
  onChange,
}: {
  value: ResultsView;
  onChange: (view: ResultsView) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
      <legend className="sr-only">Layout</legend>
      {OPTIONS.map(({ value: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-label={label}
          aria-pressed={value === option}
          title={label}
          onClick={() => onChange(option)}
          className={cn(
            "inline-flex size-8 items-center justify-center rounded-md",
            value === option ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-brand-50",
          )}
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
    </fieldset>
  );
}
