import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  adminHoldsSchema,
  adminPayoutPageSchema,
  negativeBalancesSchema,
  orderLedgerSchema,
  revenueSchema,
} from "../../../../core/contracts/admin-money";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterAdminDataChanged } from "../cache";

export interface RevenueParams {
  from?: string;
  to?: string;
  by: "day" | "month";
}

/** GET /api/admin/money/revenue: fee revenue by kind per day or month. */
export function useRevenue(params: RevenueParams) {
  return useQuery({
    queryKey: queryKeys.admin.revenue(params),
    queryFn: ({ signal }) =>
      apiGet("/api/admin/money/revenue", revenueSchema, {
        query: { by: params.by, from: params.from, to: params.to },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/money/payouts: failed first, then newest. */
export function useAdminPayouts(page: number) {
  return useQuery({
    queryKey: queryKeys.admin.payouts(page),
    queryFn: ({ signal }) =>
      apiGet("/api/admin/money/payouts", adminPayoutPageSchema, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/money/holds: sellers whose payouts are held. */
export function useHolds() {
  return useQuery({
    queryKey: queryKeys.admin.holds,
    queryFn: ({ signal }) => apiGet("/api/admin/money/holds", adminHoldsSchema, { signal }),
  });
}

/** GET /api/admin/money/negative: sellers whose available balance is below zero. */
export function useNegativeBalances() {
  return useQuery({
    queryKey: queryKeys.admin.negative,
    queryFn: ({ signal }) =>
      apiGet("/api/admin/money/negative", negativeBalancesSchema, { signal }),
  });
}

/** GET /api/admin/orders/{id}/ledger: every journal and entry of the order. */
export function useOrderLedger(orderId: string) {
  return useQuery({
    queryKey: queryKeys.admin.orderLedger(orderId),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/orders/${encodeURIComponent(orderId)}/ledger`, orderLedgerSchema, {
        signal,
      }),
  });
}

/**
 * POST /api/admin/money/sellers/{id}/hold { reason } puts a seller's payouts on hold; DELETE with
 * a reason releases them (the payouts module's routes). What they answer is not read: the lists
 * are fetched again.
 */
export function useSetHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sellerId, hold, reason }: { sellerId: string; hold: boolean; reason: string }) =>
      apiRequest(`/api/admin/money/sellers/${encodeURIComponent(sellerId)}/hold`, z.unknown(), {
        method: hold ? "POST" : "DELETE",
        body: { reason },
      }),
    onSuccess: () => afterAdminDataChanged(queryClient),
  });
}
