import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/** One titled card of the settings page (Personal Info, Buying, Selling, ...). */
export function SettingsGroup({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-6", className)}
    >
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A row inside a group: a small heading and what belongs under it. */
export function SettingsItem({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-t border-sand-200 py-5 first:border-0 first:pt-0 last:pb-0">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}
