import { RefreshCw } from "lucide-react";
import { NotFoundScreen } from "../../components/not-found-screen";
import { Button } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { Spinner } from "../../components/ui/spinner";
import { useOutbox } from "../../features/dev-outbox/api/get-outbox";
import { OutboxList } from "../../features/dev-outbox/components/outbox-list";
import { isNotFoundError } from "../../lib/api-client";

/** /dev/outbox: the local outbox for developers; where the API has none (production), a 404. */
export function DevOutboxPage() {
  const outbox = useOutbox();
  if (outbox.isPending) return <Spinner label="Loading emails..." showLabel />;
  if (outbox.isError && isNotFoundError(outbox.error)) return <NotFoundScreen />;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Dev outbox" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Dev outbox</h1>
          <p className="text-slate-700">
            Emails the app sent without an SMTP server. Follow a link to confirm an account or reset
            a password.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {outbox.isFetching ? "Refreshing..." : "Refresh"}
        </Button>
      </div>
      {outbox.isError ? (
        <ErrorState message="We couldn't load the outbox." onRetry={() => void outbox.refetch()} />
      ) : (
        <OutboxList emails={outbox.data.items} />
      )}
    </div>
  );
}
