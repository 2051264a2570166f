import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type LeaveFeedbackInput, lineFeedbackSchema } from "../../../../core/contracts/feedback";
import { apiRequest } from "../../../lib/api-client";
import { afterFeedbackLeft } from "../cache";

export interface LeaveFeedbackVariables {
  orderId: string;
  lineId: string;
  input: LeaveFeedbackInput;
}

/** POST /api/orders/{orderId}/lines/{lineId}/feedback: the buyer's or the seller's, once. */
export function leaveFeedback({ orderId, lineId, input }: LeaveFeedbackVariables) {
  return apiRequest(
    `/api/orders/${encodeURIComponent(orderId)}/lines/${encodeURIComponent(lineId)}/feedback`,
    lineFeedbackSchema,
    { method: "POST", body: input },
  );
}

export function useLeaveFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveFeedback,
    onSuccess: () => {
      void afterFeedbackLeft(client);
    },
  });
}
