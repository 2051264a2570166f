import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import {
  type AdminUserDetail,
  STAFF_ROLES,
  type StaffRole,
} from "../../../../core/contracts/admin";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";
import { useUser } from "../api/get-users";
import { useRemoveFeedback } from "../api/remove-feedback";
import { type UserAction, useModerateUser, useSetStaffRole } from "../api/user-actions";
import { useStaff } from "../hooks/use-staff";
import {
  AdminPage,
  AdminTable,
  Badge,
  type Column,
  ModerationBadge,
  QueryView,
  ROLE_LABELS,
  reasonLabel,
  Section,
} from "./admin-ui";
import { ReasonDialog } from "./reason-dialog";
import { RESOLUTION_LABELS } from "./report-card";

const ACTION_TEXT: Record<
  UserAction,
  { button: string; title: string; description: (name: string) => string; done: string }
> = {
  warn: {
    button: "Warn",
    title: "Warn user",
    description: (name) => `${name} gets a warning with your reason by email.`,
    done: "Warning sent.",
  },
  suspend: {
    button: "Suspend",
    title: "Suspend user",
    description: (name) =>
      `${name} is signed out everywhere and cannot sign in, bid, list or message; their active listings are hidden, not deleted. They get your reason by email.`,
    done: "User suspended.",
  },
  reinstate: {
    button: "Reinstate",
    title: "Reinstate user",
    description: (name) =>
      `${name} can sign in again and their hidden listings come back. They get your reason by email.`,
    done: "User reinstated.",
  },
};

const ROLE_OPTIONS = [
  { value: "", label: "No staff role" },
  ...STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role })),
];

function Actions({ detail }: { detail: AdminUserDetail }) {
  const staff = useStaff();
  const moderate = useModerateUser();
  const setRole = useSetStaffRole();
  const [action, setAction] = useState<UserAction | null>(null);
  const [role, setRoleChoice] = useState<string | null>(null);
  const { user } = detail;
  const self = staff.id === user.id;
  // The server refuses these too; hiding them keeps the page from offering what would fail.
  const canSuspend = !self && !(user.staffRole === "admin" && !staff.isAdmin);

  if (self) {
    return <p className="text-sm text-slate-700">This is your own account.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" aria-haspopup="dialog" onClick={() => setAction("warn")}>
          {ACTION_TEXT.warn.button}
        </Button>
        {user.suspendedAt ? (
          <Button aria-haspopup="dialog" onClick={() => setAction("reinstate")}>
            {ACTION_TEXT.reinstate.button}
          </Button>
        ) : (
          canSuspend && (
            <Button variant="accent" aria-haspopup="dialog" onClick={() => setAction("suspend")}>
              {ACTION_TEXT.suspend.button}
            </Button>
          )
        )}
      </div>
      {staff.isAdmin && (
        <SelectField
          label="Staff role"
          value={role ?? user.staffRole ?? ""}
          options={ROLE_OPTIONS}
          onChange={(value) => setRoleChoice(value === (user.staffRole ?? "") ? null : value)}
          className="sm:w-60"
        />
      )}
      <ReasonDialog
        open={action !== null}
        title={action ? ACTION_TEXT[action].title : ""}
        description={action ? ACTION_TEXT[action].description(user.username) : ""}
        confirmLabel={action ? ACTION_TEXT[action].button : ""}
        confirmVariant={action === "suspend" ? "accent" : "primary"}
        pending={moderate.isPending}
        onCancel={() => setAction(null)}
        onConfirm={async (reason) => {
          if (!action) return;
          await moderate.mutateAsync({ id: user.id, action, reason });
          toast.success(ACTION_TEXT[action].done);
          setAction(null);
        }}
      />
      <ReasonDialog
        open={role !== null}
        title="Change staff role"
        description={`${user.username} becomes: ${ROLE_OPTIONS.find((o) => o.value === role)?.label ?? ""}.`}
        confirmLabel="Change role"
        reasonLabel="Reason (for the audit log)"
        pending={setRole.isPending}
        onCancel={() => setRoleChoice(null)}
        onConfirm={async (reason) => {
          if (role === null) return;
          await setRole.mutateAsync({
            id: user.id,
            staffRole: role === "" ? null : (role as StaffRole),
            reason,
          });
          toast.success("Role changed.");
          setRoleChoice(null);
        }}
      />
    </div>
  );
}

