import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminRatesSchema, type UpdateRate } from "../../../../core/contracts/currencies";
import type { FloatingCurrency } from "../../../../core/currencies";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { invalidate } from "../../../lib/invalidate";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/admin/rates: the floating exchange rates staff keep. */
export function useAdminRates() {
  return useQuery({
    queryKey: queryKeys.admin.rates,
    queryFn: ({ signal }) => apiGet("/api/admin/rates", adminRatesSchema, { signal }),
  });
}

/** PUT /api/admin/rates/{currency} (admin only; written to the audit log). */
export function updateRate(currency: FloatingCurrency, input: UpdateRate) {
  return apiRequest(`/api/admin/rates/${currency}`, adminRatesSchema, {
    method: "PUT",
    body: input,
  });
}

export function useUpdateRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, input }: { currency: FloatingCurrency; input: UpdateRate }) =>
      updateRate(currency, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.admin.rates, saved);
      // The audit log, and every approximation the buyer's pages show.
      void invalidate(queryClient, [queryKeys.admin.all, queryKeys.currencies.rates]);
    },
  });
}
