import { Link } from "react-router";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { EmptyState } from "../../../components/ui/empty-state";
import { ErrorState } from "../../../components/ui/error-state";
import { Pagination } from "../../../components/ui/pagination";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useOrders } from "../api/get-orders";
import { useListParams } from "../hooks/use-list-params";
import { AdminPage, TableScroll, tableClasses, tdClasses, thClasses } from "./admin-ui";
import { SearchForm } from "./search-form";

/** /admin/orders: search by order number or the buyer's email. */
export function OrdersList() {
  const { q, page, set } = useListParams();
  const orders = useOrders({ q, page });
  return (
    <AdminPage
      title="Orders"
      intro="Find an order by its number (as on the buyer's receipt) or the buyer's email."
    >
      <SearchForm
        key={q}
        label="Search orders"
        placeholder="Order number or email"
        value={q}
        onSearch={(value) => set("q", value)}
      />
      {orders.isPending ? (
        <Spinner label="Loading orders..." showLabel />
      ) : orders.isError ? (
        <ErrorState message="We couldn't load the orders." onRetry={() => void orders.refetch()} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title="No orders match." />
      ) : (
        <>
          <TableScroll label="Orders">
            <table className={cn(tableClasses, orders.isPlaceholderData && "opacity-60")}>
              <thead>
                <tr>
                  <th scope="col" className={thClasses}>
                    Order
                  </th>
                  <th scope="col" className={thClasses}>
                    Buyer
                  </th>
                  <th scope="col" className={thClasses}>
                    Status
                  </th>
                  <th scope="col" className={`${thClasses} text-right`}>
                    Total
                  </th>
                  <th scope="col" className={thClasses}>
                    Placed
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.items.map((order) => (
                  <tr key={order.id}>
                    <td className={tdClasses}>
                      <Link
                        to={`/admin/orders/${order.id}`}
                        className="font-semibold text-brand-800 hover:underline"
                      >
                        #{order.number}
                      </Link>
                    </td>
                    <td className={tdClasses}>
                      <Link
                        to={`/admin/users/${order.buyer.id}`}
                        className="text-brand-800 hover:underline"
                      >
                        {order.buyer.username}
                      </Link>
                    </td>
                    <td className={`${tdClasses} capitalize`}>{order.status.replace(/_/g, " ")}</td>
                    <td className={`${tdClasses} text-right tabular-nums`}>
                      {formatMoney(order.totalCents)}
                    </td>
                    <td className={`${tdClasses} whitespace-nowrap`}>
                      {formatDateTime(order.createdAt)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pagination
            page={orders.data.page}
            pageSize={orders.data.pageSize}
            total={orders.data.total}
          />
        </>
      )}
    </AdminPage>
  );
}
