import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { cn } from "../../../lib/cn";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import type { ReportTarget } from "./report-dialog";

// The dialog (its reasons and form) downloads on the first click: the listing and store pages
// that carry the button load without it.
const ReportDialog = lazy(() =>
  import("./report-dialog").then((m) => ({ default: m.ReportDialog })),
);

/**
 * A quiet "Report this listing" / "Report" link-button; a visitor signs in first (the dialog opens
 * right after, as other actions resume).
 */
export function ReportButton({
  target,
  label,
  className,
}: {
  target: ReportTarget;
  label: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so closing it hands focus back to the button.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const requireSignIn = useRequireSignIn();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          if (requireSignIn("report", () => setOpen(true))) setOpen(true);
        }}
        className={cn(
          "inline-flex min-h-6 items-center gap-1.5 rounded text-sm font-medium text-slate-700 underline-offset-2 hover:text-coral-800 hover:underline",
          className,
        )}
      >
        <Flag aria-hidden="true" className="size-4" />
        {label}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog open={open} target={target} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
