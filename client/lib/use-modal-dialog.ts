import { useEffect, useRef } from "react";

/**
 * Keeps a native <dialog> shown as a modal while `open` is true. showModal() (not the `open`
 * attribute) is what traps focus, makes the page behind it inert and lets Escape close it.
 * Returns the ref for the <dialog>.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
