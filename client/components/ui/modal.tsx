import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useModalDialog } from "../../lib/use-modal-dialog";

// Whole class names, so that Tailwind finds them in the source.
const WIDTHS = {
  sm: "w-[min(28rem,calc(100vw-2rem))]",
  md: "w-[min(30rem,calc(100vw-2rem))]",
  lg: "w-[min(32rem,calc(100vw-2rem))]",
} as const;

/**
 * The site's card-shaped modal: a native <dialog> shown with showModal() while `open` (focus
 * trapped, the page behind inert, Escape closes), named by its heading. `onClose` is called when
 * the user closes it (Escape), not when `open` turns false, and not for a dialog nested inside it
 * (React passes their close events up).
 */
export function Modal({
  open,
  onClose,
  labelledBy,
  describedBy,
  width = "lg",
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** The id of its heading. */
  labelledBy: string;
  describedBy?: string;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  const dialog = useModalDialog(open);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={(event) => {
        if (event.target === event.currentTarget && open) onClose();
      }}
      className={cn(
        "m-auto rounded-2xl bg-white p-0 text-base text-slate-900 shadow-2xl backdrop:bg-slate-950/50 [--focus-ring:var(--color-brand-600)]",
        WIDTHS[width],
      )}
    >
      {children}
    </dialog>
  );
}
