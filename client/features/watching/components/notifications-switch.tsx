import { cn } from "../../../lib/cn";

/**
 * An on/off switch (role="switch"): says "Notifications" on screen, and whose notifications to
 * assistive technology, so a list of them stays tellable apart.
 */
export function NotificationsSwitch({
  checked,
  onChange,
  subject,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What the notifications are about ("guitar in Music", a seller's name). */
  subject: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={`Notifications for ${subject}`}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex h-10 items-center gap-2 rounded-lg px-1 text-sm font-medium text-slate-800 disabled:cursor-wait"
    >
      <span
        aria-hidden="true"
        className={cn(
          "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors",
          checked ? "border-brand-700 bg-brand-700" : "border-slate-500 bg-slate-200",
        )}
      >
        <span
          className={cn(
            "size-4 rounded-full bg-white shadow transition-transform",
            checked ? "translate-x-5" : "translate-x-0.5",
          )}
        />
      </span>
      <span aria-hidden="true">Notifications {checked ? "on" : "off"}</span>
    </button>
  );
}
