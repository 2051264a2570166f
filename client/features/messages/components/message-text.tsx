import { cn } from "../../../lib/cn";
import { splitLinks } from "./chat-format";

/**
 * A message's text as text (React escapes it; no HTML is ever rendered), with http(s) addresses
 * as links that open in a new tab and carry no referrer or endorsement.
 */
export function MessageText({ text, mine }: { text: string; mine: boolean }) {
  return (
    // overflow-wrap: anywhere (not break-word) also lets the bubble shrink below a long word's
    // width, so "Pleeeee...eease" wraps instead of pushing the chat wider than the window.
    <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
      {splitLinks(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            // Parts never move: the index is the part's identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={cn(
              "underline underline-offset-2 [overflow-wrap:anywhere]",
              mine ? "text-white" : "text-brand-800",
            )}
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
