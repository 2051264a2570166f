import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SellerSummary } from "../../../../core/contracts/browse";
import { formatRating, pluralize } from "../../../lib/format";

/**
 * The seller's name, picture and rating. `contact` and `follow` are the Contact and Follow
 * buttons, which the page wires in from messages and watching (and leaves out on the viewer's
 * own listing).
 */
export function SellerCard({
  seller,
  contact,
  follow,
}: {
  seller: SellerSummary;
  contact?: ReactNode;
  follow?: ReactNode;
}) {
  const name = seller.username || "Unknown";
  return (
    <section
      aria-labelledby="seller-card"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="seller-card" className="text-lg font-semibold text-slate-900">
        About the seller
      </h2>
      <div className="flex items-center gap-4">
        {seller.avatarUrl ? (
          <img
            src={seller.avatarUrl}
            alt={`${name}'s avatar`}
            width={56}
            height={56}
            loading="lazy"
            className="size-14 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white uppercase"
          >
            {name.charAt(0)}
          </span>
        )}
        <div className="flex flex-col gap-1">
          <Link to={`/store/${seller.id}`} className="font-semibold text-brand-800 hover:underline">
            {name}
          </Link>
          <p className="flex items-center gap-1 text-sm text-slate-700">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
            <span className="sr-only">Rating:</span>
            <span className="font-semibold text-slate-900">{formatRating(seller.rating)}</span>
            {seller.rating !== null && <span>({pluralize(seller.ratingCount, "rating")})</span>}
          </p>
        </div>
      </div>
      {(contact || follow) && (
        <div className="flex flex-wrap gap-2 [&>*]:flex-1">
          {follow}
          {contact}
        </div>
      )}
    </section>
  );
}