function Profile({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  return (
    <Section title="Account" id="user-account">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm sm:gap-x-6">
        <dt className="text-slate-700">Email</dt>
        <dd className="font-medium break-all text-slate-900">{user.email}</dd>
        <dt className="text-slate-700">Name</dt>
        <dd className="font-medium text-slate-900">{user.fullName || "—"}</dd>
        <dt className="text-slate-700">Joined</dt>
        <dd className="font-medium text-slate-900">{formatDateTime(user.createdAt)}</dd>
        <dt className="text-slate-700">Status</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {user.suspendedAt ? (
            <>
              <Badge tone="red">Suspended</Badge>
              <span>
                since {formatDateTime(user.suspendedAt)}
                {user.suspensionReason && `: ${user.suspensionReason}`}
              </span>
            </>
          ) : (
            <Badge tone="green">Active</Badge>
          )}
          {user.staffRole && <Badge tone="teal">{ROLE_LABELS[user.staffRole]}</Badge>}
        </dd>
        <dt className="text-slate-700">Open reports</dt>
        <dd className="font-medium text-slate-900">{user.openReports}</dd>
      </dl>
      <Link
        to={`/store/${user.id}`}
        className="text-sm font-semibold text-brand-800 hover:underline"
      >
        Open their public store
      </Link>
    </Section>
  );
}

type UserListing = AdminUserDetail["listings"][number];
type UserOrder = AdminUserDetail["orders"][number];

const LISTING_COLUMNS: Column<UserListing>[] = [
  {
    header: "Title",
    cell: (listing) => (
      <Link to={`/listing/${listing.id}`} className="font-medium text-brand-800 hover:underline">
        {listing.title}
      </Link>
    ),
  },
  {
    header: "State",
    cell: (listing) => (
      <span className="flex flex-wrap items-center gap-1">
        <span className="capitalize">{listing.status.replace(/_/g, " ")}</span>
        {listing.moderation !== "visible" && <ModerationBadge state={listing.moderation} />}
      </span>
    ),
  },
  { header: "Price", numeric: true, cell: (listing) => formatMoney(listing.priceCents) },
  {
    header: "Listed",
    className: "whitespace-nowrap",
    cell: (listing) => formatDateTime(listing.createdAt),
  },
];

const ORDER_COLUMNS: Column<UserOrder>[] = [
  {
    header: "Order",
    cell: (order) => (
      <Link to={`/admin/orders/${order.id}`} className="font-medium text-brand-800 hover:underline">
        #{order.number}
      </Link>
    ),
  },
  { header: "Status", className: "capitalize", cell: (order) => order.status.replace(/_/g, " ") },
  { header: "Total", numeric: true, cell: (order) => formatMoney(order.totalCents) },
  {
    header: "Placed",
    className: "whitespace-nowrap",
    cell: (order) => formatDateTime(order.createdAt),
  },
];

type UserToken = AdminUserDetail["apiTokens"][number];

function tokenState(token: UserToken): { label: string; tone: "green" | "grey" | "red" } {
  if (token.revokedAt) return { label: "Revoked", tone: "red" };
  if (Date.parse(token.expiresAt) <= Date.now()) return { label: "Expired", tone: "grey" };
  return { label: "Active", tone: "green" };
}

const TOKEN_COLUMNS: Column<UserToken>[] = [
  {
    header: "Token",
    rowHeader: true,
    cell: (token) => (
      <span className="flex flex-col">
        <span className="break-words">{token.name}</span>
        <span className="font-mono text-xs font-normal text-slate-700">…{token.last4}</span>
      </span>
    ),
  },
  {
    header: "State",
    cell: (token) => {
      const state = tokenState(token);
      return <Badge tone={state.tone}>{state.label}</Badge>;
    },
  },
  { header: "Scopes", cell: (token) => token.scopes.join(", ") },
  { header: "Uses", numeric: true, cell: (token) => token.useCount },
  {
    header: "Last used",
    className: "whitespace-nowrap",
    cell: (token) =>
      token.lastUsedAt
        ? `${formatDateTime(token.lastUsedAt)}${token.lastUsedIp ? ` from ${token.lastUsedIp}` : ""}`
        : "Never",
  },
  {
    header: "Expires",
    className: "whitespace-nowrap",
    cell: (token) => formatDateTime(token.expiresAt),
  },
];

/** Their personal API tokens: what each may do and when it was last used (issue 33). */
function ApiTokensSection({ tokens }: { tokens: UserToken[] }) {
  return (
    <Section title={`API tokens (${tokens.length})`} id="user-api-tokens">
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-700">No API tokens.</p>
      ) : (
        <AdminTable
          label="Their API tokens"
          rows={tokens}
          rowKey={(token) => token.id}
          columns={TOKEN_COLUMNS}
        />
      )}
    </Section>
  );
}

