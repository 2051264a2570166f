import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/cn";

export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select: keyboard and screen-reader friendly on every device. */
export function SelectField({
  label,
  value,
  options,
  onChange,
  className,
  hideLabel = false,
  tone = "light",
}: {
  label: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
  className?: string;
  hideLabel?: boolean;
  tone?: "light" | "dark";
}) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label
        htmlFor={id}
        className={cn(
          "text-sm font-medium",
          tone === "dark" ? "text-white" : "text-slate-800",
          hideLabel && "sr-only",
        )}
      >
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-full appearance-none rounded-lg border border-slate-400 bg-white pr-9 pl-3 text-sm text-slate-900 hover:border-brand-600"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
        />
      </div>
    </div>
  );
}
