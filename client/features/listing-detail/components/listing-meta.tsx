import type { ListingDetail } from "../../../../core/contracts/browse";
import { absoluteUrl } from "../../../lib/format";

/** Title and Open Graph tags for sharing; React 19 hoists them into <head>. */
export function ListingMeta({ listing }: { listing: ListingDetail }) {
  const description = listing.description.replace(/\s+/g, " ").trim().slice(0, 200);
  const image = listing.images[0];
  const price = (listing.auction?.currentBidCents ?? listing.priceCents) / 100;
  return (
    <>
      <title>{`${listing.title} | Tradewinds`}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={listing.title} />
      <meta property="og:description" content={description} />
      {image && <meta property="og:image" content={absoluteUrl(image.url)} />}
      <meta property="og:url" content={window.location.href} />
      <meta property="og:type" content="product" />
      <meta property="og:site_name" content="Tradewinds" />
      <meta property="product:price:amount" content={price.toFixed(2)} />
      <meta property="product:price:currency" content="USD" />
    </>
  );
}
