import { Check, X } from "lucide-react";
import { PASSWORD_RULES } from "../../../core/contracts/accounts";
import { cn } from "../../lib/cn";

/**
 * The password rules, each ticked as the password meets it. The password field points at this
 * list with aria-describedby, so a screen reader reads the rules and their state with the field.
 */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="grid gap-1 text-sm sm:grid-cols-2">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        const Icon = met ? Check : X;
        return (
          <li
            key={rule.id}
            data-met={met}
            className={cn("flex items-center gap-2", met ? "text-brand-800" : "text-slate-700")}
          >
            <Icon
              aria-hidden="true"
              className={cn("size-4 shrink-0", met ? "text-brand-700" : "text-slate-500")}
            />
            <span>
              {rule.label}
              <span className="sr-only">{met ? " (done)" : " (not yet)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
