import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { listingRuleSchema, listingRulesSchema } from "../../../../core/contracts/admin";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterAdminDataChanged } from "../cache";

/** GET /api/admin/listing-rules: the words and categories that hold a new listing for review. */
export function getListingRules(signal?: AbortSignal) {
  return apiGet("/api/admin/listing-rules", listingRulesSchema, { signal });
}

export function useListingRules() {
  return useQuery({
    queryKey: queryKeys.admin.rules,
    queryFn: ({ signal }) => getListingRules(signal),
  });
}

/** POST /api/admin/listing-rules (admin only). */
export function addListingRule(input: { kind: "word" | "category"; value: string }) {
  return apiRequest("/api/admin/listing-rules", listingRuleSchema, {
    method: "POST",
    body: input,
  });
}

export function useAddListingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListingRule,
    onSuccess: () => {
      void afterAdminDataChanged(queryClient);
    },
  });
}

/** DELETE /api/admin/listing-rules/{id} (admin only). */
export function deleteListingRule(id: string) {
  return apiRequest(`/api/admin/listing-rules/${encodeURIComponent(id)}`, z.unknown(), {
    method: "DELETE",
  });
}

export function useDeleteListingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListingRule,
    onSuccess: () => {
      void afterAdminDataChanged(queryClient);
    },
  });
}
