import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type CartLineInput, cartValidateResponseSchema } from "../../../../core/contracts/buying";
import { apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/**
 * POST /api/cart/validate: each line's price, shipping and stock as the database has them now,
 * with what is wrong with it, and the totals of the lines that can be bought. Works signed out.
 */
export function validateCart(lines: readonly CartLineInput[], signal?: AbortSignal) {
  return apiRequest("/api/cart/validate", cartValidateResponseSchema, {
    method: "POST",
    body: { lines },
    signal,
  });
}

export function useCartValidation(lines: readonly CartLineInput[]) {
  return useQuery({
    queryKey: queryKeys.cart.validation(lines),
    queryFn: ({ signal }) => validateCart(lines, signal),
    enabled: lines.length > 0,
    // Stock and prices move: every visit asks again; between quantity changes the last answer stays.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
