import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import type {
  AdminHold,
  AdminPayout,
  NegativeBalance,
  Revenue,
} from "../../../../core/contracts/admin-money";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { Pagination } from "../../../components/ui/pagination";
import { inputClasses } from "../../../components/ui/text-field";
import {
  type RevenueParams,
  useAdminPayouts,
  useHolds,
  useNegativeBalances,
  useRevenue,
  useSetHold,
} from "../api/money";
import {
  AdminPage,
  AdminTable,
  Badge,
  type BadgeTone,
  type Column,
  QueryView,
  Section,
} from "./admin-ui";
import { ReasonDialog } from "./reason-dialog";

/** Puts a seller's payouts on hold, or releases them; asks why (the audit log keeps it). */
function HoldButton({ seller, hold }: { seller: { id: string; username: string }; hold: boolean }) {
  const [open, setOpen] = useState(false);
  const setHold = useSetHold();
  const verb = hold ? "Hold" : "Release";
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {verb}
        <span className="sr-only"> payouts of {seller.username}</span>
      </Button>
      <ReasonDialog
        open={open}
        title={hold ? `Hold ${seller.username}'s payouts` : `Release ${seller.username}'s payouts`}
        description={
          hold
            ? "Their released money waits on hold and no payout is sent until an admin releases it. They are told, with your reason."
            : "What waits on hold becomes available and is paid on their next payout day."
        }
        confirmLabel={hold ? "Hold payouts" : "Release payouts"}
        reasonLabel="Reason (sent to the seller)"
        pending={setHold.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={async (reason) => {
          await setHold.mutateAsync({ sellerId: seller.id, hold, reason });
          setOpen(false);
          toast.success(
            hold
              ? `${seller.username}'s payouts are on hold`
              : `${seller.username}'s payouts are released`,
          );
        }}
      />
    </>
  );
}

const sellerLink = (seller: { id: string; username: string }) => (
  <Link to={`/admin/users/${seller.id}`} className="text-brand-800 hover:underline">
    {seller.username}
  </Link>
);

type RevenueRow = Revenue["rows"][number];
const REVENUE_COLUMNS: Column<RevenueRow>[] = [
  { header: "Period", rowHeader: true, className: "whitespace-nowrap", cell: (r) => r.period },
  { header: "Final value fees", numeric: true, cell: (r) => formatMoney(r.finalValueCents) },
  { header: "Insertion fees", numeric: true, cell: (r) => formatMoney(r.insertionCents) },
  { header: "Upgrade fees", numeric: true, cell: (r) => formatMoney(r.upgradesCents) },
  { header: "Dispute fees", numeric: true, cell: (r) => formatMoney(r.disputesCents) },
  { header: "Total", numeric: true, cell: (r) => formatMoney(r.totalCents) },
];

function RevenueSection() {
  const [params, setParams] = useState<RevenueParams>({ by: "day" });
  const revenue = useRevenue(params);
  const byId = useId();
  const fromId = useId();
  const toId = useId();
  return (
    <Section title="Platform revenue" id="money-revenue">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={byId} className="text-sm font-medium text-slate-800">
            Show by
          </label>
          <select
            id={byId}
            className={inputClasses}
            value={params.by}
            onChange={(e) =>
              setParams({ ...params, by: e.target.value === "month" ? "month" : "day" })
            }
          >
            <option value="day">Day</option>
            <option value="month">Month</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className="text-sm font-medium text-slate-800">
            From
          </label>
          <input
            id={fromId}
            type="date"
            className={inputClasses}
            value={params.from ?? ""}
            onChange={(e) => setParams({ ...params, from: e.target.value || undefined })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className="text-sm font-medium text-slate-800">
            To
          </label>
          <input
            id={toId}
            type="date"
            className={inputClasses}
            value={params.to ?? ""}
            onChange={(e) => setParams({ ...params, to: e.target.value || undefined })}
          />
        </div>
      </div>
      <QueryView
        query={revenue}
        loading="Loading revenue..."
        failure="We couldn't load the revenue for those dates."
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-800">
              {data.from} to {data.to}:{" "}
              <span className="font-semibold">{formatMoney(data.totals.totalCents)}</span> (
              {formatMoney(data.totals.finalValueCents)} final value fees,{" "}
              {formatMoney(data.totals.insertionCents)} insertion fees,{" "}
              {formatMoney(data.totals.upgradesCents)} upgrade fees,{" "}
              {formatMoney(data.totals.disputesCents)} dispute fees, after fees given back by
              refunds)
            </p>
            {data.rows.length === 0 ? (
              <p className="text-sm text-slate-700">No fees charged in this period.</p>
            ) : (
              <AdminTable
                label="Revenue by period"
                rows={data.rows}
                rowKey={(r) => r.period}
                columns={REVENUE_COLUMNS}
                dimmed={revenue.isPlaceholderData}
              />
            )}
          </>
        )}
      </QueryView>
    </Section>
  );
}

