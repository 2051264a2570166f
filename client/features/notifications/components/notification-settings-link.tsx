import { Settings } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";

/**
 * The way from the notifications (the bell's panel, /notifications) to choosing which of them
 * also come by email: the Notifications group of account settings.
 */
export function NotificationSettingsLink({
  onClick,
  className,
}: {
  onClick?: () => void;
  className?: string;
}) {
  return (
    <Link
      to="/account/settings#notifications"
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline",
        className,
      )}
    >
      <Settings aria-hidden="true" className="size-4" />
      Notification settings
    </Link>
  );
}
