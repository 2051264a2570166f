import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { cn } from "../../lib/cn";

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A checkbox with its label beside it (the whole label is the click target). */
export function CheckboxField({ label, hint, className, ref, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={cn("flex items-start gap-3", className)}>
      <input
        id={id}
        ref={ref}
        type="checkbox"
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-5 shrink-0 rounded accent-brand-700"
        {...input}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-700">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
