import { ImageOff } from "lucide-react";
import type { ListingImage as ListingImageData } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";

/**
 * A listing's thumbnail (with its size set), or a placeholder when it has no photo. Lazy, except
 * the `priority` one: the first card of a grid, usually the page's largest picture on a phone,
 * which the browser should fetch at once and first.
 */
export function ListingImage({
  image,
  alt,
  className,
  priority = false,
}: {
  image: ListingImageData | null;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  if (!image) {
    return (
      <div
        className={cn(
          "flex flex-col items-center justify-center gap-1 bg-sand-100 text-slate-600",
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-8" />
        <span className="text-xs">No image</span>
      </div>
    );
  }
  return (
    <img
      src={image.thumbUrl || image.url}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? undefined : "async"}
      className={cn("bg-sand-100 object-cover", className)}
    />
  );
}
