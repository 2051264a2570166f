import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { Offer } from "../../../../core/contracts/offers";
import { formatUsd } from "../../../../core/money";
import { OFFER_MESSAGES, OFFER_RULES } from "../../../../core/offers";
import { Button, buttonClasses } from "../../../components/ui/button";
import { pluralize } from "../../../lib/format";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useSession } from "../../../lib/session";
import { useMyListingOffers } from "../api/get-my-listing-offers";
import { useMakeOffer } from "../api/make-offer";
import { OfferActions } from "./offer-actions";
import { OfferFormDialog } from "./offer-form-dialog";
import { agreedCents, offerAmountText, payableOrderId } from "./offer-text";
import { OfferTimeLeft } from "./offer-time-left";

/** What of the listing the offer box reads. */
export interface OfferableListing {
  id: string;
  title: string;
  priceCents: number;
  /** Units this buyer may take (net of others' holds). */
  quantity: number;
  status: string;
}

/** Where the buyer's latest offer on the listing stands, in their words. */
function LatestOffer({ offer }: { offer: Offer }) {
  const amount = offerAmountText(offer.amountCents, offer.quantity);
  const payOrderId = payableOrderId(offer);
  switch (offer.status) {
    case "pending":
      return (
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-slate-900">Offer sent</p>
          <p className="text-sm text-slate-800">
            Your offer of {amount} is waiting for the seller's answer.
          </p>
          <OfferTimeLeft expiresAt={offer.expiresAt} />
        </div>
      );
    case "countered":
      return (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-slate-900">The seller countered</p>
          <p className="text-sm text-slate-800">
            You offered {amount}; the seller asks{" "}
            <span className="font-semibold">
              {offerAmountText(offer.counterCents ?? offer.amountCents, offer.quantity)}
            </span>
            .
          </p>
          {offer.counterMessage && (
            <p className="text-sm text-slate-800">
              <span className="text-slate-700">The seller: </span>
              <q className="break-words italic">{offer.counterMessage}</q>
            </p>
          )}
          <OfferTimeLeft expiresAt={offer.expiresAt} />
          <OfferActions offer={offer} side="buyer" />
        </div>
      );
    case "accepted":
      return (
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 font-semibold text-emerald-900">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Offer accepted
          </p>
          <p className="text-sm text-slate-800">
            Agreed at{" "}
            <span className="font-semibold">
              {offerAmountText(agreedCents(offer), offer.quantity)}
            </span>
            .{" "}
            {offer.orderStatus === "paid"
              ? "You've paid for it."
              : payOrderId
                ? `Pay within ${OFFER_RULES.payHours} hours to get it.`
                : null}
          </p>
          {payOrderId && (
            <Link
              to={`/checkout?order=${payOrderId}`}
              className={buttonClasses("accent", "md", "self-start")}
            >
              Pay now
            </Link>
          )}
        </div>
      );
    case "declined":
      return (
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-slate-900">Offer declined</p>
          <p className="text-sm text-slate-800">
            Your offer of {amount} was declined.
            {offer.declineMessage && (
              <>
                {" "}
                <q className="break-words italic">{offer.declineMessage}</q>
              </>
            )}
          </p>
        </div>
      );
    case "expired":
      return (
        <p className="text-sm text-slate-800">Your offer of {amount} expired without an answer.</p>
      );
    default:
      return null;
  }
}

/**
 * "Make offer" on a Buy It Now listing that takes offers, and where the buyer's latest offer
 * stands (updated live: offer notifications refresh it, client/features/offers/cache.ts).
 */
export function ListingOfferBox({ listing }: { listing: OfferableListing }) {
  const { user } = useSession();
  const requireSignIn = useRequireSignIn();
  const mine = useMyListingOffers(listing.id, Boolean(user));
  const make = useMakeOffer(listing.id);
  const [open, setOpen] = useState(false);
  const latest = mine.data?.items[0];
  const waiting = latest?.status === "pending" || latest?.status === "countered";
  const offersLeft = mine.data?.offersLeft ?? OFFER_RULES.maxOffersPerBuyer;
  const available = listing.status === "active" && listing.quantity > 0;
  const canOffer = available && !waiting && offersLeft > 0;
  const start = () => setOpen(true);

  return (
    <div className="flex flex-col gap-3 border-t border-sand-200 pt-4">
      <div aria-live="polite" className="flex flex-col gap-3">
        {user && latest && <LatestOffer offer={latest} />}
      </div>
      {canOffer && (
        <div className="flex flex-col gap-1">
          <Button
            variant="outline"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            onClick={() => {
              if (requireSignIn("offer", start)) start();
            }}
          >
            Make offer
          </Button>
          {user && mine.data && offersLeft < OFFER_RULES.maxOffersPerBuyer && (
            <p className="text-sm text-slate-700">
              You can make {pluralize(offersLeft, "more offer")} on this item.
            </p>
          )}
        </div>
      )}
      {user && mine.data && !waiting && offersLeft === 0 && (
        <p className="text-sm text-slate-700">{OFFER_MESSAGES.tooMany}</p>
      )}
      <OfferFormDialog
        open={open}
        title="Make an offer"
        intro={
          <>
            <p className="font-semibold">{listing.title}</p>
            <p>
              Buy It Now price: {formatUsd(listing.priceCents)}. The seller has{" "}
              {OFFER_RULES.answerHours} hours to answer; you can make up to{" "}
              {OFFER_RULES.maxOffersPerBuyer} offers on this item.
            </p>
          </>
        }
        amount={{
          label: listing.quantity > 1 ? "Your offer (each)" : "Your offer",
          hint: `Below ${formatUsd(listing.priceCents)}.`,
        }}
        maxQuantity={listing.quantity}
        submitLabel="Send offer"
        pendingLabel="Sending..."
        pending={make.isPending}
        onCancel={() => setOpen(false)}
        onSubmit={({ amountCents, quantity, message }) =>
          make
            .mutateAsync({ amountCents, quantity, message: message || undefined })
            .then((offer) => {
              setOpen(false);
              // The seller's automatic amounts may have answered already.
              if (offer.status === "accepted") toast.success("Offer accepted");
              else if (offer.status === "declined")
                toast.error(offer.declineMessage ?? "Offer declined");
              else
                toast.success(
                  `Offer sent. The seller has ${OFFER_RULES.answerHours} hours to answer.`,
                );
            })
        }
      />
    </div>
  );
}
