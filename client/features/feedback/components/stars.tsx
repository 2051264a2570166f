import { Star } from "lucide-react";
import { cn } from "../../../lib/cn";

/** 1-5 stars shown filled, read out as "4 out of 5 stars". */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${value} out of 5 stars`}
      className={cn("inline-flex items-center gap-0.5", className)}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn(
            "size-4",
            n <= value ? "fill-amber-500 text-amber-600" : "fill-none text-slate-400",
          )}
        />
      ))}
    </span>
  );
}
