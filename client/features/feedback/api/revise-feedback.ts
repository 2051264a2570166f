import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineFeedbackSchema, type ReviseFeedbackInput } from "../../../../core/contracts/feedback";
import { apiRequest } from "../../../lib/api-client";
import { afterFeedbackChanged } from "../cache";

/** POST /api/feedback/{id}/revision: the buyer's one revision, when the seller asked. */
export function reviseFeedback({
  feedbackId,
  input,
}: {
  feedbackId: string;
  input: ReviseFeedbackInput;
}) {
  return apiRequest(
    `/api/feedback/${encodeURIComponent(feedbackId)}/revision`,
    lineFeedbackSchema,
    { method: "POST", body: input },
  );
}

export function useReviseFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviseFeedback,
    onSuccess: () => {
      void afterFeedbackChanged(client);
    },
  });
}
