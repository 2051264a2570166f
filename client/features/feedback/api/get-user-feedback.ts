import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { receivedFeedbackPageSchema } from "../../../../core/contracts/feedback";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

export const RECENT_FEEDBACK_PAGE_SIZE = 5;

/** GET /api/users/{id}/feedback: what buyers said about this seller, newest first. */
export function getUserFeedback(userId: string, page: number, signal?: AbortSignal) {
  return apiGet(`/api/users/${encodeURIComponent(userId)}/feedback`, receivedFeedbackPageSchema, {
    query: { from: "buyers", page, pageSize: RECENT_FEEDBACK_PAGE_SIZE },
    signal,
  });
}

export function useUserFeedback(userId: string, page: number) {
  return useQuery({
    queryKey: queryKeys.feedback.received(userId, "buyers", page),
    queryFn: ({ signal }) => getUserFeedback(userId, page, signal),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}
