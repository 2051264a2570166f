import { type ReactNode, useId } from "react";
import { useModalDialog } from "../../lib/use-modal-dialog";
import { Button, type ButtonVariant } from "./button";

/**
 * Asks "are you sure?" in a native modal <dialog>: focus is trapped inside, Escape cancels and
 * focus goes back to what opened it.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  confirmVariant = "primary",
  pending = false,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const textId = useId();

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={(event) => {
        // Only this dialog's own close; React would also pass up one from a dialog inside it.
        if (event.target !== event.currentTarget) return;
        if (open) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-base text-slate-900 shadow-2xl backdrop:bg-slate-950/50 [--focus-ring:var(--color-brand-600)]"
    >
      <div className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        <div id={textId} className="text-slate-800">
          {children}
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} disabled={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