const PAYOUT_STATUS: Record<AdminPayout["status"], { label: string; tone: BadgeTone }> = {
  failed: { label: "Failed", tone: "red" },
  sending: { label: "Sending", tone: "amber" },
  in_transit: { label: "In transit", tone: "teal" },
  paid: { label: "Paid", tone: "green" },
};

const PAYOUT_COLUMNS: Column<AdminPayout>[] = [
  { header: "Seller", rowHeader: true, cell: (p) => sellerLink(p.seller) },
  { header: "Amount", numeric: true, cell: (p) => formatMoney(p.amountCents) },
  {
    header: "Status",
    cell: (p) => <Badge tone={PAYOUT_STATUS[p.status].tone}>{PAYOUT_STATUS[p.status].label}</Badge>,
  },
  { header: "Sent", className: "whitespace-nowrap", cell: (p) => formatDateTime(p.createdAt) },
  { header: "Bank", cell: (p) => (p.bankLast4 ? `•••• ${p.bankLast4}` : "—") },
  { header: "Failure", className: "max-w-xs break-words", cell: (p) => p.failureReason ?? "—" },
  {
    header: <span className="sr-only">Actions</span>,
    cell: (p) =>
      p.sellerHeld ? <Badge tone="amber">On hold</Badge> : <HoldButton seller={p.seller} hold />,
  },
];

function PayoutsSection() {
  const [params] = useSearchParams();
  const pageParam = Number(params.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const payouts = useAdminPayouts(page);
  return (
    <Section title="Payouts" id="money-payouts">
      <QueryView
        query={payouts}
        loading="Loading payouts..."
        failure="We couldn't load the payouts."
        empty={{ when: (d) => d.payouts.length === 0, title: "No payouts yet." }}
      >
        {(data) => (
          <>
            <AdminTable
              label="Payouts, failed first"
              rows={data.payouts}
              rowKey={(p) => p.id}
              columns={PAYOUT_COLUMNS}
              className="min-w-[48rem]"
              dimmed={payouts.isPlaceholderData}
            />
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryView>
    </Section>
  );
}

const HOLD_COLUMNS: Column<AdminHold>[] = [
  { header: "Seller", rowHeader: true, cell: (h) => sellerLink(h.seller) },
  { header: "Reason", className: "max-w-xs break-words", cell: (h) => h.reason },
  { header: "Since", className: "whitespace-nowrap", cell: (h) => formatDateTime(h.since) },
  { header: "By", cell: (h) => h.heldBy ?? "—" },
  { header: "On hold", numeric: true, cell: (h) => formatMoney(h.onHoldCents) },
  { header: "Available", numeric: true, cell: (h) => formatMoney(h.availableCents) },
  {
    header: <span className="sr-only">Actions</span>,
    cell: (h) => <HoldButton seller={h.seller} hold={false} />,
  },
];

function HoldsSection() {
  const holds = useHolds();
  return (
    <Section title="Payouts on hold" id="money-holds">
      <QueryView
        query={holds}
        loading="Loading holds..."
        failure="We couldn't load the holds."
        empty={{ when: (d) => d.holds.length === 0, title: "No seller's payouts are on hold." }}
      >
        {(data) => (
          <AdminTable
            label="Payouts on hold"
            rows={data.holds}
            rowKey={(h) => h.seller.id}
            columns={HOLD_COLUMNS}
          />
        )}
      </QueryView>
    </Section>
  );
}

const NEGATIVE_COLUMNS: Column<NegativeBalance>[] = [
  { header: "Seller", rowHeader: true, cell: (s) => sellerLink(s.seller) },
  { header: "Available", numeric: true, cell: (s) => formatMoney(s.availableCents) },
  { header: "Pending", numeric: true, cell: (s) => formatMoney(s.pendingCents) },
  {
    header: <span className="sr-only">Actions</span>,
    cell: (s) =>
      s.held ? <Badge tone="amber">On hold</Badge> : <HoldButton seller={s.seller} hold />,
  },
];

function NegativeSection() {
  const negative = useNegativeBalances();
  return (
    <Section title="Negative balances" id="money-negative">
      <p className="text-sm text-slate-700">
        Sellers refunded after their money was paid out: their next sales make it good.
      </p>
      <QueryView
        query={negative}
        loading="Loading balances..."
        failure="We couldn't load the negative balances."
        empty={{ when: (d) => d.sellers.length === 0, title: "No seller owes money." }}
      >
        {(data) => (
          <AdminTable
            label="Negative balances"
            rows={data.sellers}
            rowKey={(s) => s.seller.id}
            columns={NEGATIVE_COLUMNS}
          />
        )}
      </QueryView>
    </Section>
  );
}

/** /admin/money: the platform's revenue, payouts (failed first), holds and negative balances. */
export function MoneyPage() {
  return (
    <AdminPage
      title="Money"
      intro="Fee revenue, payouts to sellers, holds and negative balances, all read from the ledger."
    >
      <RevenueSection />
      <PayoutsSection />
      <HoldsSection />
      <NegativeSection />
    </AdminPage>
  );
}
