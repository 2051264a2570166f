import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import type { ListingCard } from "../../../../core/contracts/browse";
import { UsdPrice } from "../../../components/ui/usd-price";

/** Small tiles, six to a row on desktop: first image, title and price. */
export function DailyPicks({ listings }: { listings: ListingCard[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {listings.map((listing) => (
        <li key={listing.id}>
          <Link
            to={`/listing/${listing.id}`}
            className="group flex h-full flex-col overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm transition hover:shadow-md"
          >
            {listing.image ? (
              <img
                src={listing.image.thumbUrl || listing.image.url}
                alt={listing.title}
                width={listing.image.width}
                height={listing.image.height}
                loading="lazy"
                decoding="async"
                className="aspect-square w-full bg-sand-100 object-cover"
              />
            ) : (
              <span className="flex aspect-square w-full items-center justify-center bg-sand-100 text-slate-600">
                <ImageOff aria-hidden="true" className="size-8" />
              </span>
            )}
            <span className="flex flex-1 flex-col gap-1 p-3">
              <span className="line-clamp-2 text-sm font-medium text-slate-900 group-hover:underline">
                {listing.title}
              </span>
              <span className="mt-auto font-bold text-slate-900">
                <UsdPrice cents={listing.displayPriceCents} approxClassName="block" />
              </span>
              {listing.kind === "fixed_price" && listing.quantity <= 0 && (
                <span className="text-sm font-semibold text-slate-800">Out of stock</span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
