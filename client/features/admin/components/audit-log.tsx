import { Link, useSearchParams } from "react-router";
import type { AdminAction, AuditEntry } from "../../../../core/contracts/admin";
import { formatDateTime } from "../../../../core/time";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useAuditLog } from "../api/get-audit-log";
import { AdminPage, TableScroll, tableClasses, tdClasses, thClasses } from "./admin-ui";

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
    default:
      return null;
  }
}

const json = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 2);

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
      {log.isPending ? (
        <Spinner label="Loading the audit log..." showLabel />
      ) : log.isError ? (
        <ErrorState message="We couldn't load the audit log." onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <EmptyState title="No staff actions yet." />
      ) : (
        <>
          <TableScroll label="Audit log">
            <table
              className={cn(tableClasses, "min-w-[48rem]", log.isPlaceholderData && "opacity-60")}
            >
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    When
                  </th>
                  <th scope="col" className={thClasses}>
                    Who
                  </th>
                  <th scope="col" className={thClasses}>
                    Action
                  </th>
                  <th scope="col" className={thClasses}>
                    Subject
                  </th>
                  <th scope="col" className={thClasses}>
                    Reason
                  </th>
                  <th scope="col" className={thClasses}>
                    Before / after
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.items.map((entry) => {
                  const href = subjectHref(entry);
                  const subject = `${entry.subjectKind} ${entry.subjectId.slice(0, 8)}`;
                  return (
                    <tr key={entry.id}>
                      <td className={`${tdClasses} whitespace-nowrap`}>
                        {formatDateTime(entry.createdAt)}
                      </td>
                      <td className={tdClasses}>
                        <Link
                          to={`/admin/users/${entry.actor.id}`}
                          className="text-brand-800 hover:underline"
                        >
                          {entry.actor.username}
                        </Link>
                      </td>
                      <td className={`${tdClasses} whitespace-nowrap font-medium`}>
                        {ACTION_LABELS[entry.action] ?? entry.action}
                      </td>
                      <td className={`${tdClasses} whitespace-nowrap`}>
                        {href ? (
                          <Link to={href} className="text-brand-800 hover:underline">
                            {subject}
                          </Link>
                        ) : (
                          subject
                        )}
                      </td>
                      <td className={`${tdClasses} max-w-xs break-words`}>{entry.reason}</td>
                      <td className={tdClasses}>
                        <details>
                          <summary className="cursor-pointer font-semibold whitespace-nowrap text-brand-800">
                            Show
                            <span className="sr-only">
                              {" "}
                              before and after for {ACTION_LABELS[entry.action] ?? entry.action},{" "}
                              {formatDateTime(entry.createdAt)}
                            </span>
                          </summary>
                          <div className="mt-2 grid gap-2">
                            <div>
                              <p className="text-xs font-semibold text-slate-700 uppercase">
                                Before
                              </p>
                              <pre className="max-w-sm overflow-x-auto rounded bg-sand-50 p-2 text-xs">
                                {json(entry.before)}
                              </pre>
                            </div>
                            <div>
                              <p className="text-xs font-semibold text-slate-700 uppercase">
                                After
                              </p>
                              <pre className="max-w-sm overflow-x-auto rounded bg-sand-50 p-2 text-xs">
                                {json(entry.after)}
                              </pre>
                            </div>
                          </div>
                        </details>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <Pagination page={log.data.page} pageSize={log.data.pageSize} total={log.data.total} />
        </>
      )}
    </AdminPage>
  );
}
