import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  onboardingResponseSchema,
  type PayoutSchedule,
  paymentsSummarySchema,
  payoutSchema,
  payoutSettingsSchema,
  type SandboxOnboarding,
  statementSchema,
  transactionPageSchema,
} from "../../../../core/contracts/seller-payments";
import type { TransactionKind } from "../../../../core/ledger";
import { apiGet, apiRequest, toSearchParams } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export type { TransactionKind };

/** The transactions list's filters, as the page keeps them in its URL. */
export interface TransactionFilters {
  kind?: TransactionKind;
  from?: string;
  to?: string;
  page: number;
}

export function usePaymentsSummary() {
  return useQuery({
    queryKey: queryKeys.sellerPayments.summary,
    queryFn: ({ signal }) => apiGet("/api/my/payments/summary", paymentsSummarySchema, { signal }),
  });
}

/**
 * The contract names one payout, not the list's envelope: a page ({ items, ... }) or a bare array
 * are both read as the list.
 */
const payoutListSchema = z.union([
  z.looseObject({ items: z.array(payoutSchema) }).transform(({ items }) => ({ items })),
  z.array(payoutSchema).transform((items) => ({ items })),
]);

/** GET /api/my/payments/payouts: the seller's payouts, newest first. */
export function usePayouts() {
  return useQuery({
    queryKey: queryKeys.sellerPayments.payouts,
    queryFn: ({ signal }) => apiGet("/api/my/payments/payouts", payoutListSchema, { signal }),
  });
}

function filterQuery(filters: Omit<TransactionFilters, "page">) {
  return { kind: filters.kind, from: filters.from, to: filters.to };
}

export function useTransactions(filters: TransactionFilters) {
  return useQuery({
    queryKey: queryKeys.sellerPayments.transactions(filters),
    queryFn: ({ signal }) =>
      apiGet("/api/my/payments/transactions", transactionPageSchema, {
        query: { ...filterQuery(filters), page: filters.page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV download's address, with the same filters as the list on screen. */
export function transactionsCsvUrl(filters: Omit<TransactionFilters, "page">): string {
  const search = toSearchParams(filterQuery(filters)).toString();
  return `/api/my/payments/transactions.csv${search ? `?${search}` : ""}`;
}

export function useStatement(month: string) {
  return useQuery({
    queryKey: queryKeys.sellerPayments.statement(month),
    queryFn: ({ signal }) =>
      apiGet(`/api/my/payments/statements/${encodeURIComponent(month)}`, statementSchema, {
        signal,
      }),
  });
}

export function usePayoutSettings() {
  return useQuery({
    queryKey: queryKeys.sellerPayments.settings,
    queryFn: ({ signal }) => apiGet("/api/my/payments/settings", payoutSettingsSchema, { signal }),
  });
}

/** PUT /api/my/payments/settings: the payout schedule and minimum. */
export function useSaveSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedule: PayoutSchedule) =>
      apiRequest("/api/my/payments/settings", payoutSettingsSchema, {
        method: "PUT",
        body: schedule,
      }),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.sellerPayments.settings, settings);
      void client.invalidateQueries({ queryKey: queryKeys.sellerPayments.summary });
    },
  });
}

/**
 * POST /api/my/payments/onboarding: the sandbox's bank details, or (Stripe, no body) the link to
 * Stripe's hosted onboarding the caller follows.
 */
export function useOnboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: SandboxOnboarding | undefined) =>
      apiRequest("/api/my/payments/onboarding", onboardingResponseSchema, {
        method: "POST",
        body: details ?? {},
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.sellerPayments.all });
    },
  });
}
