import { cn } from "../../lib/cn";

/**
 * The grid classes of listings' ListingGrid, per column count: a placeholder must take the room the
 * cards will, or everything under it jumps when they arrive (layout shift).
 */
const GRID_COLUMNS = {
  3: "grid-cols-2 lg:grid-cols-3",
  4: "grid-cols-2 lg:grid-cols-3 xl:grid-cols-4",
  6: "grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6",
} as const;

/**
 * Grey placeholders in the shape of listing cards while a section loads: the same grid, a square
 * photo and a body about as tall as a card's (title, price, time left, shipping, button).
 */
export function CardSkeletons({
  count,
  maxColumns = 4,
  className,
}: {
  count: number;
  maxColumns?: keyof typeof GRID_COLUMNS;
  className?: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={cn("grid gap-3 sm:gap-5", GRID_COLUMNS[maxColumns], className)}
    >
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but a position
          key={index}
          className="flex animate-pulse flex-col overflow-hidden rounded-lg border border-sand-200 bg-white sm:rounded-xl"
        >
          <div className="aspect-square bg-sand-200" />
          <div className="flex flex-1 flex-col gap-1 p-2.5 sm:gap-2 sm:p-4">
            <div className="h-4 w-3/4 rounded bg-sand-200 sm:h-5" />
            <div className="h-4 w-1/2 rounded bg-sand-100 sm:h-5" />
            <div className="mt-3 h-3 w-1/3 rounded bg-sand-100" />
            <div className="h-5 w-1/2 rounded bg-sand-200 sm:h-7" />
            <div className="h-4 w-2/3 rounded bg-sand-100" />
            <div className="mt-1 h-8 rounded-lg bg-sand-200 sm:mt-2" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** A page's area while its data loads: at least a screen tall, so the footer stays below the fold. */
export function PagePlaceholder({ label }: { label: string }) {
  return (
    <div role="status" className="min-h-[100dvh] px-4 py-12">
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Placeholders for small picture tiles (the home page's Daily Picks), in their grid. */
export function TileSkeletons({ count }: { count: number }) {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6"
    >
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but a position
          key={index}
          className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-sand-200 bg-white"
        >
          <div className="aspect-square bg-sand-200" />
          <div className="flex flex-col gap-2 p-3">
            <div className="h-4 w-3/4 rounded bg-sand-200" />
            <div className="h-5 w-1/3 rounded bg-sand-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
