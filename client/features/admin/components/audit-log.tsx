import { Link, useSearchParams } from "react-router";
import type { AdminAction, AuditEntry } from "../../../../core/contracts/admin";
import { formatDateTime } from "../../../../core/time";
import { Pagination } from "../../../components/ui/pagination";
import { useAuditLog } from "../api/get-audit-log";
import { AdminPage, AdminTable, type Column, QueryView } from "./admin-ui";

const ACTION_LABELS: Record<AdminAction, string> = {
  "report.assign": "Report assigned",
  "report.resolve": "Report resolved",
  "listing.remove": "Listing removed",
  "listing.restore": "Listing restored",
  "listing.approve": "Listing approved",
  "user.warn": "User warned",
  "user.suspend": "User suspended",
  "user.reinstate": "User reinstated",
  "user.set_role": "Role changed",
  "order.refund": "Refund issued",
  "listing_rule.add": "Rule added",
  "listing_rule.delete": "Rule deleted",
  "payouts.hold": "Payouts held",
  "payouts.release": "Payouts released",
  "rate.update": "Exchange rate changed",
  "feedback.remove": "Feedback removed",
  "case.decide": "Case decided",
};

/** Where the subject of an entry is shown in the admin area, if anywhere. */
function subjectHref(entry: AuditEntry): string | null {
  switch (entry.subjectKind) {
    case "user":
      return `/admin/users/${entry.subjectId}`;
    case "order":
      return `/admin/orders/${entry.subjectId}`;
    case "report":
      return `/admin/reports/${entry.subjectId}`;
    case "listing":
      return `/listing/${entry.subjectId}`;
    case "exchange_rate":
      return "/admin/rates";
    default:
      return null;
  }
}

const json = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 2);

const actionLabel = (entry: AuditEntry) => ACTION_LABELS[entry.action] ?? entry.action;

function Subject({ entry }: { entry: AuditEntry }) {
  const href = subjectHref(entry);
  const subject = `${entry.subjectKind} ${entry.subjectId.slice(0, 8)}`;
  return href ? (
    <Link to={href} className="text-brand-800 hover:underline">
      {subject}
    </Link>
  ) : (
    subject
  );
}

function BeforeAfter({ entry }: { entry: AuditEntry }) {
  return (
    <details>
      <summary className="cursor-pointer font-semibold whitespace-nowrap text-brand-800">
        Show
        <span className="sr-only">
          {" "}
          before and after for {actionLabel(entry)}, {formatDateTime(entry.createdAt)}
        </span>
      </summary>
      <div className="mt-2 grid gap-2">
        <div>
          <p className="text-xs font-semibold text-slate-700 uppercase">Before</p>
          <pre className="max-w-sm overflow-x-auto rounded bg-sand-50 p-2 text-xs">
            {json(entry.before)}
          </pre>
        </div>
        <div>
          <p className="text-xs font-semibold text-slate-700 uppercase">After</p>
          <pre className="max-w-sm overflow-x-auto rounded bg-sand-50 p-2 text-xs">
            {json(entry.after)}
          </pre>
        </div>
      </div>
    </details>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    header: "When",
    className: "whitespace-nowrap",
    cell: (entry) => formatDateTime(entry.createdAt),
  },
  {
    header: "Who",
    cell: (entry) => (
      <Link to={`/admin/users/${entry.actor.id}`} className="text-brand-800 hover:underline">
        {entry.actor.username}
      </Link>
    ),
  },
  { header: "Action", className: "whitespace-nowrap font-medium", cell: actionLabel },
  { header: "Subject", className: "whitespace-nowrap", cell: (entry) => <Subject entry={entry} /> },
  { header: "Reason", className: "max-w-xs break-words", cell: (entry) => entry.reason },
  { header: "Before / after", cell: (entry) => <BeforeAfter entry={entry} /> },
];

/** /admin/audit: every staff action, newest first; it cannot be edited or deleted. */
export function AuditLog() {
  const [params] = useSearchParams();
  const pageParam = Number(params.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const log = useAuditLog(page);

  return (
    <AdminPage
      title="Audit log"
      intro="Every staff action: who, what, when and why, with the state before and after. Entries cannot be changed or deleted."
    >
      <QueryView
        query={log}
        loading="Loading the audit log..."
        failure="We couldn't load the audit log."
        empty={{ when: (data) => data.items.length === 0, title: "No staff actions yet." }}
      >
        {(data) => (
          <>
            <AdminTable
              label="Audit log"
              rows={data.items}
              rowKey={(entry) => entry.id}
              columns={COLUMNS}
              className="min-w-[48rem]"
              dimmed={log.isPlaceholderData}
            />
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
