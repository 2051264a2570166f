import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { linkedOrderId } from "../../../core/order-links";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { CancellationRequests } from "../../features/cancellations/components/cancellation-requests";
import { SalesList } from "../../features/sales/components/sales-list";
import { PayoutSetupNotice } from "../../features/seller-payments/components/payout-setup-notice";
import { useMyListings } from "../../features/selling/api/get-my-listings";
import {
  DownloadListingsLink,
  ListingUploadPanel,
  ListingUploadToggle,
} from "../../features/selling/components/listing-upload";
import {
  ListAnItemLink,
  MyListings,
  MyListingsEmpty,
} from "../../features/selling/components/my-listings";
import { saleExtras } from "./order-slots";

/** /my/selling (signed in only): the seller's own listings. */
export function MySellingPage() {
  const listings = useMyListings();
  const [searchParams] = useSearchParams();
  const [uploading, setUploading] = useState(false);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Selling" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Selling</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/my/selling/offers" className="text-sm font-semibold text-brand-700 underline">
            Offers
          </Link>
          <Link to="/my/selling/returns" className="text-sm font-semibold text-brand-700 underline">
            Returns
          </Link>
          <Link to="/my/payments" className="text-sm font-semibold text-brand-700 underline">
            Payments and payouts
          </Link>
          <DownloadListingsLink />
          <ListingUploadToggle open={uploading} onOpen={() => setUploading(true)} />
          <ListAnItemLink />
        </div>
      </div>
      {uploading && <ListingUploadPanel onClose={() => setUploading(false)} />}
      <PayoutSetupNotice />
      {listings.isPending ? (
        <Spinner label="Loading your listings..." showLabel />
      ) : listings.isError ? (
        <ErrorState
          message="We couldn't load your listings."
          onRetry={() => void listings.refetch()}
        />
      ) : listings.data.items.length === 0 ? (
        <MyListingsEmpty />
      ) : (
        <MyListings listings={listings.data.items} />
      )}
      <CancellationRequests />
      <SalesList linkedOrderId={linkedOrderId(searchParams)} extras={saleExtras} />
    </div>
  );
}
