import { cn } from "../../../lib/cn";
import { splitLinks } from "./chat-format";

/**
 * A message's text as text (React escapes it; no HTML is ever rendered), with http(s) addresses
 * as links that open in a new tab and carry no referrer or endorsement.
 */
export function MessageText({ text, mine }: { text: string; mine: boolean }) {
  return (
    <p className="break-words whitespace-pre-wrap">
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
