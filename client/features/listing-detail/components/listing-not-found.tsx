import { ArrowLeft, PackageX } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { PageTitle } from "../../../components/ui/page-title";
import { useGoBack } from "../../../lib/use-go-back";

/** Unknown id: /listing/:id offers Back to Listings, /product(s)/:id the "Product" variant. */
export function ListingNotFound({ variant }: { variant: "listing" | "product" }) {
  const goBack = useGoBack("/listings");
  const heading = variant === "listing" ? "Listing Not Found" : "Product Not Found";
  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4 py-16">
      <PageTitle title={heading} />
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        <PackageX aria-hidden="true" className="size-14 text-brand-600" />
        <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
        <p className="text-slate-700">
          {variant === "listing"
            ? "The listing you're looking for doesn't exist or has been removed."
            : "The product you're looking for doesn't exist or has been removed."}
        </p>
        {variant === "listing" ? (
          <Link to="/listings" className={buttonClasses("primary", "lg")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Listings
          </Link>
        ) : (
          <button type="button" onClick={goBack} className={buttonClasses("primary", "lg")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Go Back
          </button>
        )}
      </div>
    </div>
  );
}
