import { AlertTriangle } from "lucide-react";
import { Button } from "./ui/button";

/** The global "Something went wrong" screen (spec), shown by the error boundaries. */
export function ErrorScreen() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div role="alert" className="flex max-w-md flex-col items-center gap-4 text-center">
        <AlertTriangle aria-hidden="true" className="size-12 text-coral-700" />
        <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="text-slate-700">
          An unexpected error occurred. Refreshing the page usually helps.
        </p>
        <Button size="lg" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
      </div>
    </div>
  );
}
