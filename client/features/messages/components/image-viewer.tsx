import { Download, X } from "lucide-react";
import { useId } from "react";
import type { Attachment } from "../../../../core/contracts/messages";
import { buttonClasses } from "../../../components/ui/button";
import { useModalDialog } from "../../../lib/use-modal-dialog";

/** A photo from the chat at full size, in a modal dialog (Escape or Close returns to the chat). */
export function ImageViewer({
  attachment,
  onClose,
}: {
  attachment: Attachment | null;
  onClose: () => void;
}) {
  const dialog = useModalDialog(attachment !== null);
  const titleId = useId();
  return (
    // Escape closes it natively; the click is only the mouse's way out, on the backdrop.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={(event) => {
        if (event.target === event.currentTarget && attachment) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] max-w-[calc(100vw-2rem)] overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/70 [--focus-ring:var(--color-brand-600)]"
    >
      {attachment && (
        <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-sand-200 px-4 py-2">
            <h2 id={titleId} className="min-w-0 truncate font-semibold">
              {attachment.name}
            </h2>
            <div className="flex shrink-0 items-center gap-1">
              <a
                href={attachment.url}
                download={attachment.name}
                className={buttonClasses("ghost", "sm")}
              >
                <Download aria-hidden="true" className="size-4" />
                Download
              </a>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="inline-flex size-9 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
          </div>
          <img
            src={attachment.url}
            alt={attachment.name}
            width={attachment.width ?? undefined}
            height={attachment.height ?? undefined}
            className="min-h-0 w-auto max-w-full flex-1 bg-sand-100 object-contain"
          />
        </div>
      )}
    </dialog>
  );
}
