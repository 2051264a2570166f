import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageTitle } from "../../components/ui/page-title";
import { ReturnsList } from "../../features/returns/components/returns-list";

function ReturnsPage({ side }: { side: "buyer" | "seller" }) {
  const back =
    side === "buyer"
      ? { to: "/my/purchases", label: "Purchase History" }
      : { to: "/my/selling", label: "Selling" };
  const title = side === "buyer" ? "Your returns and requests" : "Returns and requests";
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title={title} />
      <Link
        to={back.to}
        className="inline-flex items-center gap-1 self-start text-sm font-semibold text-brand-800 underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {back.label}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <ReturnsList side={side} />
    </div>
  );
}

/** /my/returns (signed in only): the buyer's returns and "item not received" requests. */
export function MyReturnsPage() {
  return <ReturnsPage side="buyer" />;
}

/** /my/selling/returns (signed in only): what buyers asked the seller, open ones first. */
export function MySellingReturnsPage() {
  return <ReturnsPage side="seller" />;
}
