import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from "react";
import type { ListingImage } from "../../../../core/contracts/browse";
import { cn } from "../../../lib/cn";
import { useModalDialog } from "../../../lib/use-modal-dialog";

const ZOOM = 2.5;
const MAX_ZOOM = 4;
/** A finger or mouse that moves less than this between down and up tapped rather than dragged. */
const TAP_SLOP = 8;
/** How far a finger must travel sideways for a swipe to change the photo. */
const SWIPE_DISTANCE = 50;
const DOUBLE_TAP_MS = 300;

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };

interface Point {
  x: number;
  y: number;
}

/** What one gesture started from: where the finger(s) went down and the view at that moment. */
interface Gesture {
  start: Point;
  view: View;
  moved: boolean;
  /** Set once two fingers were down: lifting them is neither a tap nor a swipe. */
  pinch: { distance: number; view: View } | null;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/**
 * The full-screen photo viewer: a native modal <dialog> (focus stays inside, Escape closes it and
 * the page sends focus back to the picture that opened it). Pictures are shown at their full size;
 * arrow keys, the side buttons, the thumbnails and a sideways swipe move between them; a click,
 * a double tap or a pinch zooms, and dragging pans while zoomed. Pointer events serve mouse, pen
 * and touch alike, so no gesture library is needed.
 */
export function ImageViewer({
  open,
  images,
  title,
  index,
  onIndexChange,
  onClose,
}: {
  open: boolean;
  images: ListingImage[];
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useModalDialog(open);
  const headingId = useId();
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);
  const [view, setView] = useState<View>(FIT);
  /** How far a swipe in progress has dragged the fitted photo sideways. */
  const [swipeX, setSwipeX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const count = images.length;
  const image = images[index] ?? images[0];

  // A new photo (or reopening) starts fitted to the screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each photo change
  useEffect(() => {
    setView(FIT);
    setSwipeX(0);
  }, [index, open]);

  // Focus starts on Close (after showModal, declared above, has run): one key gets a keyboard
  // user out, and the arrow keys work at once.
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  // The page behind must not scroll under a finger panning the photo.
  useEffect(() => {
    if (!open) return;
    const root = document.documentElement;
    const before = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = before;
    };
  }, [open]);

  if (!image) return null;

  const go = (step: number) => onIndexChange((index + step + count) % count);

  /** How far the photo may move each way at `scale` before its edge leaves the screen's edge. */
  const panLimits = (scale: number) => {
    const box = stage.current?.getBoundingClientRect();
    if (!box) return { x: 0, y: 0 };
    const fit = Math.min(box.width / image.width, box.height / image.height);
    return {
      x: Math.max(0, (image.width * fit * scale - box.width) / 2),
      y: Math.max(0, (image.height * fit * scale - box.height) / 2),
    };
  };

  const settle = (next: View): View => {
    const scale = Math.min(MAX_ZOOM, Math.max(1, next.scale));
    if (scale === 1) return FIT;
    const limit = panLimits(scale);
    return { scale, x: clamp(next.x, limit.x), y: clamp(next.y, limit.y) };
  };

  /** Zooms in on the point under the pointer (it stays where it is), or back out to fit. */
  const toggleZoom = (at: Point | null) => {
    if (view.scale > 1) {
      setView(FIT);
      return;
    }
    const box = stage.current?.getBoundingClientRect();
    if (!box || !at) {
      setView(settle({ scale: ZOOM, x: 0, y: 0 }));
      return;
    }
    // With the origin at the centre, a point d from it lands at x + scale·d: keep it at d.
    const dx = at.x - (box.left + box.width / 2);
    const dy = at.y - (box.top + box.height / 2);
    setView(settle({ scale: ZOOM, x: dx * (1 - ZOOM), y: dy * (1 - ZOOM) }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined || count < 2) return;
    event.preventDefault();
    onIndexChange((target + count) % count);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic one) simply is not captured.
    }
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    setDragging(true);
    const down = [...pointers.current.values()];
    if (down.length === 2 && down[0] && down[1]) {
      gesture.current = {
        start: point,
        view,
        moved: true,
        pinch: { distance: distance(down[0], down[1]), view },
      };
      setSwipeX(0);
    } else if (down.length === 1) {
      gesture.current = { start: point, view, moved: false, pinch: null };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (!current) return;
    const down = [...pointers.current.values()];
    if (current.pinch && down.length === 2 && down[0] && down[1]) {
      const { distance: from, view: at } = current.pinch;
      const scale = Math.min(MAX_ZOOM, Math.max(1, (at.scale * distance(down[0], down[1])) / from));
      const ratio = scale / at.scale;
      setView(settle({ scale, x: at.x * ratio, y: at.y * ratio }));
      return;
    }
    if (current.pinch || down.length !== 1) return;
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    if (!current.moved && Math.hypot(dx, dy) > TAP_SLOP) current.moved = true;
    if (!current.moved) return;
    if (current.view.scale > 1) {
      setView(settle({ ...current.view, x: current.view.x + dx, y: current.view.y + dy }));
    } else if (count > 1) {
      setSwipeX(dx);
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (pointers.current.size > 0) return;
    gesture.current = null;
    setDragging(false);
    setSwipeX(0);
    if (!current || event.type === "pointercancel") return;
    if (current.pinch) {
      // A pinch that ends barely zoomed snaps back to the fitted photo.
      if (view.scale < 1.1) setView(FIT);
      return;
    }
    const dx = point.x - current.start.x;
    const dy = point.y - current.start.y;
    if (current.moved) {
      if (
        current.view.scale === 1 &&
        Math.abs(dx) > SWIPE_DISTANCE &&
        Math.abs(dx) > Math.abs(dy)
      ) {
        go(dx < 0 ? 1 : -1);
      }
      return;
    }
    // A mouse click zooms; on touch a single tap is too easy to make by accident, so it takes two.
    if (event.pointerType === "mouse") {
      toggleZoom(point);
      return;
    }
    const previous = lastTap.current;
    if (previous && event.timeStamp - previous.at < DOUBLE_TAP_MS) {
      lastTap.current = null;
      toggleZoom(point);
    } else {
      lastTap.current = { at: event.timeStamp, point };
    }
  };

  const zoomed = view.scale > 1;
  // Named as on the page ("…, photo 2 of 5"): which of them it is matters more than the word.
  const alt = count > 1 ? `${title}, photo ${index + 1} of ${count}` : title;
  const sideButton =
    "absolute top-1/2 z-10 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-slate-900/70 text-white ring-1 ring-white/30 hover:bg-slate-900";

  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        if (open) onClose();
      }}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950 p-0 text-white backdrop:bg-slate-950 on-dark"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center gap-3 px-3 py-2 sm:px-5">
            <h2
              id={headingId}
              className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base"
            >
              {title}
            </h2>
            <p role="status" aria-atomic="true" className="text-sm tabular-nums">
              <span className="sr-only">Photo </span>
              {index + 1} / {count}
            </p>
            <button
              type="button"
              onClick={() => toggleZoom(null)}
              className="flex size-11 items-center justify-center rounded-full hover:bg-white/10"
            >
              {zoomed ? (
                <ZoomOut aria-hidden="true" className="size-6" />
              ) : (
                <ZoomIn aria-hidden="true" className="size-6" />
              )}
              <span className="sr-only">{zoomed ? "Zoom out" : "Zoom in"}</span>
            </button>
            <button
              ref={closeButton}
              type="button"
              onClick={onClose}
              className="flex size-11 items-center justify-center rounded-full hover:bg-white/10"
            >
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">Close gallery</span>
            </button>
          </div>

