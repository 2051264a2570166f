import { Link } from "react-router";
import type { AdminUser } from "../../../../core/contracts/admin";
import { formatDateTime } from "../../../../core/time";
import { Pagination } from "../../../components/ui/pagination";
import { useUsers } from "../api/get-users";
import { useListParams } from "../hooks/use-list-params";
import { AdminPage, AdminTable, Badge, type Column, QueryView, ROLE_LABELS } from "./admin-ui";
import { SearchForm } from "./search-form";

const COLUMNS: Column<AdminUser>[] = [
  {
    header: "User",
    cell: (user) => (
      <>
        <Link
          to={`/admin/users/${user.id}`}
          className="font-semibold text-brand-800 hover:underline"
        >
          {user.username}
        </Link>
        <span className="block break-all text-slate-700">{user.email}</span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (user) => (
      <span className="flex flex-wrap gap-1">
        {user.suspendedAt ? (
          <Badge tone="red">Suspended</Badge>
        ) : (
          <Badge tone="green">Active</Badge>
        )}
        {user.staffRole && <Badge tone="teal">{ROLE_LABELS[user.staffRole]}</Badge>}
      </span>
    ),
  },
  { header: "Listings", numeric: true, cell: (user) => user.listingCount },
  { header: "Orders", numeric: true, cell: (user) => user.orderCount },
  { header: "Open reports", numeric: true, cell: (user) => user.openReports },
  {
    header: "Joined",
    className: "whitespace-nowrap",
    cell: (user) => formatDateTime(user.createdAt),
  },
];

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
      <QueryView
        query={users}
        loading="Loading users..."
        failure="We couldn't load the users."
        empty={{
          when: (data) => data.items.length === 0,
          title: "No users match.",
          hint: "Try part of an email address or username.",
        }}
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {data.total} {data.total === 1 ? "user" : "users"}
            </p>
            <AdminTable
              label="Users"
              rows={data.items}
              rowKey={(user) => user.id}
              columns={COLUMNS}
              dimmed={users.isPlaceholderData}
            />
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
