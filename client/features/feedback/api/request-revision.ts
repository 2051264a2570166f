import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineFeedbackSchema, type RevisionRequestInput } from "../../../../core/contracts/feedback";
import { apiRequest } from "../../../lib/api-client";
import { afterFeedbackChanged } from "../cache";

/** POST /api/feedback/{id}/revision-request: the seller asks the buyer to revise, once. */
export function requestRevision({
  feedbackId,
  input,
}: {
  feedbackId: string;
  input: RevisionRequestInput;
}) {
  return apiRequest(
    `/api/feedback/${encodeURIComponent(feedbackId)}/revision-request`,
    lineFeedbackSchema,
    { method: "POST", body: input },
  );
}

export function useRequestRevision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestRevision,
    onSuccess: () => {
      void afterFeedbackChanged(client);
    },
  });
}
