import { useQuery } from "@tanstack/react-query";
import { paymentProviderSchema } from "../../../../core/contracts/buying";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/payments/provider: which provider takes the payment (sandbox or Stripe). */
export function getPaymentProvider(signal?: AbortSignal) {
  return apiGet("/api/payments/provider", paymentProviderSchema, { signal });
}

export function usePaymentProvider() {
  return useQuery({
    queryKey: queryKeys.payments.provider,
    queryFn: ({ signal }) => getPaymentProvider(signal),
    // Set by the server's configuration: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
