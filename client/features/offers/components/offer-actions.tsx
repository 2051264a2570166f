import { useState } from "react";
import { toast } from "sonner";
import type { Offer } from "../../../../core/contracts/offers";
import { formatMoney } from "../../../../core/money";
import { OFFER_RULES } from "../../../../core/offers";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { type OfferAnswer, useAnswerOffer } from "../api/answer-offer";
import { OfferFormDialog } from "./offer-form-dialog";
import { type OfferRole, offerAmountText } from "./offer-text";

const DONE: Record<OfferAnswer["action"], string> = {
  accept: "Offer accepted",
  decline: "Offer declined",
  counter: "Counteroffer sent",
};

/**
 * Accept, Decline and Counter for the side an open offer waits for: the seller answers a buyer's
 * offer, the buyer the seller's counter (a buyer's counter is a new offer of their three).
 */
export function OfferActions({ offer, side: role }: { offer: Offer; side: OfferRole }) {
  const answer = useAnswerOffer();
  const [open, setOpen] = useState<OfferAnswer["action"] | null>(null);
  if (offer.awaiting !== role) return null;

  const seller = role === "seller";
  // What the one answering agrees to: the buyer's offer, or the seller's counter.
  const onTable = seller ? offer.amountCents : (offer.counterCents ?? offer.amountCents);
  const what = `${offerAmountText(onTable, offer.quantity)} for ${offer.listing.title}`;
  const send = (action: OfferAnswer) =>
    answer.mutateAsync({ offerId: offer.id, answer: action }).then((result) => {
      setOpen(null);
      toast.success(
        action.action === "accept" && seller
          ? `Offer accepted. ${offer.buyer.username} has ${OFFER_RULES.payHours} hours to pay.`
          : DONE[action.action],
      );
      return result;
    });

  const accept = () =>
    send({ action: "accept" }).catch((error: unknown) => {
      setOpen(null);
      toast.error(error instanceof ApiError ? error.message : "The offer couldn't be accepted.");
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="accent"
        size="sm"
        onClick={() => setOpen("accept")}
        aria-label={`Accept ${what}`}
      >
        Accept
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen("counter")}
        aria-label={`Counter ${what}`}
      >
        Counter
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen("decline")}
        aria-label={`Decline ${what}`}
      >
        Decline
      </Button>
      <ConfirmDialog
        open={open === "accept"}
        title={seller ? "Accept this offer?" : "Accept the counteroffer?"}
        confirmLabel="Accept"
        pendingLabel="Accepting..."
        confirmVariant="accent"
        pending={answer.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => void accept()}
      >
        {seller
          ? `You sell ${what} to ${offer.buyer.username}, who then has ${OFFER_RULES.payHours} hours to pay.`
          : `You buy ${what}. You then have ${OFFER_RULES.payHours} hours to pay.`}
      </ConfirmDialog>
      <OfferFormDialog
        open={open === "counter"}
        title={seller ? "Counter the offer" : "Counter the seller"}
        intro={
          seller
            ? `${offer.buyer.username} offered ${offerAmountText(offer.amountCents, offer.quantity)}.`
            : `The seller asks ${offerAmountText(onTable, offer.quantity)}. Your counter is a new offer.`
        }
        amount={{
          label: offer.quantity > 1 ? "Your counteroffer (each)" : "Your counteroffer",
          hint: seller
            ? `Above ${formatMoney(offer.amountCents)} and below your price of ${formatMoney(offer.listing.priceCents)}.`
            : `Below ${formatMoney(onTable)}.`,
        }}
        submitLabel="Send counteroffer"
        pendingLabel="Sending..."
        pending={answer.isPending}
        onCancel={() => setOpen(null)}
        onSubmit={({ amountCents, message }) =>
          send({ action: "counter", amountCents, message: message || undefined })
        }
      />
      <OfferFormDialog
        open={open === "decline"}
        title={seller ? "Decline the offer" : "Decline the counteroffer"}
        intro={
          seller
            ? `${offer.buyer.username} will see that you declined, with your message if you write one.`
            : "The seller will see that you declined, with your message if you write one."
        }
        submitLabel="Decline"
        pendingLabel="Declining..."
        submitVariant="primary"
        pending={answer.isPending}
        onCancel={() => setOpen(null)}
        onSubmit={({ message }) => send({ action: "decline", message: message || undefined })}
      />
    </div>
  );
}
