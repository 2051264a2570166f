import { type Ref, useId } from "react";
import { cn } from "../../../lib/cn";

/** A dollar amount as typed (parsed with parseMoneyToCents on submit), with its "$" and error. */
export function MoneyInput({
  label,
  value,
  onChange,
  hint,
  error,
  ref,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
  name?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-700"
        >
          $
        </span>
        <input
          id={id}
          ref={ref}
          name={name}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          className={cn(
            "h-11 w-full rounded-lg border bg-white pr-3 pl-7 text-base text-slate-900",
            error ? "border-coral-700" : "border-slate-400",
          )}
        />
      </div>
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

/** An optional note to the other side. */
export function MessageInput({
  label = "Message (optional)",
  value,
  onChange,
  maxLength,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900"
      />
    </div>
  );
}
