import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { cn } from "../../lib/cn";

export const inputClasses =
  "h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** Shown under the field and announced with it; marks the field invalid. */
  error?: string;
  hint?: ReactNode;
  /** More ids the field is described by (a password checklist, say). */
  describedBy?: string;
  /** Sits inside the field's right edge (a show-password button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function TextField({
  label,
  error,
  hint,
  describedBy,
  trailing,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, error ? errorId : null, describedBy ?? null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={cn(
            inputClasses,
            error ? "border-coral-700" : "border-slate-400",
            trailing ? "pr-12" : undefined,
          )}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-coral-800">
          {error}
        </p>
      )}
    </div>
  );
}
