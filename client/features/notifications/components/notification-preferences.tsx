import { useId, useState } from "react";
import { toast } from "sonner";
import {
  emailAlways,
  NOTIFICATION_GROUPS,
  NOTIFICATION_KINDS,
  NOTIFICATION_REGISTRY,
  type NotificationKind,
} from "../../../../core/notifications";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { useNotificationPreferences } from "../api/get-notification-preferences";
import { useUpdateNotificationPreferences } from "../api/update-notification-preferences";

/**
 * Which kinds of notification are also emailed, grouped Buying, Selling, Messages; each box saves
 * on its own, with the spec's toasts. In the app they always show.
 */
export function NotificationPreferences() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const id = useId();
  // The boxes are controlled: a click must show at once, in the same render, or React puts the box
  // back until the optimistic cache write (after the mutation's first await) arrives.
  const [clicked, setClicked] = useState<Partial<Record<NotificationKind, boolean>>>({});

  if (preferences.isPending) return <Spinner label="Loading your notification settings..." />;
  if (preferences.isError)
    return (
      <ErrorState
        message="We couldn't load your notification settings."
        onRetry={() => void preferences.refetch()}
      />
    );

  const change = (kind: NotificationKind, email: boolean) => {
    setClicked((current) => ({ ...current, [kind]: email }));
    update.mutate(
      { [kind]: { email } },
      {
        onSuccess: () =>
          toast.success(email ? "Notifications enabled" : "Notifications disabled", {
            description: `${NOTIFICATION_REGISTRY[kind].label}: email ${email ? "on" : "off"}.`,
          }),
        onError: () => toast.error("Failed to update notifications"),
        onSettled: () => setClicked(({ [kind]: _settled, ...rest }) => rest),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-700">
        Every notification shows under the bell at the top of the page. Choose which ones are also
        emailed to you.
      </p>
      {NOTIFICATION_GROUPS.map((group) => (
        <fieldset key={group.id} className="flex flex-col">
          <legend className="mb-1 font-semibold text-slate-900">{group.title}</legend>
          {group.id === "account" && (
            <p className="text-sm text-slate-700">
              What a moderator does to your account or your listings is always emailed to you, with
              their reason, so you hear of it even if you cannot sign in.
            </p>
          )}
          <ul className="divide-y divide-sand-200">
            {NOTIFICATION_KINDS.filter((k) => NOTIFICATION_REGISTRY[k].group === group.id).map(
              (kind) => {
                const { label, hint } = NOTIFICATION_REGISTRY[kind];
                const boxId = `${id}-${kind}`;
                // What staff did to the account or its listings is always emailed (issue 19).
                const always = emailAlways(kind);
                return (
                  <li key={kind} className="flex items-start justify-between gap-4 py-3">
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <span className="text-sm font-medium text-slate-900">{label}</span>
                      <span id={`${boxId}-hint`} className="text-sm text-slate-700">
                        {hint}{" "}
                        <span className="whitespace-nowrap">
                          {always ? "In the app and by email: always." : "In the app: always."}
                        </span>
                      </span>
                    </div>
                    <label
                      htmlFor={boxId}
                      className="flex shrink-0 cursor-pointer items-center has-[:disabled]:cursor-default gap-2 pt-0.5 text-sm text-slate-900"
                    >
                      <input
                        id={boxId}
                        type="checkbox"
                        checked={always || (clicked[kind] ?? preferences.data[kind].email)}
                        disabled={always}
                        aria-describedby={`${boxId}-hint`}
                        onChange={(event) => change(kind, event.target.checked)}
                        className="size-5 rounded accent-brand-700"
                      />
                      Email<span className="sr-only"> for {label}</span>
                    </label>
                  </li>
                );
              },
            )}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