          <div className="relative min-h-0 flex-1">
            <div
              ref={stage}
              data-testid="viewer-stage"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerEnd}
              onPointerCancel={onPointerEnd}
              className={cn(
                "h-full w-full touch-none overflow-hidden select-none",
                zoomed ? (dragging ? "cursor-grabbing" : "cursor-zoom-out") : "cursor-zoom-in",
              )}
            >
              <img
                key={image.url}
                src={image.url}
                alt={alt}
                width={image.width}
                height={image.height}
                draggable={false}
                style={{
                  transform: `translate(${view.x + swipeX}px, ${view.y}px) scale(${view.scale})`,
                }}
                className={cn(
                  "h-full w-full object-contain",
                  !dragging && "transition-transform duration-200 ease-out",
                )}
              />
            </div>
            {count > 1 && (
              <>
                <button
                  type="button"
                  onClick={() => go(-1)}
                  className={cn(sideButton, "left-2 sm:left-4")}
                >
                  <ChevronLeft aria-hidden="true" className="size-6" />
                  <span className="sr-only">Previous photo</span>
                </button>
                <button
                  type="button"
                  onClick={() => go(1)}
                  className={cn(sideButton, "right-2 sm:right-4")}
                >
                  <ChevronRight aria-hidden="true" className="size-6" />
                  <span className="sr-only">Next photo</span>
                </button>
              </>
            )}
          </div>

          {count > 1 && (
            <ul
              aria-label="All photos"
              className="flex justify-center-safe gap-2 overflow-x-auto px-3 py-3"
            >
              {images.map((thumb, at) => (
                <li key={thumb.url} className="shrink-0">
                  <button
                    type="button"
                    aria-label={`Show photo ${at + 1} of ${count}`}
                    aria-current={at === index ? "true" : undefined}
                    onClick={() => onIndexChange(at)}
                    className={cn(
                      "block size-14 overflow-hidden rounded-md border-2 sm:size-16",
                      at === index
                        ? "border-white"
                        : "border-transparent opacity-70 hover:opacity-100",
                    )}
                  >
                    <img
                      src={thumb.thumbUrl || thumb.url}
                      alt=""
                      width={thumb.width}
                      height={thumb.height}
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </dialog>
  );
}
