import { useMutation, useQueryClient } from "@tanstack/react-query";
import { lineFeedbackSchema } from "../../../../core/contracts/feedback";
import { apiRequest } from "../../../lib/api-client";
import { afterFeedbackReplied } from "../cache";

/** POST /api/feedback/{id}/reply: the one reply of the person the feedback is about. */
export function replyToFeedback({ id, reply }: { id: string; reply: string }) {
  return apiRequest(`/api/feedback/${encodeURIComponent(id)}/reply`, lineFeedbackSchema, {
    method: "POST",
    body: { reply },
  });
}

export function useReplyToFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: replyToFeedback,
    onSuccess: () => {
      void afterFeedbackReplied(client);
    },
  });
}
