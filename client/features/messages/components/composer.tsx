import { AlertCircle, FileText, Paperclip, Send, X } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { MESSAGE_LIMITS, type SendMessageInput } from "../../../../core/contracts/messages";
import { cn } from "../../../lib/cn";
import { type AttachmentUploads, useAttachmentUploads } from "../hooks/use-attachment-uploads";
import { formatFileSize } from "./chat-format";

const TEXT_MAX = MESSAGE_LIMITS.textMax;
/** The counter shows from here on, so it says something only when it matters. */
const COUNTER_FROM = TEXT_MAX - 500;
const number = new Intl.NumberFormat("en-US");

function PendingList({ uploads }: { uploads: AttachmentUploads }) {
  if (uploads.items.length === 0) return null;
  return (
    <ul aria-label="Files to send" className="flex flex-wrap gap-2">
      {uploads.items.map((item) => (
        <li
          key={item.key}
          className={cn(
            "flex max-w-full min-w-0 items-center gap-2 rounded-lg border py-1 pr-1 pl-2 text-sm sm:max-w-64",
            item.status === "error"
              ? "border-coral-300 bg-coral-50 text-coral-900"
              : "border-sand-300 bg-sand-50 text-slate-900",
          )}
        >
          {item.status === "error" ? (
            <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <FileText aria-hidden="true" className="size-4 shrink-0 text-slate-700" />
          )}
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{item.name}</span>
            {item.status === "uploading" ? (
              <progress
                max={1}
                value={item.progress}
                aria-label={`Uploading ${item.name}`}
                className="block h-1.5 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-sand-200 [&::-webkit-progress-value]:bg-brand-600"
              />
            ) : item.status === "error" ? (
              <span className="block text-xs">{item.error}</span>
            ) : (
              <span className="block text-xs text-slate-700">{formatFileSize(item.size)}</span>
            )}
          </span>
          <button
            type="button"
            onClick={() => uploads.remove(item.key)}
            aria-label={`Remove ${item.name}`}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-sand-200"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line; files upload as they are chosen.
 * Blank text with no file sends nothing. `onSend` answers whether it went, and only then is the
 * composer cleared (a failed send keeps what was written).
 */
export function Composer({
  onSend,
  pending,
  label = "Message",
  autoFocus = false,
}: {
  onSend: (input: Required<SendMessageInput>) => Promise<boolean>;
  pending: boolean;
  label?: string;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState("");
  const uploads = useAttachmentUploads();
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const blank = text.trim().length === 0 && uploads.ids.length === 0;
  const tooLong = text.length > TEXT_MAX;
  const canSend = !blank && !tooLong && !uploads.uploading && !pending;

  const send = async () => {
    if (!canSend) return;
    const sent = await onSend({ text: text.trim(), attachments: uploads.ids });
    if (!sent) return;
    setText("");
    uploads.clear();
    textarea.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character also uses Enter; that Enter is not "send".
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <form
      aria-label="Send a message"
      onSubmit={onSubmit}
      className="flex flex-col gap-2 border-t border-sand-200 bg-white p-3"
    >
      <PendingList uploads={uploads} />
      {uploads.notice && (
        <p role="alert" className="text-sm font-medium text-coral-800">
          {uploads.notice}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            uploads.addFiles(Array.from(event.target.files ?? []));
            // The same file may be chosen again after it was removed.
            event.target.value = "";
          }}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          disabled={uploads.full}
          aria-label="Attach files"
          title={`Attach up to ${MESSAGE_LIMITS.attachmentsPerMessage} files, ${formatFileSize(MESSAGE_LIMITS.attachmentBytes)} each`}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          <Paperclip aria-hidden="true" className="size-5" />
        </button>
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor={`${id}-text`} className="sr-only">
            {label}
          </label>
          <textarea
            ref={textarea}
            id={`${id}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            rows={1}
            placeholder="Write a message..."
            aria-describedby={`${id}-hint ${text.length >= COUNTER_FROM ? `${id}-count` : ""}`.trim()}
            aria-invalid={tooLong || undefined}
            // biome-ignore lint/a11y/noAutofocus: only where writing is the page's one purpose
            autoFocus={autoFocus}
            className={cn(
              "field-sizing-content max-h-40 min-h-11 w-full resize-none rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500",
              tooLong ? "border-coral-700" : "border-slate-400",
            )}
          />
          <p id={`${id}-hint`} className="sr-only">
            Enter sends, Shift+Enter starts a new line.
          </p>
          {text.length >= COUNTER_FROM && (
            <p
              id={`${id}-count`}
              aria-live="polite"
              className={cn(
                "mt-1 text-right text-xs tabular-nums",
                tooLong ? "font-semibold text-coral-800" : "text-slate-700",
              )}
            >
              {number.format(text.length)} / {number.format(TEXT_MAX)}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={!canSend}
          aria-label="Send message"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          <Send aria-hidden="true" className="size-5" />
        </button>
      </div>
    </form>
  );
}
