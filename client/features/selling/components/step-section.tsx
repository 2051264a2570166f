import type { ReactNode, Ref } from "react";
import { cn } from "../../../lib/cn";

/** One part of the listing form, titled with its step's heading. */
export function StepSection({
  id,
  heading,
  headingRef,
  children,
  className,
}: {
  id: string;
  heading: string;
  /** The wizard focuses the heading when its step opens, so the change is announced. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        "flex flex-col gap-5 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6",
        className,
      )}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-slate-900 focus:outline-none sm:text-2xl"
      >
        {heading}
      </h2>
      {children}
    </section>
  );
}
