import { useQueryClient } from "@tanstack/react-query";
import { AlertCircle, Timer, Trophy } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { BID_MESSAGES } from "../../../../core/bidding";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { listingResult, priceLabel, RESULT_TEXTS } from "../../../../core/listing-result";
import { formatMoney, formatUsd, parseMoneyToCents } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { ApproxPrice, UsdAmount } from "../../../components/ui/usd-price";
import { ApiError } from "../../../lib/api-client";
import { pluralize } from "../../../lib/format";
import { useLiveAuctions } from "../../../lib/live-auctions";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useSession } from "../../../lib/session";
import { usePlaceBid } from "../api/place-bid";
import { afterAuctionClockRanOut, afterBidRefused } from "../cache";
import {
  formatCountdown,
  useAuctionClockEnded,
  useAuctionCountdown,
} from "../hooks/use-auction-countdown";
import { BidConfirmDialog } from "./bid-confirm-dialog";
import { DoesNotShipNote } from "./does-not-ship-note";
import { EndedActions, ResultLines } from "./ended-result";
import { OwnListingNote } from "./own-listing-note";

type Auction = NonNullable<ListingDetail["auction"]>;

/** The seconds-by-second countdown: the one part of the panel that renders every second. */
function Countdown({ endsAt }: { endsAt: string }) {
  return <>{formatCountdown(useAuctionCountdown(endsAt))}</>;
}

const FALLBACK_FAILURE = "There was an error placing your bid.";

function BidForm({
  listing,
  auction,
  blocked,
}: {
  listing: ListingDetail;
  auction: Auction;
  /** The seller does not ship to the buyer's territory: no bids from there. */
  blocked: boolean;
}) {
  const requireSignIn = useRequireSignIn();
  const queryClient = useQueryClient();
  const placeBid = usePlaceBid(listing.id);
  const { user } = useSession();
  // The leader may raise their maximum by any amount (decision record 0009): the server, which
  // knows their maximum, checks it; the page does not hold them to the next minimum.
  const leading = Boolean(user && auction.leaderId === user.id);
  const [amount, setAmount] = useState("");
  const [maxAmount, setMaxAmount] = useState("");
  const [showMax, setShowMax] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [maxError, setMaxError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ cents: number; maxCents: number | null } | null>(
    null,
  );
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const maxId = useId();
  const maxHintId = useId();
  const maxErrorId = useId();
  const form = useRef<HTMLFormElement>(null);
  // After signing in from the modal, the bid goes on as if Place Bid were pressed again.
  const resume = () => form.current?.requestSubmit();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireSignIn("bid", resume)) return;
    const cents = parseMoneyToCents(amount);
    if (cents === null) {
      setError(BID_MESSAGES.invalid);
      return;
    }
    if (cents < auction.minNextBidCents && !leading) {
      setError(BID_MESSAGES.tooLow);
      return;
    }
    setError(null);
    let maxCents: number | null = null;
    if (showMax && maxAmount.trim() !== "") {
      maxCents = parseMoneyToCents(maxAmount);
      if (maxCents === null) {
        setMaxError(BID_MESSAGES.invalid);
        return;
      }
      if (maxCents < cents) {
        setMaxError(BID_MESSAGES.maxBelowAmount);
        return;
      }
    }
    setMaxError(null);
    setConfirming({ cents, maxCents });
  };

  const confirm = () => {
    if (!confirming) return;
    placeBid.mutate(
      { amountCents: confirming.cents, maxAmountCents: confirming.maxCents },
      {
        onSuccess: (result) => {
          if (result.leading) toast.success(result.message);
          else toast.warning(result.message);
          setAmount("");
          setMaxAmount("");
        },
        onError: (failure) => {
          if (failure instanceof ApiError) {
            toast.error(failure.message || "Failed to place bid");
            const fields = failure.fields ?? {};
            if (fields.amountCents) setError(fields.amountCents);
            if (fields.maxAmountCents) setMaxError(fields.maxAmountCents);
          } else {
            toast.error(FALLBACK_FAILURE);
          }
          // The auction moved on (a higher bid, or it ended): show the server's state.
          void afterBidRefused(queryClient, listing.id);
        },
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <form ref={form} id="bid" onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
        Your bid
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <span
            aria-hidden="true"
            className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-700"
          >
            $
          </span>
          <input
            id={inputId}
            name="amount"
            type="number"
            inputMode="decimal"
            min={leading ? undefined : auction.minNextBidCents / 100}
            step={0.01}
            required
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="h-12 w-full rounded-lg border border-slate-400 bg-white pr-3 pl-7 text-base text-slate-900"
          />
        </div>
        <Button
          type="submit"
          variant="accent"
          size="lg"
          disabled={placeBid.isPending || blocked}
          onClick={(event) => {
            // Signed-out visitors get the sign-in prompt, not the browser's field validation.
            if (!requireSignIn("bid", resume)) event.preventDefault();
          }}
        >
          Place Bid
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-700">
        {leading
          ? "You're the highest bidder. To raise your maximum, enter an amount above it."
          : `Enter ${formatMoney(auction.minNextBidCents)} or more`}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-coral-800">
          {error}
        </p>
      )}
      {showMax ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={maxId} className="text-sm font-semibold text-slate-900">
            Max bid (optional)
          </label>
          <div className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1/2 left-3 -translate-y-1/2 text-slate-700"
            >
              $
            </span>
            <input
              id={maxId}
              name="maxAmount"
              type="number"
              inputMode="decimal"
              step={0.01}
              value={maxAmount}
              onChange={(event) => setMaxAmount(event.target.value)}
              aria-invalid={maxError ? true : undefined}
              aria-describedby={maxError ? `${maxHintId} ${maxErrorId}` : maxHintId}
              className="h-11 w-full rounded-lg border border-slate-400 bg-white pr-3 pl-7 text-base text-slate-900"
            />
          </div>
          <p id={maxHintId} className="text-sm text-slate-700">
            We bid for you, only as much as needed to keep you in the lead, up to your maximum.
          </p>
          {maxError && (
            <p id={maxErrorId} role="alert" className="text-sm font-medium text-coral-800">
              {maxError}
            </p>
          )}
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setShowMax(true)}
          className="w-fit text-sm font-medium text-brand-800 underline hover:text-brand-900"
        >
          Set a maximum bid
        </button>
      )}
      <BidConfirmDialog
        open={confirming !== null}
        amountCents={confirming?.cents ?? 0}
        maxAmountCents={confirming?.maxCents ?? null}
        listingTitle={listing.title}
        pending={placeBid.isPending}
        onCancel={() => {
          if (!placeBid.isPending) setConfirming(null);
        }}
        onConfirm={confirm}
      />
    </form>
  );
}

