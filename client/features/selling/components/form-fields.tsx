import { ChevronDown } from "lucide-react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import type { SelectOption } from "../../../components/ui/select-field";
import { inputClasses } from "../../../components/ui/text-field";
import { cn } from "../../../lib/cn";

// The shared SelectField is a controlled filter control; a form needs one that registers with
// react-hook-form and shows its error, so these fields follow TextField's pattern instead.

function describedBy(hintId: string | null, errorId: string | null): string | undefined {
  return [hintId, errorId].filter(Boolean).join(" ") || undefined;
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-coral-800">
          {error}
        </p>
      )}
    </div>
  );
}

interface FormSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  label: string;
  options: SelectOption[];
  /** The first, empty choice ("Select a category"); left out when a value is always chosen. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

/** A labelled native select that registers with react-hook-form, with hint and error. */
export function FormSelect({
  label,
  options,
  placeholder,
  hint,
  error,
  className,
  ref,
  ...select
}: FormSelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          id={id}
          ref={ref}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}
          className={cn(
            inputClasses,
            "appearance-none pr-10",
            error ? "border-coral-700" : "border-slate-400",
          )}
          {...select}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-600"
        />
      </div>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  label: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  ref,
  ...textarea
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}
        className={cn(
          "min-h-40 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100",
          error ? "border-coral-700" : "border-slate-400",
        )}
        {...textarea}
      />
    </FieldFrame>
  );
}

interface MoneyFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label: string;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  className?: string;
}

/** A dollar amount typed as text ("12.50"); the form turns it into cents. */
export function MoneyField({ label, hint, error, className, ref, ...input }: MoneyFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-700"
        >
          $
        </span>
        <input
          id={id}
          ref={ref}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? `${id}-hint` : null, error ? `${id}-error` : null)}
          className={cn(inputClasses, "pl-7", error ? "border-coral-700" : "border-slate-400")}
          {...input}
        />
      </div>
    </FieldFrame>
  );
}
