import { useId, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { AdminOrderDetail } from "../../../../core/contracts/admin";
import { formatMoney, parseMoneyToCents } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { inputClasses } from "../../../components/ui/text-field";
import { isNotFoundError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useOrder } from "../api/get-orders";
import { useIssueRefund } from "../api/issue-refund";
import { useStaff } from "../hooks/use-staff";
import { AdminPage, Section, TableScroll, tableClasses, tdClasses, thClasses } from "./admin-ui";
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

/** /admin/orders/:id: the lines, the payment provider's events and the refunds. */
export function OrderDetail({ id }: { id: string }) {
  const order = useOrder(id);
  const staff = useStaff();
  if (order.isPending) return <Spinner label="Loading order..." showLabel />;
  if (order.isError) {
    return (
      <AdminPage title="Order">
        {isNotFoundError(order.error, true) ? (
          <EmptyState title="There is no such order." />
        ) : (
          <ErrorState message="We couldn't load this order." onRetry={() => void order.refetch()} />
        )}
      </AdminPage>
    );
  }
  const { data } = order;
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
        <TableScroll label="Items">
          <table className={tableClasses}>
            <thead>
              <tr>
                <th scope="col" className={thClasses}>
                  Item
                </th>
                <th scope="col" className={thClasses}>
                  Seller
                </th>
                <th scope="col" className={`${thClasses} text-right`}>
                  Quantity
                </th>
                <th scope="col" className={`${thClasses} text-right`}>
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own here
                <tr key={index}>
                  <td className={tdClasses}>
                    {line.listingId ? (
                      <Link
                        to={`/listing/${line.listingId}`}
                        className="text-brand-800 hover:underline"
                      >
                        {line.title}
                      </Link>
                    ) : (
                      line.title
                    )}
                  </td>
                  <td className={tdClasses}>{line.sellerUsername}</td>
                  <td className={`${tdClasses} text-right tabular-nums`}>{line.quantity}</td>
                  <td className={`${tdClasses} text-right tabular-nums`}>
                    {formatMoney(line.unitPriceCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Section>
      <Section title="Payment events" id="order-payments">
        {data.paymentEvents.length === 0 ? (
          <p className="text-sm text-slate-700">No payment events.</p>
        ) : (
          <TableScroll label="Payment events">
            <table className={tableClasses}>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    When
                  </th>
                  <th scope="col" className={thClasses}>
                    Event
                  </th>
                  <th scope="col" className={thClasses}>
                    Detail
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.paymentEvents.map((event) => (
                  <tr key={event.id}>
                    <td className={`${tdClasses} whitespace-nowrap`}>
                      {formatDateTime(event.createdAt)}
                    </td>
                    <td className={`${tdClasses} font-mono text-xs`}>{event.type}</td>
                    <td className={`${tdClasses} break-words`}>{event.detail}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
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
          <TableScroll label="Refunds">
            <table className={tableClasses}>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    When
                  </th>
                  <th scope="col" className={`${thClasses} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={thClasses}>
                    Status
                  </th>
                  <th scope="col" className={thClasses}>
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.refunds.map((refund) => (
                  <tr key={refund.id}>
                    <td className={`${tdClasses} whitespace-nowrap`}>
                      {formatDateTime(refund.createdAt)}
                    </td>
                    <td className={`${tdClasses} text-right tabular-nums`}>
                      {formatMoney(refund.amountCents)}
                    </td>
                    <td className={`${tdClasses} capitalize`}>{statusText(refund.status)}</td>
                    <td className={`${tdClasses} break-words`}>{refund.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Section>
    </AdminPage>
  );
}
