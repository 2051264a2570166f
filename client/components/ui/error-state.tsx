import { AlertTriangle } from "lucide-react";
import { Button } from "./button";

/** A failed load inside a page, with a retry. */
export function ErrorState({
  message = "We couldn't load this right now.",
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-coral-200 bg-coral-50 px-6 py-10 text-center"
    >
      <AlertTriangle aria-hidden="true" className="size-8 text-coral-700" />
      <p className="font-medium text-slate-900">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
