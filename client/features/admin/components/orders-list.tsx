import { Link } from "react-router";
import type { AdminOrder } from "../../../../core/contracts/admin";
import { formatMoney } from "../../../../core/money";
import { formatDateTime } from "../../../../core/time";
import { Pagination } from "../../../components/ui/pagination";
import { useOrders } from "../api/get-orders";
import { useListParams } from "../hooks/use-list-params";
import { AdminPage, AdminTable, type Column, QueryView } from "./admin-ui";
import { SearchForm } from "./search-form";

const COLUMNS: Column<AdminOrder>[] = [
  {
    header: "Order",
    cell: (order) => (
      <Link
        to={`/admin/orders/${order.id}`}
        className="font-semibold text-brand-800 hover:underline"
      >
        #{order.number}
      </Link>
    ),
  },
  {
    header: "Buyer",
    cell: (order) => (
      <Link to={`/admin/users/${order.buyer.id}`} className="text-brand-800 hover:underline">
        {order.buyer.username}
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
      <QueryView
        query={orders}
        loading="Loading orders..."
        failure="We couldn't load the orders."
        empty={{ when: (data) => data.items.length === 0, title: "No orders match." }}
      >
        {(data) => (
          <>
            <AdminTable
              label="Orders"
              rows={data.items}
              rowKey={(order) => order.id}
              columns={COLUMNS}
              dimmed={orders.isPlaceholderData}
            />
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </>
        )}
      </QueryView>
    </AdminPage>
  );
}
