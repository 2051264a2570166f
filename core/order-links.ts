/**
 * Where a notification or an email about one order takes its buyer or its seller: the order's own
 * page, /orders/{id}, which shows each of them their side of it.
 *
 * Purchase History and Selling still open the page of their list that holds an order named by
 * `?order=` (GET /api/me/orders and /api/me/sales take the same `order`) and point it out: links
 * sent before the order page existed go there.
 */
export const ORDER_LINK_PARAM = "order";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a page's address points at, if its `order` is an order id at all (else none). */
export function linkedOrderId(params: URLSearchParams): string | undefined {
  const value = params.get(ORDER_LINK_PARAM);
  return value && UUID.test(value) ? value.toLowerCase() : undefined;
}

export const orderLink = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