function ListingsSection({ listings }: { listings: UserListing[] }) {
  return (
    <Section title={`Listings (${listings.length})`} id="user-listings">
      {listings.length === 0 ? (
        <p className="text-sm text-slate-700">No listings.</p>
      ) : (
        <AdminTable
          label="Their listings"
          rows={listings}
          rowKey={(listing) => listing.id}
          columns={LISTING_COLUMNS}
        />
      )}
    </Section>
  );
}

function OrdersSection({ orders }: { orders: UserOrder[] }) {
  return (
    <Section title={`Orders (${orders.length})`} id="user-orders">
      {orders.length === 0 ? (
        <p className="text-sm text-slate-700">No orders.</p>
      ) : (
        <AdminTable
          label="Their orders"
          rows={orders}
          rowKey={(order) => order.id}
          columns={ORDER_COLUMNS}
        />
      )}
    </Section>
  );
}

function FeedbackSection({ feedback }: { feedback: AdminUserDetail["feedback"] }) {
  const [removing, setRemoving] = useState<AdminUserDetail["feedback"][number] | null>(null);
  const remove = useRemoveFeedback();
  return (
    <Section title={`Feedback received (${feedback.length})`} id="user-feedback">
      {feedback.length === 0 ? (
        <p className="text-sm text-slate-700">No feedback.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-200">
          {feedback.map((item) => (
            <li key={item.id} className="flex flex-col gap-0.5 py-2 text-sm">
              <p>
                <Badge
                  tone={
                    item.rating === "negative"
                      ? "red"
                      : item.rating === "positive"
                        ? "green"
                        : "grey"
                  }
                >
                  {item.rating}
                </Badge>{" "}
                {item.stars !== null && (
                  <span className="text-slate-700">{item.stars} of 5 stars, </span>
                )}
                <span className="text-slate-700">
                  from {item.authorUsername} on {formatDateTime(item.createdAt)}
                </span>
              </p>
              {item.comment && <p className="break-words text-slate-900">{item.comment}</p>}
              {item.removedAt ? (
                <p className="text-coral-800">
                  Removed {formatDateTime(item.removedAt)}: {item.removalReason}
                </p>
              ) : (
                <div>
                  <Button variant="outline" size="sm" onClick={() => setRemoving(item)}>
                    Remove feedback
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={removing !== null}
        title="Remove feedback"
        description={
          removing
            ? `Feedback from ${removing.authorUsername} stops counting in this seller's rating and profile and leaves the public lists. Both sides are told, with your reason.`
            : ""
        }
        confirmLabel="Remove feedback"
        confirmVariant="accent"
        reasonLabel="Reason (sent to both sides)"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={async (reason) => {
          if (!removing) return;
          await remove.mutateAsync({ id: removing.id, reason });
          toast.success("Feedback removed.");
          setRemoving(null);
        }}
      />
    </Section>
  );
}

function ReportsSection({ reports }: { reports: AdminUserDetail["reports"] }) {
  return (
    <Section title={`Reports about them (${reports.length})`} id="user-reports">
      {reports.length === 0 ? (
        <p className="text-sm text-slate-700">No reports.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-200">
          {reports.map((report) => (
            <li
              key={report.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm"
            >
              <Link
                to={`/admin/reports/${report.id}`}
                className="font-semibold text-brand-800 hover:underline"
              >
                {reasonLabel(report.reason)} ({report.subject.kind})
              </Link>
              <span className="text-slate-700">
                by {report.reporter.username} on {formatDateTime(report.createdAt)}
              </span>
              {report.status === "resolved" ? (
                <Badge tone="grey">
                  {report.resolution ? RESOLUTION_LABELS[report.resolution] : "Resolved"}
                </Badge>
              ) : (
                <Badge tone="amber">{report.status === "open" ? "Open" : "Assigned"}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** /admin/users/:id: the account, what staff may do to it, and what the user did. */
export function UserDetail({ id }: { id: string }) {
  const detail = useUser(id);
  return (
    <QueryView
      query={detail}
      loading="Loading user..."
      failure="We couldn't load this user."
      notFound="There is no such user."
      errorTitle="User"
    >
      {(data) => (
        <AdminPage
          title={data.user.username}
          intro={
            <Link
              to="/admin/users"
              className="text-sm font-semibold text-brand-800 hover:underline"
            >
              All users
            </Link>
          }
        >
          <div className="grid gap-4 xl:grid-cols-2">
            <Profile detail={data} />
            <Section title="Actions" id="user-actions">
              <Actions detail={data} />
            </Section>
          </div>
          <ReportsSection reports={data.reports} />
          <ListingsSection listings={data.listings} />
          <OrdersSection orders={data.orders} />
          <FeedbackSection feedback={data.feedback} />
          <ApiTokensSection tokens={data.apiTokens} />
        </AdminPage>
      )}
    </QueryView>
  );
}
