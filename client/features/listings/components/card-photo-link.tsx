import { Link } from "react-router";
import type { ListingImage as ListingImageData } from "../../../../core/contracts/browse";
import { ListingImage } from "./listing-image";

/**
 * A card's photo, linking where the title links. It is hidden from assistive technology and the
 * tab order because the title link already goes there; two stops for one target are noise.
 */
export function CardPhotoLink({
  to,
  image,
  title,
  className,
  imageClassName,
  priority,
}: {
  to: string;
  image: ListingImageData | null;
  title: string;
  className?: string;
  imageClassName?: string;
  /** The grid's first picture: fetched at once, ahead of the rest. */
  priority?: boolean;
}) {
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className={className}>
      <ListingImage image={image} alt={title} className={imageClassName} priority={priority} />
    </Link>
  );
}
