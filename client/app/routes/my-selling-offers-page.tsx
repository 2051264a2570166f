import { ArrowLeft } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Pagination } from "../../components/ui/pagination";
import { Spinner } from "../../components/ui/spinner";
import { useOffers } from "../../features/offers/api/get-offers";
import { OfferList, OffersEmpty } from "../../features/offers/components/offer-list";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /my/selling/offers (signed in only): the offers buyers made on the seller's listings, open ones
 * first, with Accept, Decline and Counter; `?listing=` narrows it to one listing (the link in an
 * offer's notification and on Selling's listing rows).
 */
export function MySellingOffersPage() {
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get("page"));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const listingParam = searchParams.get("listing") ?? "";
  const listingId = UUID.test(listingParam) ? listingParam : undefined;
  const offers = useOffers({ role: "seller", listingId, page });
  const listingTitle = listingId ? offers.data?.items[0]?.listing.title : undefined;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Offers" />
      <div className="flex flex-col gap-2">
        <Link
          to="/my/selling"
          className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-800 underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Selling
        </Link>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Offers</h1>
        {listingId && (
          <p className="text-slate-800">
            {listingTitle ? (
              <>
                On <span className="font-semibold">{listingTitle}</span>.{" "}
              </>
            ) : null}
            <Link to="/my/selling/offers" className="font-semibold text-brand-800 underline">
              See offers on all your listings
            </Link>
          </p>
        )}
      </div>
      {offers.isPending ? (
        <Spinner label="Loading offers..." showLabel />
      ) : offers.isError ? (
        <ErrorState message="We couldn't load your offers." onRetry={() => void offers.refetch()} />
      ) : offers.data.items.length === 0 ? (
        <OffersEmpty side="seller" />
      ) : (
        <>
          <OfferList offers={offers.data.items} side="seller" label="Offers on your listings" />
          <Pagination
            page={offers.data.page}
            pageSize={offers.data.pageSize}
            total={offers.data.total}
          />
        </>
      )}
    </div>
  );
}
