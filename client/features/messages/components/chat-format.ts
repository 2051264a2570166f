/*
 * Pure helpers of the chat: links in message text, messages grouped by day, file sizes. Kept
 * apart from the components so that they are tested on their own (chat-format.test.ts).
 */

export type TextPart =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string };

// A scheme we allow, then anything up to whitespace or a character that cannot end a URL in text.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.test/a.").
const TRAILING = new Set([".", ",", ";", ":", "!", "?", "'", '"', ")", "]", "}"]);

const count = (text: string, char: string) => text.split(char).length - 1;

/** The href for an address typed in a message: only http and https, never javascript: or data:. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Drops sentence punctuation after an address; a closing bracket opened inside it stays. */
function trimTrailing(candidate: string): string {
  let end = candidate.length;
  while (end > 0) {
    const char = candidate.charAt(end - 1);
    if (!TRAILING.has(char)) break;
    if (char === ")") {
      const body = candidate.slice(0, end);
      if (count(body, "(") >= count(body, ")")) break;
    }
    end -= 1;
  }
  return candidate.slice(0, end);
}

/**
 * Splits message text into plain parts and http(s) links, so the chat renders links as anchors
 * and everything else as text (never as HTML).
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href || candidate.length <= "https://".length) continue;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: candidate, href });
    last = start + candidate.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}

const dayLabel = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
});
const dayLabelWithYear = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** The local calendar day of a moment, as "2026-03-07". */
export function dayKey(value: string | Date | number): string {
  const date = new Date(value);
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** "Today", "Yesterday", "Saturday, March 7", or with the year when it is not this year's. */
export function formatDay(value: string | Date | number, now: Date | number = Date.now()): string {
  const date = new Date(value);
  const today = new Date(now);
  if (dayKey(date) === dayKey(today)) return "Today";
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return "Yesterday";
  return date.getFullYear() === today.getFullYear()
    ? dayLabel.format(date)
    : dayLabelWithYear.format(date);
}

export interface DayGroup<T> {
  /** The local day ("2026-03-07"), unique among the groups. */
  key: string;
  label: string;
  items: T[];
}

/** Consecutive messages (oldest first) grouped by their local day, each group labelled. */
export function groupByDay<T extends { createdAt: string }>(
  items: readonly T[],
  now: Date | number = Date.now(),
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const key = dayKey(item.createdAt);
    const current = groups.at(-1);
    if (current?.key === key) current.items.push(item);
    else groups.push({ key, label: formatDay(item.createdAt, now), items: [item] });
  }
  return groups;
}

/** "512 B", "34 KB", "2.5 MB": one decimal below ten units, none above. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "0 B";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}
