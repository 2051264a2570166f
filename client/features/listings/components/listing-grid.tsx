import type { ReactNode } from "react";
import { cn } from "../../../lib/cn";

/**
 * A responsive list of cards: two compact columns on phones (one per row made a 24-card page
 * 16,800 px tall), up to `maxColumns` on wide screens.
 */
export function ListingGrid({
  children,
  maxColumns = 4,
  className,
}: {
  children: ReactNode;
  maxColumns?: 3 | 4 | 6;
  className?: string;
}) {
  return (
    <ul
      className={cn(
        "grid gap-3 sm:gap-5",
        maxColumns === 6
          ? "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
          : maxColumns === 4
            ? "grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
            : "grid-cols-2 lg:grid-cols-3",
        className,
      )}
    >
      {children}
    </ul>
  );
}
