import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type CartLineInput, cartValidateResponseSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";
import { useDeliverTo } from "../../../lib/deliver-to";
import { queryKeys } from "../../../lib/query-keys";

/**
 * POST /api/cart/validate: each line's price, shipping and stock as the database has them now,
 * with what is wrong with it, and the totals of the lines that can be bought. Works signed out.
 */
export function validateCart(
  lines: readonly CartLineInput[],
  signal?: AbortSignal,
  deliverTo: string | null = null,
) {
  return apiRequest("/api/cart/validate", cartValidateResponseSchema, {
    method: "POST",
    // Shipping and "does not ship there" follow the buyer's Deliver to (issue 29).
    body: { lines, ...(deliverTo ? { deliverTo } : {}) },
    signal,
  });
}

export function useCartValidation(lines: readonly CartLineInput[]) {
  const { deliverTo } = useDeliverTo();
  return useQuery({
    queryKey: queryKeys.cart.validation(lines, deliverTo),
    queryFn: ({ signal }) => validateCart(lines, signal, deliverTo),
    enabled: lines.length > 0,
    // Stock and prices move: every visit asks again; between quantity changes the last answer stays.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
