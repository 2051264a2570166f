import type { Order } from "../../../../core/contracts/buying";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { pluralize } from "../../../lib/format";

/** "Cancel this order?": the items go back on sale at once; the cart keeps its own copy. */
export function CancelUnpaidOrderDialog({
  order,
  pending,
  onCancel,
  onConfirm,
}: {
  order: Order | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (order: Order) => void;
}) {
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancel this order?"
      confirmLabel="Cancel order"
      pendingLabel="Cancelling..."
      cancelLabel="Keep order"
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => order && onConfirm(order)}
    >
      {order && (
        <p>
          Order #{order.number} ({pluralize(order.itemCount, "item")}) will be cancelled and its
          items released for other buyers right away. You won't be charged.
        </p>
      )}
    </ConfirmDialog>
  );
}
