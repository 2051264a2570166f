import {
  ArrowLeftRight,
  BadgeDollarSign,
  Bell,
  CircleOff,
  CircleX,
  Clock,
  CreditCard,
  Gavel,
  HandCoins,
  Handshake,
  Heart,
  HeartOff,
  type LucideIcon,
  MessageSquare,
  PackageCheck,
  RotateCcw,
  Scale,
  Search,
  ShieldAlert,
  ShieldCheck,
  Star,
  Store,
  TrendingDown,
  Trophy,
  Truck,
  Undo2,
} from "lucide-react";
import { Link } from "react-router";
import type { Notification } from "../../../../core/contracts/notifications";
import type { NotificationKind } from "../../../../core/notifications";
import { cn } from "../../../lib/cn";
import { TimeAgo } from "./time-ago";

const ICONS: Record<NotificationKind, LucideIcon> = {
  outbid: Gavel,
  auction_won: Trophy,
  auction_lost: CircleOff,
  order_paid: CreditCard,
  watched_item_ending: Heart,
  watched_item_price_drop: TrendingDown,
  watched_item_ended: HeartOff,
  watched_item_relisted: RotateCcw,
  saved_search_match: Search,
  followed_seller_listed: Store,
  auction_sold: BadgeDollarSign,
  auction_unsold: CircleOff,
  item_sold: BadgeDollarSign,
  feedback_received: Star,
  message_received: MessageSquare,
  order_shipped: Truck,
  order_received: PackageCheck,
  shipping_late: Clock,
  cancellation_requested: CircleX,
  cancellation_answered: CircleX,
  refund_issued: Undo2,
  listing_held: ShieldAlert,
  listing_approved: ShieldCheck,
  listing_removed: ShieldAlert,
  listing_restored: ShieldCheck,
  auction_cancelled: CircleOff,
  account_warning: ShieldAlert,
  account_suspended: ShieldAlert,
  account_reinstated: ShieldCheck,
  payout_sent: BadgeDollarSign,
  payout_failed: CircleX,
  payouts_on_hold: ShieldAlert,
  onboarding_needed: Store,
  offer_received: HandCoins,
  offer_countered: ArrowLeftRight,
  offer_accepted: Handshake,
  offer_declined: CircleX,
  offer_expired: Clock,
  feedback_revision_requested: Star,
  feedback_revised: Star,
  feedback_removed: ShieldAlert,
  report_outcome: ShieldCheck,
  return_requested: Undo2,
  return_updated: Undo2,
  case_decided: Scale,
};

/**
 * One notification: its text, when, and a link to what it is about; an unread one is marked
 * (a dot, bold text, and "Unread" for screen readers). Following the link marks it read.
 */
export function NotificationItem({
  notification: n,
  onFollow,
  compact = false,
}: {
  notification: Notification;
  /** Called when the link is followed (marks it read, closes the dropdown). */
  onFollow: (n: Notification) => void;
  compact?: boolean;
}) {
  const Icon = ICONS[n.kind] ?? Bell;
  return (
    <Link
      to={n.link ?? "/notifications"}
      onClick={() => onFollow(n)}
      className={cn(
        "flex min-w-0 flex-1 items-start gap-3 rounded-lg text-left hover:bg-brand-50 focus-visible:bg-brand-50",
        compact ? "px-4 py-3" : "p-3",
        !n.read && "bg-brand-50/60",
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full",
          n.read ? "bg-sand-100 text-slate-700" : "bg-brand-100 text-brand-800",
        )}
      >
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            "text-sm break-words text-slate-900",
            !n.read && "font-semibold",
            compact && "line-clamp-3",
          )}
        >
          {!n.read && <span className="sr-only">Unread: </span>}
          {n.text}
        </span>
        <TimeAgo iso={n.createdAt} className="text-xs text-slate-700" />
      </span>
      {!n.read && (
        <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-coral-700" />
      )}
    </Link>
  );
}
