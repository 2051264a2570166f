import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { AdminOrderDetail } from "../../../../core/contracts/admin";
import { formatMoney, parseMoneyToCents } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/text-field";
import { cn } from "../../../lib/cn";
import { useOrder } from "../api/get-orders";
import { useIssueRefund } from "../api/issue-refund";
import { useStaff } from "../hooks/use-staff";
import { AdminPage, AdminTable, type Column, QueryView, Section } from "./admin-ui";
import { OrderLedgerSection } from "./order-ledger";
import { ReasonDialog } from "./reason-dialog";

function RefundButton({ order }: { order: AdminOrderDetail }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const amountId = useId();
  const refund = useIssueRefund();
  const max = order.refundableCents;
  const cents = amount.trim() === "" ? max : parseMoneyToCents(amount);

  return (
    <>
      <Button
        variant="accent"
        aria-haspopup="dialog"
        disabled={max <= 0}
        onClick={() => {
          setAmount((max / 100).toFixed(2));
          setOpen(true);
        }}
      >
        Issue refund
      </Button>
      <ReasonDialog
        open={open}
        title={`Refund order #${order.number}`}
        description={`Refunded through the payment provider to ${order.buyer.username}'s payment method. Up to ${formatMoney(max)} can be refunded.`}
        confirmLabel="Issue refund"
        confirmVariant="accent"
        reasonLabel="Reason (sent to the buyer)"
        pending={refund.isPending}
        validate={() =>
          cents === null || cents <= 0
            ? "Enter an amount, such as 12.50"
            : cents > max
              ? `At most ${formatMoney(max)} can be refunded`
              : null
        }
        onCancel={() => setOpen(false)}
        onConfirm={async (reason) => {
          await refund.mutateAsync({ id: order.id, reason, amountCents: cents ?? undefined });
          toast.success("Refund issued.");
          setOpen(false);
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={amountId} className="text-sm font-semibold">
            Amount (USD)
          </label>
          <input
            id={amountId}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            className={cn(inputClasses, "border-slate-400 sm:w-40")}
          />
        </div>
      </ReasonDialog>
    </>
  );
}

const statusText = (status: string) => status.replace(/_/g, " ");

type Line = AdminOrderDetail["lines"][number];
type PaymentEvent = AdminOrderDetail["paymentEvents"][number];
type Refund = AdminOrderDetail["refunds"][number];

const LINE_COLUMNS: Column<Line>[] = [
  {
    header: "Item",
    cell: (line) =>
      line.listingId ? (
        <Link to={`/listing/${line.listingId}`} className="text-brand-800 hover:underline">
          {line.title}
        </Link>
      ) : (
        line.title
      ),
  },
  { header: "Seller", cell: (line) => line.sellerUsername },
  { header: "Quantity", numeric: true, cell: (line) => line.quantity },
  { header: "Price", numeric: true, cell: (line) => formatMoney(line.unitPriceCents) },
];

const EVENT_COLUMNS: Column<PaymentEvent>[] = [
  {
    header: "When",
    className: "whitespace-nowrap",
    cell: (event) => formatDateTime(event.createdAt),
  },
  { header: "Event", className: "font-mono text-xs", cell: (event) => event.type },
  { header: "Detail", className: "break-words", cell: (event) => event.detail },
];

const REFUND_COLUMNS: Column<Refund>[] = [
  {
    header: "When",
    className: "whitespace-nowrap",
    cell: (refund) => formatDateTime(refund.createdAt),
  },
  { header: "Amount", numeric: true, cell: (refund) => formatMoney(refund.amountCents) },
  { header: "Status", className: "capitalize", cell: (refund) => statusText(refund.status) },
  { header: "Reason", className: "break-words", cell: (refund) => refund.reason },
];

/** /admin/orders/:id: the lines, the payment provider's events and the refunds. */
export function OrderDetail({ id }: { id: string }) {
  const order = useOrder(id);
  return (
    <QueryView
      query={order}
      loading="Loading order..."
      failure="We couldn't load this order."
      notFound="There is no such order."
      errorTitle="Order"
    >
      {(data) => <OrderPage order={data} />}
    </QueryView>
  );
}

function OrderPage({ order: data }: { order: AdminOrderDetail }) {
  const staff = useStaff();
  return (
    <AdminPage
      title={`Order #${data.number}`}
      intro={
        <>
          Placed {formatDateTime(data.createdAt)} by{" "}
          <Link
            to={`/admin/users/${data.buyer.id}`}
            className="font-semibold text-brand-800 hover:underline"
          >
            {data.buyer.username}
          </Link>{" "}
          · <span className="capitalize">{statusText(data.status)}</span> ·{" "}
          {formatMoney(data.totalCents)}
        </>
      }
      actions={staff.isAdmin ? <RefundButton order={data} /> : undefined}
    >
      <Section title="Items" id="order-lines">
        <AdminTable
          label="Items"
          rows={data.lines}
          // Lines have no id of their own here; their order is fixed.
          rowKey={(_line, index) => index}
          columns={LINE_COLUMNS}
        />
      </Section>
      <Section title="Payment events" id="order-payments">
        {data.paymentEvents.length === 0 ? (
          <p className="text-sm text-slate-700">No payment events.</p>
        ) : (
          <AdminTable
            label="Payment events"
            rows={data.paymentEvents}
            rowKey={(event) => event.id}
            columns={EVENT_COLUMNS}
          />
        )}
      </Section>
      <Section title="Refunds" id="order-refunds">
        <p className="text-sm text-slate-800">
          Still refundable:{" "}
          <span className="font-semibold">{formatMoney(data.refundableCents)}</span>
        </p>
        {data.refunds.length === 0 ? (
          <p className="text-sm text-slate-700">No refunds.</p>
        ) : (
          <AdminTable
            label="Refunds"
            rows={data.refunds}
            rowKey={(refund) => refund.id}
            columns={REFUND_COLUMNS}
          />
        )}
      </Section>
      <OrderLedgerSection orderId={data.id} />
    </AdminPage>
  );
}
