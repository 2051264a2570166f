import { useQueryClient } from "@tanstack/react-query";
import { Timer } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { formatMoney, parseMoneyToCents } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { pluralize } from "../../../lib/format";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { listingQueryKey } from "../api/get-listing";
import { formatCountdown, useAuctionCountdown } from "../hooks/use-auction-countdown";
import { BidConfirmDialog } from "./bid-confirm-dialog";

type Auction = NonNullable<ListingDetail["auction"]>;

function BidForm({ listing, auction }: { listing: ListingDetail; auction: Auction }) {
  const requireSignIn = useRequireSignIn();
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireSignIn("bid")) return;
    const cents = parseMoneyToCents(amount);
    if (cents === null) {
      setError("Please enter a valid bid amount");
      return;
    }
    if (cents < auction.minNextBidCents) {
      setError("Please enter a valid bid amount higher than the current bid.");
      return;
    }
    setError(null);
    setConfirming(cents);
  };

  return (
    <form id="bid" onSubmit={submit} className="flex flex-col gap-2">
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
            min={auction.minNextBidCents / 100}
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
          onClick={(event) => {
            // Signed-out visitors get the sign-in prompt, not the browser's field validation.
            if (!requireSignIn("bid")) event.preventDefault();
          }}
        >
          Place Bid
        </Button>
      </div>
      <p id={hintId} className="text-sm text-slate-700">
        Enter {formatMoney(auction.minNextBidCents)} or more
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-coral-800">
          {error}
        </p>
      )}
      <BidConfirmDialog
        open={confirming !== null}
        amountCents={confirming ?? 0}
        listingTitle={listing.title}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          // Placing the bid (POST /api/listings/{id}/bids) arrives with accounts and bidding.
          setConfirming(null);
          setAmount("");
        }}
      />
    </form>
  );
}

/** Current or starting bid, the live countdown, reserve state, Buy It Now and the bid form. */
export function AuctionPanel({ listing, auction }: { listing: ListingDetail; auction: Auction }) {
  const requireSignIn = useRequireSignIn();
  const queryClient = useQueryClient();
  const left = useAuctionCountdown(auction.endsAt);
  const ended = auction.ended || listing.status !== "active" || left.ended;
  const hasBids = auction.currentBidCents !== null;

  // When the clock runs out, ask the server for the settled state (soft close may extend it).
  useEffect(() => {
    if (left.ended && !auction.ended) {
      void queryClient.invalidateQueries({ queryKey: listingQueryKey(listing.id) });
    }
  }, [left.ended, auction.ended, listing.id, queryClient]);

  return (
    <section
      aria-label="Auction"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <p className="text-sm font-medium text-slate-700">
            {hasBids ? "Current Bid" : "Starting bid"}
          </p>
          <p className="text-3xl font-extrabold text-slate-900">
            {formatMoney(auction.currentBidCents ?? auction.startPriceCents)}
          </p>
        </div>
        <p className="text-sm text-slate-700">{pluralize(auction.bidCount, "bid")}</p>
      </div>

      {auction.hasReserve && !auction.reserveMet && (
        <p className="w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
          Reserve not met
        </p>
      )}

      {ended ? (
        <div className="flex flex-col gap-1 rounded-xl bg-slate-100 p-4">
          <p className="text-lg font-bold text-slate-900">Auction Ended</p>
          <p className="text-sm text-slate-700">Auction ended: {formatDateTime(auction.endsAt)}</p>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1 rounded-xl bg-brand-50 p-4">
            <p className="flex items-center gap-2 font-semibold text-brand-900">
              <Timer aria-hidden="true" className="size-5" />
              <span role="timer" aria-label="Time left">
                {formatCountdown(left)}
              </span>
            </p>
            <p className="text-sm text-slate-700">Auction ends: {formatDateTime(auction.endsAt)}</p>
          </div>
          <BidForm listing={listing} auction={auction} />
          {auction.buyItNowPriceCents !== null && (
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                requireSignIn("buy");
              }}
            >
              Buy It Now {formatMoney(auction.buyItNowPriceCents)}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
