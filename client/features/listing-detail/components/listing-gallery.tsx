import { Expand, ImageOff } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { ListingImage } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";
import { ImageViewer } from "./image-viewer";

/**
 * The main photo and, when there are several, a row of six thumbnails to pick from. Clicking the
 * photo opens the full-screen viewer on it; the page then shows the last photo looked at.
 */
export function ListingGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const [viewing, setViewing] = useState(false);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const opener = useRef<HTMLButtonElement>(null);
  const wasViewing = useRef(false);
  const current = images[selected] ?? images[0];

  // Focus goes back to the photo once the viewer has closed (a child's effect, so it has run by
  // now): while the modal is still open the page is inert and cannot take focus. The native
  // dialog restores focus too, but only to what had it, which a tap does not always give.
  useEffect(() => {
    if (wasViewing.current && !viewing) opener.current?.focus();
    wasViewing.current = viewing;
  }, [viewing]);

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
      <div className="relative overflow-hidden rounded-2xl border border-sand-200 bg-white">
        <img
          src={current.url}
          alt={images.length > 1 ? `${title}, photo ${selected + 1} of ${images.length}` : title}
          width={current.width}
          height={current.height}
          fetchPriority="high"
          className="aspect-[4/3] w-full bg-sand-100 object-contain"
        />
        {/* Over the photo rather than around it, so the photo keeps its own name for readers. The
            chip's words are inside the button's name ("1 of 3" in "Open photo 1 of 3 full screen"):
            a name that differs from what is seen fails label-in-name (Lighthouse found "1 / 3"). */}
        <button
          ref={opener}
          type="button"
          aria-haspopup="dialog"
          aria-label={
            images.length > 1
              ? `Open photo ${selected + 1} of ${images.length} full screen`
              : "Enlarge: open photo full screen"
          }
          onClick={() => setViewing(true)}
          className="group absolute inset-0 flex cursor-zoom-in items-end justify-end rounded-2xl p-3"
        >
          <span
            aria-hidden="true"
            className="flex items-center gap-1.5 rounded-full bg-slate-900/75 px-3 py-1.5 text-sm font-medium text-white shadow group-hover:bg-slate-900"
          >
            <Expand className="size-4" />
            {images.length > 1 ? `${selected + 1} of ${images.length}` : "Enlarge"}
          </span>
        </button>
      </div>
      <ImageViewer
        open={viewing}
        images={images}
        title={title}
        index={selected}
        onIndexChange={setSelected}
        onClose={() => setViewing(false)}
      />
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
