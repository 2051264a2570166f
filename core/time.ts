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
