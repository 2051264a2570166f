import { Sailboat } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { PageTitle } from "../../../components/ui/page-title";
import { cn } from "../../../lib/cn";

/** The frame of every auth page: a centred card with the page's heading. */
export function AuthCard({
  title,
  intro,
  children,
  wide = false,
  focusHeading = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** Moves focus (and the view) to the heading, for a card that replaces a sent form. */
  focusHeading?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "center" });
  }, [focusHeading]);
  return (
    <div className="px-4 py-8 sm:py-12">
      <PageTitle title={title} />
      <div
        className={cn(
          "mx-auto flex flex-col gap-6 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm sm:p-8",
          wide ? "max-w-xl" : "max-w-md",
        )}
      >
        <div className="flex flex-col items-center gap-2 text-center">
          <Sailboat aria-hidden="true" className="size-9 text-coral-700" />
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 focus:outline-none"
          >
            {title}
          </h1>
          {intro && <div className="text-slate-700">{intro}</div>}
        </div>
        {children}
      </div>
    </div>
  );
}
