import { Link } from "react-router";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { useMyReturns } from "../api/returns";
import { RequestCard } from "./request-card";

/**
 * The buyer's returns and requests (/my/returns), or those buyers made to the seller
 * (/my/selling/returns): open ones first, each linking to its order page.
 */
export function ReturnsList({ side }: { side: "buyer" | "seller" }) {
  const query = useMyReturns(side);
  if (query.isPending) return <Spinner label="Loading returns..." showLabel />;
  if (query.isError)
    return (
      <ErrorState message="We couldn't load your returns." onRetry={() => void query.refetch()} />
    );
  if (query.data.items.length === 0)
    return (
      <EmptyState
        title="No returns or requests"
        hint={
          side === "buyer"
            ? "Returns and missing-item requests you open from an order page show here."
            : "When a buyer asks to return an item or says it has not arrived, it shows here."
        }
      />
    );
  return (
    <ul className="flex flex-col gap-3">
      {query.data.items.map((r) => (
        <li key={r.id} className="flex flex-col gap-1">
          <Link
            to={`/orders/${r.orderId}`}
            className="text-sm font-semibold text-brand-800 underline"
          >
            Order #{r.number}: {r.items.map((i) => i.title).join(", ")}
          </Link>
          <RequestCard r={r} viewer={side} />
        </li>
      ))}
    </ul>
  );
}