/** The viewer's own standing on this auction, while it is open. */
function Standing({ leading, outbid }: { leading: boolean; outbid: boolean }) {
  if (leading) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-900"
      >
        <Trophy aria-hidden="true" className="size-5" />
        You're the highest bidder
      </p>
    );
  }
  if (outbid) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 font-semibold text-amber-900"
      >
        <AlertCircle aria-hidden="true" className="size-5" />
        You've been outbid
      </p>
    );
  }
  return null;
}

/** Current or starting bid, the live countdown, reserve state, Buy It Now and the bid form. */
/**
 * What the ended auction means for the person looking, once it is settled (the listing is sold
 * or ended): the winner is sent to pay, a bidder who lost and the seller are told how it went.
 */
function EndedOutcome({
  listing,
  auction,
  leading,
  isSeller,
}: {
  listing: ListingDetail;
  auction: Auction;
  leading: boolean;
  isSeller: boolean;
}) {
  const sold = listing.status === "sold";
  const unsold = listing.status === "ended";
  // A sale with no bids was a Buy It Now purchase: no winning bid to quote.
  const price = auction.currentBidCents === null ? null : formatMoney(auction.currentBidCents);
  // Settlement sells to a leader who met the reserve (or had none to meet), so an unsold auction
  // with such a leader can only have been ended by a moderator's removal (it stays ended if
  // restored).
  const cancelled =
    unsold && auction.leaderId !== null && (!auction.hasReserve || auction.reserveMet);
  let text: string | null = null;
  if (leading && sold && price) text = `You won this auction for ${price}.`;
  else if (cancelled && (leading || listing.viewer?.hasBid || isSeller))
    text = "This auction was removed by a moderator and ended without a winner.";
  else if (leading && unsold) text = "The reserve price was not met, so the item did not sell.";
  else if (listing.viewer?.hasBid && (sold || unsold)) text = "You did not win this auction.";
  else if (isSeller && sold)
    text = price ? `Your item sold for ${price}.` : "Your item sold through Buy It Now.";
  else if (isSeller && unsold) text = "Your item did not sell.";
  if (!text) return null;
  return (
    <>
      <p role="status" className="text-sm font-semibold text-slate-900">
        {text}
      </p>
      {leading && sold && (
        <Link
          to="/my/purchases"
          className="w-fit text-sm font-semibold text-brand-800 underline hover:text-brand-900"
        >
          Go to Purchase History
        </Link>
      )}
    </>
  );
}

