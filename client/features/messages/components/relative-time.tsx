import { formatDateTime, formatTimeAgo } from "../../../../core/time";
import { useNow } from "../../../lib/use-now";

/** "5 minutes ago" (kept current), with the full date and time on hover. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className={className}>
      {formatTimeAgo(iso, now)}
    </time>
  );
}
