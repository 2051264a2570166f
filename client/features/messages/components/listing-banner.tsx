import { Link } from "react-router";
import type { Conversation } from "../../../../core/contracts/messages";
import { formatMoney } from "../../../../core/money";
import { Thumbnail } from "../../../components/ui/thumbnail";

/** What the conversation is about, at the top of the chat: picture, title, price, a link to it. */
export function ListingBanner({ listing }: { listing: NonNullable<Conversation["listing"]> }) {
  const href = `/listing/${listing.id}`;
  return (
    <div className="flex items-center gap-3 border-b border-sand-200 bg-sand-100 px-4 py-2">
      <Thumbnail src={listing.thumbUrl} size="sm" href={href} lazy />
      <div className="min-w-0 text-sm">
        <p className="text-xs text-slate-700">About this listing</p>
        <Link
          to={href}
          className="block truncate font-semibold text-slate-900 hover:text-brand-800 hover:underline"
        >
          {listing.title}
        </Link>
        <p className="font-semibold text-slate-900">{formatMoney(listing.priceCents)}</p>
      </div>
    </div>
  );
}
