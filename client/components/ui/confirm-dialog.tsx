import { type ReactNode, useId } from "react";
import { Button, type ButtonVariant } from "./button";
import { Modal } from "./modal";

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
  const titleId = useId();
  const textId = useId();

  return (
    <Modal open={open} onClose={onCancel} labelledBy={titleId} describedBy={textId} width="sm">
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
    </Modal>
  );
}
