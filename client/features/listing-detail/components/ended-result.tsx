import { Search } from "lucide-react";
import { Link } from "react-router";
import type { ListingDetail } from "../../../../core/contracts/browse";
import { type ListingResult, listingResult, RESULT_TEXTS } from "../../../../core/listing-result";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { buttonClasses } from "../../../components/ui/button";
import { useViewerIsSeller } from "../hooks/use-viewer-is-seller";
import { OwnerActions } from "./owner-actions";

/** "Sold on ..." or "Ended ...", and the reserve where one was not met. */
export function ResultLines({ result }: { result: ListingResult }) {
  if (result.outcome === "sold")
    return (
      <p className="text-sm text-slate-700">
        {result.winningBid ? "Winning bid" : "Bought with Buy It Now"}
        {result.at ? `, sold ${formatDateTime(result.at)}` : ""}
      </p>
    );
  return (
    <>
      {result.reserveNotMet && (
        <p className="text-sm font-semibold text-slate-900">{RESULT_TEXTS.reserveNotMet}</p>
      )}
      {result.at && <p className="text-sm text-slate-700">Ended {formatDateTime(result.at)}</p>}
    </>
  );
}

/** Where "Find similar items" searches: the listing's subcategory, or its category. */
function similarSearch(listing: ListingDetail) {
  return `/listings?category=${encodeURIComponent(listing.subcategory?.slug ?? listing.category.slug)}`;
}

/**
 * Below an ended listing's result: the seller's Sell similar (and Relist, when it did not sell),
 * a buyer's "Find similar items" (issue 30).
 */
export function EndedActions({ listing }: { listing: ListingDetail }) {
  const isSeller = useViewerIsSeller(listing);
  const result = listingResult(listing);
  if (isSeller)
    return (
      <OwnerActions
        listingId={listing.id}
        canRevise={false}
        canRelist={result?.outcome === "no_sale" && listing.moderation !== "removed"}
      />
    );
  return (
    <Link to={similarSearch(listing)} className={buttonClasses("accent", "lg", "w-full sm:w-auto")}>
      <Search aria-hidden="true" className="size-5" />
      Find similar items
    </Link>
  );
}

/**
 * In place of the buying panel of a fixed-price listing that ended without selling out: how it
 * ended and what can be done next, with no buying controls.
 */
export function EndedResultPanel({ listing }: { listing: ListingDetail }) {
  const result = listingResult(listing);
  return (
    <section
      aria-label="Listing ended"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-col gap-1 rounded-xl bg-slate-100 p-4">
        {result?.outcome === "sold" ? (
          <>
            <p className="text-sm font-medium text-slate-700">{RESULT_TEXTS.soldFor}</p>
            <p className="text-3xl font-extrabold text-slate-900">
              {formatMoney(result.priceCents)}
            </p>
          </>
        ) : (
          <p className="text-lg font-bold text-slate-900">{RESULT_TEXTS.noSale}</p>
        )}
        {result && <ResultLines result={result} />}
      </div>
      <EndedActions listing={listing} />
    </section>
  );
}
