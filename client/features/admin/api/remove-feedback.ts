import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineFeedbackSchema } from "../../../../core/contracts/feedback";
import { apiRequest } from "../../../lib/api-client";
import { invalidate } from "../../../lib/invalidate";
import { queryKeys } from "../../../lib/query-keys";
import { afterStaffAction } from "../cache";

/** POST /api/admin/feedback/{id}/remove: feedback that breaks policy, with the reason. */
export function removeFeedback(id: string, reason: string) {
  return apiRequest(`/api/admin/feedback/${encodeURIComponent(id)}/remove`, lineFeedbackSchema, {
    method: "POST",
    body: { reason },
  });
}

export function useRemoveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; reason: string }) => removeFeedback(input.id, input.reason),
    onSuccess: () => {
      // The seller's rating and profile no longer count it.
      void afterStaffAction(queryClient);
      void invalidate(queryClient, [queryKeys.feedback.all]);
    },
  });
}
