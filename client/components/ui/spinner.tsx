import { cn } from "../../lib/cn";

/** A loading indicator with a text for screen readers (and, when asked, for everyone). */
export function Spinner({
  label = "Loading...",
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" className={cn("flex items-center justify-center gap-3 py-12", className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700"
      />
      <span className={showLabel ? "text-slate-700" : "sr-only"}>{label}</span>
    </div>
  );
}
