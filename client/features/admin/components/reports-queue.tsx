import { Link, useSearchParams } from "react-router";
import { REPORT_STATUSES, type ReportStatus } from "../../../../core/contracts/admin";
import { Pagination } from "../../../components/ui/pagination";
import { cn } from "../../../lib/cn";
import { useReport, useReports } from "../api/get-reports";
import { AdminPage, QueryView } from "./admin-ui";
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
      <QueryView
        query={reports}
        loading="Loading reports..."
        failure="We couldn't load the reports."
        empty={{ when: (data) => data.items.length === 0, title: EMPTY[status] }}
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {data.total} {TAB_LABELS[status].toLowerCase()}{" "}
              {data.total === 1 ? "report" : "reports"}
            </p>
            <ul
              aria-label={`${TAB_LABELS[status]} reports`}
              className={cn("flex flex-col gap-4", reports.isPlaceholderData && "opacity-60")}
            >
              {data.items.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} />
                </li>
              ))}
            </ul>
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryView>
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
      <QueryView
        query={report}
        loading="Loading report..."
        failure="We couldn't load the report."
        notFound="There is no such report."
      >
        {(data) => <ReportCard report={data} />}
      </QueryView>
    </AdminPage>
  );
}
