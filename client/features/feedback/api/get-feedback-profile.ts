import { useQuery } from "@tanstack/react-query";
import { feedbackProfileSchema } from "../../../../core/contracts/feedback";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/users/{id}/feedback-profile: the seller's figures from buyers' feedback. */
export function getFeedbackProfile(userId: string, signal?: AbortSignal) {
  return apiGet(
    `/api/users/${encodeURIComponent(userId)}/feedback-profile`,
    feedbackProfileSchema,
    { signal },
  );
}

export function useFeedbackProfile(userId: string) {
  return useQuery({
    queryKey: queryKeys.feedback.profile(userId),
    queryFn: ({ signal }) => getFeedbackProfile(userId, signal),
    enabled: Boolean(userId),
  });
}
