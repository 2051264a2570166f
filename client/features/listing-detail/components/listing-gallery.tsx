import { ImageOff } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import type { ListingImage } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";

/** The main photo and, when there are several, a row of six thumbnails to pick from. */
export function ListingGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[selected] ?? images[0];

  if (!current) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-2xl bg-sand-100 text-slate-600">
        <ImageOff aria-hidden="true" className="size-12" />
        <p>No photos for this listing</p>
      </div>
    );
  }

  // Arrow keys move between thumbnails, Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selected + 1,
      ArrowLeft: selected - 1,
      Home: 0,
      End: images.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + images.length) % images.length;
    setSelected(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-sand-200 bg-white">
        <img
          src={current.url}
          alt={images.length > 1 ? `${title}, photo ${selected + 1} of ${images.length}` : title}
          width={current.width}
          height={current.height}
          fetchPriority="high"
          className="aspect-[4/3] w-full bg-sand-100 object-contain"
        />
      </div>
      {images.length > 1 && (
        <ul aria-label="Photos" className="grid grid-cols-6 gap-2" onKeyDown={onKeyDown}>
          {images.map((image, index) => (
            <li key={image.url}>
              <button
                ref={(element) => {
                  thumbs.current[index] = element;
                }}
                type="button"
                aria-label={`Show photo ${index + 1} of ${images.length}`}
                aria-pressed={index === selected}
                onClick={() => setSelected(index)}
                className={cn(
                  "block w-full overflow-hidden rounded-lg border-2 bg-white",
                  index === selected
                    ? "border-brand-700"
                    : "border-transparent hover:border-brand-300",
                )}
              >
                <img
                  src={image.thumbUrl || image.url}
                  alt=""
                  width={image.width}
                  height={image.height}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
