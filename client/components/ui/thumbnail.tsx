import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import { cn } from "../../lib/cn";

const SIZES = {
  sm: { box: "size-14", icon: "size-5", px: 56 },
  md: { box: "size-16", icon: "size-5", px: 64 },
  lg: { box: "size-20 sm:size-24", icon: "size-6", px: 96 },
} as const;

/**
 * A listing's picture at the start of a row, or a placeholder when it has none. With `href` it is
 * also a link to the listing, kept out of the tab order and the accessibility tree because the
 * row's title already links there.
 */
export function Thumbnail({
  src,
  size,
  href,
  width,
  height,
  lazy = false,
  imageClassName,
}: {
  src: string | null | undefined;
  size: keyof typeof SIZES;
  href?: string;
  /** The image's own dimensions, when known; otherwise the box's. */
  width?: number;
  height?: number;
  lazy?: boolean;
  imageClassName?: string;
}) {
  const { box, icon, px } = SIZES[size];
  const picture = src ? (
    <img
      src={src}
      alt=""
      width={width ?? px}
      height={height ?? px}
      loading={lazy ? "lazy" : undefined}
      className={cn(
        box,
        "rounded-lg bg-sand-100 object-cover",
        !href && "shrink-0",
        imageClassName,
      )}
    />
  ) : (
    <span
      className={cn(
        box,
        "flex items-center justify-center rounded-lg bg-sand-100 text-slate-600",
        !href && "shrink-0",
      )}
    >
      <ImageOff aria-hidden="true" className={icon} />
    </span>
  );
  if (!href) return picture;
  return (
    <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
      {picture}
    </Link>
  );
}
