/**
 * Where a notification or an email about one order takes its buyer or its seller: to that order,
 * on Purchase History or in Selling's sales, which open the page of their list that holds it
 * (GET /api/me/orders and /api/me/sales take the same `order`) and point it out.
 */
export const ORDER_LINK_PARAM = "order";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a page's address points at, if its `order` is an order id at all (else none). */
export function linkedOrderId(params: URLSearchParams): string | undefined {
  const value = params.get(ORDER_LINK_PARAM);
  return value && UUID.test(value) ? value.toLowerCase() : undefined;
}

export const purchaseLink = (orderId: string) =>
  `/my/purchases?${ORDER_LINK_PARAM}=${encodeURIComponent(orderId)}`;

export const saleLink = (orderId: string) =>
  `/my/selling?${ORDER_LINK_PARAM}=${encodeURIComponent(orderId)}`;
