import { AlertCircle, CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/**
 * A message about a whole form: errors are alerts (announced at once), successes are statuses.
 * Render it always and change its children, so the live region exists before the message.
 */
export function FormAlert({
  tone = "error",
  children,
  className,
}: {
  tone?: "error" | "success";
  children?: ReactNode;
  className?: string;
}) {
  const Icon = tone === "error" ? AlertCircle : CheckCircle2;
  return (
    <div role={tone === "error" ? "alert" : "status"} className={className}>
      {children && (
        <div
          className={cn(
            "flex items-start gap-2 rounded-lg border p-3 text-sm",
            tone === "error"
              ? "border-coral-200 bg-coral-50 text-coral-900"
              : "border-brand-200 bg-brand-50 text-brand-900",
          )}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="flex flex-col gap-2">{children}</div>
        </div>
      )}
    </div>
  );
}
