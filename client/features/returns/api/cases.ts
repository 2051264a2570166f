import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CaseDecisionInput,
  caseDetailsSchema,
  returnsListSchema,
} from "../../../../core/contracts/returns";
import { apiGet, apiRequest } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";
import { afterReturnChanged } from "../cache";

/** GET /api/admin/cases: cases waiting for staff (expedited first), or the latest decided. */
export function useCases(status: "open" | "decided") {
  return useQuery({
    queryKey: queryKeys.returns.cases(status),
    queryFn: ({ signal }) =>
      apiGet("/api/admin/cases", returnsListSchema, { query: { status }, signal }),
  });
}

/** GET /api/admin/cases/{id}: one case with its evidence and the parties' messages. */
export function useCase(id: string) {
  return useQuery({
    queryKey: queryKeys.returns.case(id),
    queryFn: ({ signal }) =>
      apiGet(`/api/admin/cases/${encodeURIComponent(id)}`, caseDetailsSchema, { signal }),
  });
}

/** POST /api/admin/cases/{id}/decision: staff decide, with a reason both sides receive. */
export function useDecideCase(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CaseDecisionInput) =>
      apiRequest(`/api/admin/cases/${encodeURIComponent(id)}/decision`, caseDetailsSchema, {
        method: "POST",
        body: input,
      }),
    onSuccess: () => afterReturnChanged(client),
  });
}
