import { cn } from "../../lib/cn";

/** Grey placeholders in the shape of listing cards while a section loads. */
export function CardSkeletons({ count, className }: { count: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {Array.from({ length: count }, (_, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but a position
          key={index}
          className="animate-pulse overflow-hidden rounded-xl border border-sand-200 bg-white"
        >
          <div className="aspect-[4/3] bg-sand-200" />
          <div className="flex flex-col gap-2 p-4">
            <div className="h-4 w-3/4 rounded bg-sand-200" />
            <div className="h-3 w-full rounded bg-sand-100" />
            <div className="h-6 w-1/3 rounded bg-sand-200" />
          </div>
        </div>
      ))}
    </div>
  );
}
