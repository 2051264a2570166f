/** Dates are shown en-US short with hour and minute, e.g. "11/21/26, 3:05 PM". */
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short" });

export function formatDateTime(value: string | Date): string {
  return dateTime.format(typeof value === "string" ? new Date(value) : value);
}

export interface TimeLeft {
  ended: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

/** Splits the time until `endsAt` into parts; a past end yields ended with zeros. */
export function timeLeft(endsAt: string | Date, now: Date | number = Date.now()): TimeLeft {
  const end = typeof endsAt === "string" ? Date.parse(endsAt) : endsAt.getTime();
  const nowMs = typeof now === "number" ? now : now.getTime();
  const totalMs = Math.max(0, end - nowMs);
  const totalSeconds = Math.floor(totalMs / 1000);
  return {
    ended: totalMs === 0,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

/** Card text: days, hours and minutes ("2d 4h 13m"); under a minute it reads "<1m". */
export function formatTimeLeft(left: TimeLeft): string {
  if (left.ended) return "Ended";
  if (left.days === 0 && left.hours === 0 && left.minutes === 0) return "<1m";
  const parts: string[] = [];
  if (left.days > 0) parts.push(`${left.days}d`);
  if (left.days > 0 || left.hours > 0) parts.push(`${left.hours}h`);
  parts.push(`${left.minutes}m`);
  return parts.join(" ");
}

const AGO_UNITS = [
  { ms: 365 * 86_400_000, name: "year" },
  { ms: 30 * 86_400_000, name: "month" },
  { ms: 7 * 86_400_000, name: "week" },
  { ms: 86_400_000, name: "day" },
  { ms: 3_600_000, name: "hour" },
  { ms: 60_000, name: "minute" },
] as const;

/** How long ago, as the spec's chat and notifications show it: "just now", "5 minutes ago", "2 days ago". */
export function formatTimeAgo(value: string | Date, now: Date | number = Date.now()): string {
  const at = typeof value === "string" ? Date.parse(value) : value.getTime();
  const elapsed = (typeof now === "number" ? now : now.getTime()) - at;
  for (const unit of AGO_UNITS) {
    const count = Math.floor(elapsed / unit.ms);
    if (count >= 1) return `${count} ${unit.name}${count === 1 ? "" : "s"} ago`;
  }
  // Under a minute, or a clock a little behind the server's.
  return "just now";
}
