import { useParams } from "react-router";
import { EmptyState } from "../../components/ui/empty-state";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useSandboxSession } from "../../features/payments/api/get-sandbox-session";
import { SandboxCheckout } from "../../features/payments/components/sandbox-checkout";
import { isNotFoundError } from "../../lib/api-client";

/** /pay/sandbox/:session: the built-in payment provider's hosted checkout page. */
export function SandboxPayPage() {
  const { session: sessionId = "" } = useParams();
  const session = useSandboxSession(sessionId);

  return (
    <div className="flex flex-col gap-6 px-4 py-8 sm:py-12">
      <PageTitle title="Sandbox payment" />
      {session.isPending ? (
        <Spinner label="Loading payment..." showLabel />
      ) : session.isError ? (
        isNotFoundError(session.error, true) ? (
          <div className="mx-auto w-full max-w-xl">
            <EmptyState
              title="Payment session not found"
              hint="This payment link is not valid. You can check out again from your cart."
            />
          </div>
        ) : (
          <div className="mx-auto w-full max-w-xl">
            <ErrorState
              message="We couldn't load this payment."
              onRetry={() => void session.refetch()}
            />
          </div>
        )
      ) : (
        <SandboxCheckout session={session.data} />
      )}
    </div>
  );
}