export function AuctionPanel({
  listing,
  auction,
  onShowBids,
  notShippedTo = null,
}: {
  listing: ListingDetail;
  auction: Auction;
  /** The buyer's territory when the seller does not ship there: no bidding or buying from there. */
  notShippedTo?: string | null;
  /** Opens the whole bid history ("N bids", as on eBay). */
  onShowBids?: () => void;
}) {
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const clockEnded = useAuctionClockEnded(auction.endsAt);
  const ended = auction.ended || listing.status !== "active" || clockEnded;
  const isSeller = Boolean(listing.viewer?.isSeller || (user && listing.seller.id === user.id));
  const leading = Boolean(user && auction.leaderId === user.id);
  const outbid = Boolean(listing.viewer?.hasBid) && !leading;
  // How it ended, once settled (issue 30); null while on sale or being settled.
  const result = ended ? listingResult(listing) : null;
  const shownCents =
    result?.outcome === "sold"
      ? result.priceCents
      : (auction.currentBidCents ?? auction.startPriceCents);

  // Live bids from other people: write them into this page's query, newest state wins.
  // (Safe to run twice should the live connection also apply it: stale or repeated updates do nothing.)
  // Live bids and settlement are written into this page's queries by the live connection.
  useLiveAuctions([listing.id]);

  // When the clock runs out, ask the server for the settled state (soft close may extend it).
  useEffect(() => {
    if (clockEnded && !auction.ended) void afterAuctionClockRanOut(queryClient, listing.id);
  }, [clockEnded, auction.ended, listing.id, queryClient]);

  return (
    <section
      aria-label="Auction"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm font-medium text-slate-700">
            {/* Over, it says how it ended ("Sold for", "Ended: no sale"): never "Current Bid". */}
            {priceLabel(
              {
                ...listing,
                status: ended && listing.status === "active" ? "ended" : listing.status,
              },
              result,
              {
                currentBid: "Current Bid",
                startingBid: "Starting bid",
                price: "Price",
              },
            )}
          </p>
          <p className="text-3xl font-extrabold text-slate-900">
            <UsdAmount cents={shownCents} />
          </p>
          <ApproxPrice cents={shownCents} className="text-sm" />
        </div>
        {onShowBids && auction.bidCount > 0 ? (
          <button
            type="button"
            onClick={onShowBids}
            aria-haspopup="dialog"
            className="text-sm font-medium text-brand-800 underline hover:text-brand-900"
          >
            {pluralize(auction.bidCount, "bid")}
          </button>
        ) : (
          <p className="text-sm text-slate-700">{pluralize(auction.bidCount, "bid")}</p>
        )}
      </div>

      {!ended && auction.hasReserve && !auction.reserveMet && (
        <p className="w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
          Reserve not met
        </p>
      )}

      {ended ? (
        <>
          <div className="flex flex-col gap-1 rounded-xl bg-slate-100 p-4">
            <p className="text-lg font-bold text-slate-900">Auction Ended</p>
            {result?.outcome === "sold" && <ResultLines result={result} />}
            {result?.outcome === "no_sale" && result.reserveNotMet && (
              <p className="text-sm font-semibold text-slate-900">{RESULT_TEXTS.reserveNotMet}</p>
            )}
            <p className="text-sm text-slate-700">
              Auction ended: {formatDateTime(auction.endsAt)}
            </p>
            <EndedOutcome
              listing={listing}
              auction={auction}
              leading={leading}
              isSeller={isSeller}
            />
          </div>
          {/* The seller's Sell similar and Relist, a buyer's "Find similar items" (issue 30). */}
          {result && <EndedActions listing={listing} />}
        </>
      ) : (
        <>
          <div className="flex flex-col gap-1 rounded-xl bg-brand-50 p-4">
            <p className="flex items-center gap-2 font-semibold text-brand-900">
              <Timer aria-hidden="true" className="size-5" />
              <span role="timer" aria-label="Time left">
                <Countdown endsAt={auction.endsAt} />
              </span>
            </p>
            <p className="text-sm text-slate-700">Auction ends: {formatDateTime(auction.endsAt)}</p>
          </div>
          {isSeller ? (
            <OwnListingNote listingId={listing.id} canEdit={listing.status !== "sold"} />
          ) : (
            <>
              <Standing leading={leading} outbid={outbid} />
              {notShippedTo && <DoesNotShipNote territory={notShippedTo} />}
              <BidForm listing={listing} auction={auction} blocked={Boolean(notShippedTo)} />
            </>
          )}
          {!isSeller && auction.buyItNowPriceCents !== null && (
            <Button
              variant="outline"
              size="lg"
              disabled={Boolean(notShippedTo)}
              onClick={() => {
                // Until the first bid the lot can be bought outright, through the same checkout.
                const buyNow = () => navigate(`/checkout?listing=${listing.id}&quantity=1`);
                if (requireSignIn("buy", buyNow)) buyNow();
              }}
            >
              Buy It Now {formatUsd(auction.buyItNowPriceCents)}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
