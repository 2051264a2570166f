import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useUpdateProfile } from "../api/update-profile";

/**
 * Whether Tradewinds may send marketing emails. `initial` is undefined while the page does not
 * know the stored choice; the box then shows as mixed until the user picks.
 */
export function MarketingToggle({ initial }: { initial: boolean | undefined }) {
  const [checked, setChecked] = useState<boolean | undefined>(initial);
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  const update = useUpdateProfile();

  useEffect(() => setChecked(initial), [initial]);
  useEffect(() => {
    if (box.current) box.current.indeterminate = checked === undefined;
  }, [checked]);

  return (
    <div className="flex items-start gap-3">
      <input
        ref={box}
        id={id}
        type="checkbox"
        checked={checked ?? false}
        disabled={update.isPending}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const next = event.target.checked;
          const previous = checked;
          setChecked(next);
          update.mutate(
            { marketingEmails: next },
            {
              onSuccess: () =>
                toast.success(
                  next
                    ? "You'll receive marketing emails from Tradewinds."
                    : "You won't receive marketing emails any more.",
                ),
              onError: (error) => {
                setChecked(previous);
                toast.error(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE);
              },
            },
          );
        }}
        className="mt-0.5 size-5 shrink-0 rounded accent-brand-700"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          Send me emails about deals, new features and offers
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          Emails about your bids, orders and account always arrive.
        </p>
      </div>
    </div>
  );
}
