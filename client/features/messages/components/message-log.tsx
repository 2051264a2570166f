import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Attachment, Message } from "../../../../core/contracts/messages";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { AttachmentView } from "./attachment-view";
import { groupByDay } from "./chat-format";
import { ImageViewer } from "./image-viewer";
import { MessageText } from "./message-text";
import { RelativeTime } from "./relative-time";

/** How close to an edge (px) counts as "at" it: loading older messages, staying at the newest. */
const EDGE = 120;

function MessageItem({
  message,
  mine,
  otherName,
  seen,
  onOpenImage,
}: {
  message: Message;
  mine: boolean;
  otherName: string;
  seen: boolean;
  onOpenImage: (attachment: Attachment) => void;
}) {
  return (
    <li className={cn("flex flex-col gap-1", mine ? "items-end" : "items-start")}>
      <div
        className={cn(
          "flex max-w-[85%] flex-col gap-2 rounded-2xl px-3.5 py-2 sm:max-w-[70%]",
          mine
            ? "rounded-br-md bg-brand-700 text-white"
            : "rounded-bl-md border border-sand-200 bg-white text-slate-900",
        )}
      >
        <span className="sr-only">{mine ? "You" : otherName}:</span>
        {message.text && <MessageText text={message.text} mine={mine} />}
        {message.attachments.length > 0 && (
          <ul aria-label="Attachments" className="flex flex-col gap-2">
            {message.attachments.map((attachment) => (
              <li key={attachment.id} className="max-w-full">
                <AttachmentView attachment={attachment} mine={mine} onOpenImage={onOpenImage} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="px-1 text-xs text-slate-700">
        <RelativeTime iso={message.createdAt} />
        {seen && <span> · Seen</span>}
      </p>
    </li>
  );
}

/**
 * The conversation's messages, grouped by day, mine on the right. It follows the newest message
 * as messages arrive, loads older ones when scrolled to the top (keeping what was on screen in
 * place), and is a polite live region so a screen reader hears new messages.
 */
export function MessageLog({
  messages,
  meId,
  otherName,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  /** Oldest first. */
  messages: readonly Message[];
  meId: string;
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [viewing, setViewing] = useState<Attachment | null>(null);
  // What the last layout showed, to tell "a new message" (follow it) from "older ones" (stay put).
  const seenLayout = useRef({ firstId: "", lastId: "", scrollHeight: 0 });
  // Whether the reader is at the newest message: photos that finish loading keep them there.
  const atBottom = useRef(true);

  const groups = useMemo(() => groupByDay(messages), [messages]);
  const firstId = messages[0]?.id ?? "";
  const lastId = messages.at(-1)?.id ?? "";
  const lastMine = useMemo(() => messages.findLast((m) => m.senderId === meId), [messages, meId]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = seenLayout.current;
    if (lastId !== before.lastId) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    } else if (firstId !== before.firstId) {
      // Older messages went in above: keep the ones being read where they were.
      element.scrollTop += element.scrollHeight - before.scrollHeight;
    }
    seenLayout.current = { firstId, lastId, scrollHeight: element.scrollHeight };
  }, [firstId, lastId]);

  // Photos without known dimensions grow the log as they load.
  useLayoutEffect(() => {
    const element = scroller.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
      seenLayout.current.scrollHeight = element.scrollHeight;
    });
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE;
    if (element.scrollTop < EDGE && hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  return (
    <>
      <div
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label={`Messages with ${otherName}`}
        // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
        tabIndex={0}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-sand-50 px-3 py-4 sm:px-5"
      >
        <div ref={content} className="flex flex-col gap-4">
          {hasOlder && (
            <div className="flex justify-center">
              {loadingOlder ? (
                <Spinner label="Loading older messages..." className="py-2" />
              ) : (
                <button
                  type="button"
                  onClick={onLoadOlder}
                  className="rounded-full px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Load older messages
                </button>
              )}
            </div>
          )}
          {messages.length === 0 && (
            <p className="py-10 text-center text-slate-700">No messages yet. Say hello!</p>
          )}
          {groups.map((group) => (
            <div key={group.key} className="flex flex-col gap-3">
              <h3 className="self-center rounded-full bg-sand-200 px-3 py-0.5 text-xs font-semibold text-slate-800">
                {group.label}
              </h3>
              <ol className="flex flex-col gap-3">
                {group.items.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    mine={message.senderId === meId}
                    otherName={otherName}
                    seen={message.id === lastMine?.id && message.read}
                    onOpenImage={setViewing}
                  />
                ))}
              </ol>
            </div>
          ))}
        </div>
      </div>
      <ImageViewer attachment={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
