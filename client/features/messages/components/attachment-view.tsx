import { Download, FileText } from "lucide-react";
import type { Attachment } from "../../../../core/contracts/messages";
import { cn } from "../../../lib/cn";
import { formatFileSize } from "./chat-format";

/**
 * One attachment in a message: a photo inline (its thumbnail; a click shows it at full size), any
 * other file by name and size with a download link. Both are served to the participants only.
 */
export function AttachmentView({
  attachment,
  mine,
  onOpenImage,
}: {
  attachment: Attachment;
  mine: boolean;
  onOpenImage: (attachment: Attachment) => void;
}) {
  if (attachment.type === "image") {
    const landscape = (attachment.width ?? 4) >= (attachment.height ?? 3);
    return (
      <button
        type="button"
        onClick={() => onOpenImage(attachment)}
        aria-label={`Open photo ${attachment.name}`}
        className="block overflow-hidden rounded-xl bg-sand-100"
      >
        <img
          src={attachment.thumbUrl ?? attachment.url}
          alt={attachment.name}
          width={attachment.width ?? undefined}
          height={attachment.height ?? undefined}
          loading="lazy"
          className={cn(
            "block object-cover",
            landscape ? "h-auto w-56 max-w-full sm:w-64" : "h-64 w-auto max-w-full",
          )}
        />
      </button>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.name}
      className={cn(
        "flex max-w-full items-center gap-3 rounded-xl border px-3 py-2 text-left",
        mine
          ? "border-white/40 bg-brand-800 text-white hover:bg-brand-900"
          : "border-sand-300 bg-white text-slate-900 hover:bg-sand-50",
      )}
    >
      <FileText aria-hidden="true" className="size-6 shrink-0" />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{attachment.name}</span>
        <span className={cn("block text-xs", mine ? "text-brand-50" : "text-slate-700")}>
          {formatFileSize(attachment.size)}
          <span className="sr-only">, download</span>
        </span>
      </span>
      <Download aria-hidden="true" className="size-4 shrink-0" />
    </a>
  );
}
