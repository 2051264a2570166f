import { HandCoins } from "lucide-react";
import { Link } from "react-router";
import type { Offer } from "../../../../core/contracts/offers";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { buttonClasses } from "../../../components/ui/button";
import { ItemHead, ItemRow } from "../../../components/ui/item-row";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { OfferActions } from "./offer-actions";
import {
  agreedCents,
  type OfferRole,
  offerAmountText,
  offerStatusPill,
  payableOrderId,
} from "./offer-text";
import { OfferTimeLeft } from "./offer-time-left";

function Quote({ who, text }: { who: string; text: string }) {
  return (
    <p className="text-sm text-slate-800">
      <span className="text-slate-700">{who}: </span>
      <q className="break-words italic">{text}</q>
    </p>
  );
}

function OfferRow({ offer, side: role }: { offer: Offer; side: OfferRole }) {
  const href = `/listing/${offer.listing.id}`;
  const payOrderId = role === "buyer" ? payableOrderId(offer) : null;
  const buyerWords = role === "buyer" ? "Your offer" : `${offer.buyer.username} offered`;
  return (
    <ItemRow
      thumbnail={
        <Thumbnail
          src={offer.listing.image?.thumbUrl}
          size="lg"
          href={href}
          width={offer.listing.image?.width}
          height={offer.listing.image?.height}
          lazy
        />
      }
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ItemHead href={href} title={offer.listing.title} status={offerStatusPill(offer, role)} />
        <p className="text-sm text-slate-800">
          {buyerWords}:{" "}
          <span className="font-semibold">
            {offerAmountText(offer.amountCents, offer.quantity)}
          </span>
          <span className="text-slate-700"> (price {formatMoney(offer.listing.priceCents)})</span>
        </p>
        {offer.message && (
          <Quote who={role === "buyer" ? "You wrote" : offer.buyer.username} text={offer.message} />
        )}
        {offer.counterCents !== null && (
          <p className="text-sm text-slate-800">
            {role === "seller" ? "Your counteroffer" : "Seller's counteroffer"}:{" "}
            <span className="font-semibold">
              {offerAmountText(offer.counterCents, offer.quantity)}
            </span>
          </p>
        )}
        {offer.counterMessage && (
          <Quote who={role === "seller" ? "You wrote" : "The seller"} text={offer.counterMessage} />
        )}
        {offer.status === "declined" && offer.declineMessage && (
          <p className="text-sm text-slate-800">{offer.declineMessage}</p>
        )}
        {offer.status === "accepted" && (
          <p className="text-sm text-slate-800">
            Agreed at{" "}
            <span className="font-semibold">
              {offerAmountText(agreedCents(offer), offer.quantity)}
            </span>
            {role === "seller" && offer.orderStatus === "pending" && " · waiting for payment"}
          </p>
        )}
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
          <span>Made {formatDateTime(offer.createdAt)}</span>
          {role === "buyer" && <span>Seller: {offer.seller.username}</span>}
          {offer.awaiting && <OfferTimeLeft expiresAt={offer.expiresAt} />}
        </p>
        <div className="mt-1">
          <OfferActions offer={offer} side={role} />
        </div>
        {payOrderId && (
          <Link
            to={`/checkout?order=${payOrderId}`}
            aria-label={`Pay now for ${offer.listing.title}`}
            className={buttonClasses("accent", "sm", "mt-1 self-start")}
          >
            Pay now
          </Link>
        )}
      </div>
    </ItemRow>
  );
}

/** Offers with their state and, for the side an open one waits for, its answers. */
export function OfferList({
  offers,
  side: role,
  label,
}: {
  offers: Offer[];
  side: OfferRole;
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {offers.map((offer) => (
        <OfferRow key={offer.id} offer={offer} side={role} />
      ))}
    </ul>
  );
}

/** No offers yet, in the words of the side that reads it. */
export function OffersEmpty({ side: role }: { side: OfferRole }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <HandCoins aria-hidden="true" className="size-10 text-brand-600" />
      <p className="text-lg font-semibold text-slate-900">
        {role === "buyer" ? "You haven't made any offers yet" : "No offers yet"}
      </p>
      <p className="text-slate-700">
        {role === "buyer"
          ? 'Look for "or Best Offer" on a listing to name your price.'
          : "Buyers' offers on your listings that accept them show here."}
      </p>
      {role === "buyer" && (
        <Link to="/listings?acceptsOffers=true" className={buttonClasses("outline", "md")}>
          Browse items that accept offers
        </Link>
      )}
    </div>
  );
}
