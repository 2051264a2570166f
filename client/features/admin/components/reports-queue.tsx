import { Link, useSearchParams } from "react-router";
import { REPORT_STATUSES, type ReportStatus } from "../../../../core/contracts/admin";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { isNotFoundError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useReport, useReports } from "../api/get-reports";
import { AdminPage } from "./admin-ui";
import { ReportCard } from "./report-card";

const TAB_LABELS: Record<ReportStatus, string> = {
  open: "Open",
  assigned: "Assigned",
  resolved: "Resolved",
};

const EMPTY: Record<ReportStatus, string> = {
  open: "No open reports. Nice and quiet.",
  assigned: "No reports are assigned right now.",
  resolved: "No resolved reports yet.",
};

function readStatus(params: URLSearchParams): ReportStatus {
  const status = params.get("status");
  return REPORT_STATUSES.find((s) => s === status) ?? "open";
}

function readPage(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /admin/reports: the queue, a tab per status (open oldest first, resolved newest first). */
export function ReportsQueue() {
  const [params] = useSearchParams();
  const status = readStatus(params);
  const page = readPage(params);
  const reports = useReports({ status, page });

  return (
    <AdminPage
      title="Reports"
      intro="What users reported: listings, stores and conversations. Assign one to yourself, then act on it with a reason."
    >
      <nav aria-label="Report status" className="border-b border-sand-300">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {REPORT_STATUSES.map((tab) => (
            <li key={tab} className="shrink-0">
              <Link
                to={tab === "open" ? "/admin/reports" : `/admin/reports?status=${tab}`}
                aria-current={tab === status ? "page" : undefined}
                className={cn(
                  "inline-flex h-11 items-center border-b-4 px-4 text-sm font-semibold",
                  tab === status
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-700 hover:border-sand-300 hover:text-slate-900",
                )}
              >
                {TAB_LABELS[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {reports.isPending ? (
        <Spinner label="Loading reports..." showLabel />
      ) : reports.isError ? (
        <ErrorState
          message="We couldn't load the reports."
          onRetry={() => void reports.refetch()}
        />
      ) : reports.data.items.length === 0 ? (
        <EmptyState title={EMPTY[status]} />
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {reports.data.total} {TAB_LABELS[status].toLowerCase()}{" "}
            {reports.data.total === 1 ? "report" : "reports"}
          </p>
          <ul
            aria-label={`${TAB_LABELS[status]} reports`}
            className={cn("flex flex-col gap-4", reports.isPlaceholderData && "opacity-60")}
          >
            {reports.data.items.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} />
              </li>
            ))}
          </ul>
          <Pagination
            page={reports.data.page}
            pageSize={reports.data.pageSize}
            total={reports.data.total}
          />
        </>
      )}
    </AdminPage>
  );
}

/** /admin/reports/:id: one report, e.g. from a user's page or the audit log. */
export function ReportDetail({ id }: { id: string }) {
  const report = useReport(id);
  return (
    <AdminPage title="Report">
      <Link to="/admin/reports" className="text-sm font-semibold text-brand-800 hover:underline">
        Back to the queue
      </Link>
      {report.isPending ? (
        <Spinner label="Loading report..." showLabel />
      ) : report.isError ? (
        isNotFoundError(report.error, true) ? (
          <EmptyState title="There is no such report." />
        ) : (
          <ErrorState
            message="We couldn't load the report."
            onRetry={() => void report.refetch()}
          />
        )
      ) : (
        <ReportCard report={report.data} />
      )}
    </AdminPage>
  );
}
