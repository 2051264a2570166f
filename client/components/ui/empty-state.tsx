import { SearchX } from "lucide-react";
import type { ReactNode } from "react";

export function EmptyState({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="size-10 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {hint && <p className="text-slate-700">{hint}</p>}
      {children}
    </div>
  );
}
