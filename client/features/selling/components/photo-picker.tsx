import { AlertCircle, ChevronLeft, ChevronRight, ImagePlus, X } from "lucide-react";
import { type ChangeEvent, type DragEvent, useEffect, useId, useRef, useState } from "react";
import { MAX_PHOTOS_PER_LISTING } from "../../../../core/limits";
import { cn } from "../../../lib/cn";
import type { PhotoTile, PhotoUploads } from "../hooks/use-photo-uploads";

type Direction = "left" | "right";

// A tile dragged to a new place carries this type, so a dropped file is never mistaken for one.
const TILE_DRAG_TYPE = "application/x-tradewinds-photo";

function hasFiles(event: DragEvent) {
  return Array.from(event.dataTransfer.types).includes("Files");
}

/**
 * Step 2, "Add photos": pick several files or drop them; each uploads at once with a progress
 * bar, then shows its thumbnail. Tiles move with buttons (or by dragging) and can be removed;
 * the first is the listing's thumbnail.
 */
export function PhotoPicker({ photos, error }: { photos: PhotoUploads; error?: string }) {
  const { tiles, notice, addFiles, remove, move } = photos;
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [focusAfterMove, setFocusAfterMove] = useState<{ key: string; direction: Direction }>();
  const [announcement, setAnnouncement] = useState("");
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<string | null>(null);
  const full = tiles.length >= MAX_PHOTOS_PER_LISTING;

  // Moving a tile re-orders the DOM and can drop focus; put it back on the same button, or on
  // the other arrow once the tile reaches an end.
  useEffect(() => {
    if (!focusAfterMove) return;
    const { key, direction } = focusAfterMove;
    const same = buttons.current.get(`${key}-${direction}`);
    const other = buttons.current.get(`${key}-${direction === "left" ? "right" : "left"}`);
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(undefined);
  }, [focusAfterMove]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(Array.from(event.target.files ?? []));
    // The same file may be chosen again after it was removed.
    if (input.current) input.current.value = "";
  };

  const shift = (tile: PhotoTile, index: number, direction: Direction) => {
    const to = direction === "left" ? index - 1 : index + 1;
    move(tile.key, direction === "left" ? -1 : 1);
    setFocusAfterMove({ key: tile.key, direction });
    setAnnouncement(`Photo moved to position ${to + 1} of ${tiles.length}.`);
  };

  const onZoneDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = full ? "none" : "copy";
    setDropping(true);
  };
  const onZoneDrop = (event: DragEvent) => {
    setDropping(false);
    if (!hasFiles(event)) return;
    event.preventDefault();
    addFiles(Array.from(event.dataTransfer.files));
  };

  const onTileDrop = (event: DragEvent, index: number) => {
    const key = event.dataTransfer.getData(TILE_DRAG_TYPE);
    if (!key) return;
    event.preventDefault();
    event.stopPropagation();
    const from = tiles.findIndex((t) => t.key === key);
    if (from >= 0 && from !== index) {
      move(key, index - from);
      setAnnouncement(`Photo moved to position ${index + 1} of ${tiles.length}.`);
    }
    setDragged(null);
  };

  return (
    <div className="flex flex-col gap-4">
      <p id={hintId} className="text-slate-700">
        Add up to {MAX_PHOTOS_PER_LISTING} photos. The first photo is the thumbnail buyers see in
        search results.
      </p>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the button beside it does the same */}
      <div
        onDragOver={onZoneDragOver}
        onDragLeave={() => setDropping(false)}
        onDrop={onZoneDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition-colors",
          dropping ? "border-brand-600 bg-brand-50" : "border-sand-300 bg-white",
        )}
      >
        <ImagePlus aria-hidden="true" className="size-10 text-brand-600" />
        <label
          htmlFor={inputId}
          className={cn(
            "inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 font-semibold text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
            full
              ? "cursor-not-allowed bg-slate-300 text-slate-700"
              : "cursor-pointer hover:bg-brand-800",
          )}
        >
          Choose photos
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            disabled={full}
            onChange={choose}
            aria-describedby={hintId}
            className="sr-only"
          />
        </label>
        <p className="text-sm text-slate-700">
          {full
            ? "You have added the most photos a listing can have."
            : "or drag and drop them here"}
        </p>
        <p className="text-sm font-medium text-slate-800">
          {tiles.length} of {MAX_PHOTOS_PER_LISTING} photos
        </p>
      </div>

      <div role="status" className="sr-only">
        {announcement}
      </div>
      <div role="alert">
        {(notice || error) && (
          <p className="flex items-start gap-2 text-sm font-medium text-coral-800">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {notice ?? error}
          </p>
        )}
      </div>

      {tiles.length > 0 && (
        <ol
          aria-label="Your photos"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        >
          {tiles.map((tile, index) => {
            const label = `Photo ${index + 1}`;
            const percent = Math.round(tile.progress * 100);
            return (
              <li
                key={tile.key}
                draggable={tile.status === "done"}
                onDragStart={(event) => {
                  event.dataTransfer.setData(TILE_DRAG_TYPE, tile.key);
                  event.dataTransfer.effectAllowed = "move";
                  setDragged(tile.key);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => {
                  if (event.dataTransfer.types.includes(TILE_DRAG_TYPE)) event.preventDefault();
                }}
                onDrop={(event) => onTileDrop(event, index)}
                data-testid="photo-tile"
                className={cn(
                  "flex flex-col overflow-hidden rounded-xl border bg-white shadow-sm",
                  tile.status === "error" ? "border-coral-300" : "border-sand-200",
                  dragged === tile.key && "opacity-50",
                )}
              >
                <div className="relative aspect-square bg-sand-100">
                  {tile.status === "error" ? (
                    <div className="flex size-full flex-col items-center justify-center gap-1 bg-coral-50 p-2 text-center">
                      <AlertCircle aria-hidden="true" className="size-6 shrink-0 text-coral-700" />
                      <p className="w-full truncate text-xs font-semibold text-slate-900">
                        {tile.name || label}
                      </p>
                      <p className="text-xs font-medium text-coral-800">{tile.error}</p>
                    </div>
                  ) : tile.previewUrl ? (
                    <img
                      src={tile.previewUrl}
                      alt={tile.name ? `${label}: ${tile.name}` : label}
                      className={cn(
                        "size-full object-cover",
                        tile.status === "uploading" && "opacity-60",
                      )}
                    />
                  ) : null}
                  {index === 0 && tile.status === "done" && (
                    <span className="absolute top-2 left-2 rounded-full bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">
                      Thumbnail
                    </span>
                  )}
                  {tile.status === "uploading" && (
                    <div className="absolute inset-x-2 bottom-2 rounded-lg bg-white/90 p-2">
                      <div
                        role="progressbar"
                        aria-label={`Uploading ${tile.name || label}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={percent}
                        className="h-2 overflow-hidden rounded-full bg-sand-200"
                      >
                        <div
                          className="h-full bg-brand-700 transition-all"
                          style={{ width: `${percent}%` }}
                        />
                      </div>
                      <p className="mt-1 text-xs text-slate-800">Uploading... {percent}%</p>
                    </div>
                  )}
                </div>
                <div className="flex items-center justify-between gap-1 p-1.5">
                  <div className="flex gap-1">
                    {(["left", "right"] as const).map((direction) => {
                      const Icon = direction === "left" ? ChevronLeft : ChevronRight;
                      const edge = direction === "left" ? index === 0 : index === tiles.length - 1;
                      return (
                        <button
                          key={direction}
                          ref={(element) => {
                            buttons.current.set(`${tile.key}-${direction}`, element);
                          }}
                          type="button"
                          aria-label={`Move ${label.toLowerCase()} ${direction}`}
                          disabled={edge}
                          onClick={() => shift(tile, index, direction)}
                          className="inline-flex size-9 items-center justify-center rounded-md text-slate-800 hover:bg-brand-50 disabled:text-slate-400 disabled:hover:bg-transparent"
                        >
                          <Icon aria-hidden="true" className="size-5" />
                        </button>
                      );
                    })}
                  </div>
                  <button
                    type="button"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    onClick={() => remove(tile.key)}
                    className="inline-flex size-9 items-center justify-center rounded-md text-coral-800 hover:bg-coral-50"
                  >
                    <X aria-hidden="true" className="size-5" />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
