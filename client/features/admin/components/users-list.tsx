import { Link } from "react-router";
import { formatDateTime } from "../../../../core/time";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useUsers } from "../api/get-users";
import { useListParams } from "../hooks/use-list-params";
import {
  AdminPage,
  Badge,
  ROLE_LABELS,
  TableScroll,
  tableClasses,
  tdClasses,
  thClasses,
} from "./admin-ui";
import { SearchForm } from "./search-form";

/** /admin/users: search by email or username. */
export function UsersList() {
  const { q, page, set } = useListParams();
  const users = useUsers({ q, page });
  return (
    <AdminPage title="Users" intro="Find an account by part of its email or username.">
      <SearchForm
        key={q}
        label="Search users"
        placeholder="Email or username"
        value={q}
        onSearch={(value) => set("q", value)}
      />
      {users.isPending ? (
        <Spinner label="Loading users..." showLabel />
      ) : users.isError ? (
        <ErrorState message="We couldn't load the users." onRetry={() => void users.refetch()} />
      ) : users.data.items.length === 0 ? (
        <EmptyState title="No users match." hint="Try part of an email address or username." />
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {users.data.total} {users.data.total === 1 ? "user" : "users"}
          </p>
          <TableScroll label="Users">
            <table className={cn(tableClasses, users.isPlaceholderData && "opacity-60")}>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    User
                  </th>
                  <th scope="col" className={thClasses}>
                    Status
                  </th>
                  <th scope="col" className={`${thClasses} text-right`}>
                    Listings
                  </th>
                  <th scope="col" className={`${thClasses} text-right`}>
                    Orders
                  </th>
                  <th scope="col" className={`${thClasses} text-right`}>
                    Open reports
                  </th>
                  <th scope="col" className={thClasses}>
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((user) => (
                  <tr key={user.id}>
                    <td className={tdClasses}>
                      <Link
                        to={`/admin/users/${user.id}`}
                        className="font-semibold text-brand-800 hover:underline"
                      >
                        {user.username}
                      </Link>
                      <span className="block break-all text-slate-700">{user.email}</span>
                    </td>
                    <td className={tdClasses}>
                      <span className="flex flex-wrap gap-1">
                        {user.suspendedAt ? (
                          <Badge tone="red">Suspended</Badge>
                        ) : (
                          <Badge tone="green">Active</Badge>
                        )}
                        {user.staffRole && <Badge tone="teal">{ROLE_LABELS[user.staffRole]}</Badge>}
                      </span>
                    </td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{user.listingCount}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{user.orderCount}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>{user.openReports}</td>
                    <td className={`${tdClasses} whitespace-nowrap`}>
                      {formatDateTime(user.createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
          />
        </>
      )}
    </AdminPage>
  );
}
