import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import type { REPORT_REASONS } from "../../../../core/contracts/messages";
import { apiRequest } from "../../../lib/api-client";

export interface ReportInput {
  reason: (typeof REPORT_REASONS)[number];
  comment: string;
}

/** POST /api/me/conversations/{id}/reports: stored for moderation; nothing on screen changes. */
export function reportConversation(conversationId: string, input: ReportInput) {
  return apiRequest(
    `/api/me/conversations/${encodeURIComponent(conversationId)}/reports`,
    z.unknown(),
    { method: "POST", body: input },
  );
}

export function useReportConversation(conversationId: string) {
  return useMutation({
    mutationFn: (input: ReportInput) => reportConversation(conversationId, input),
  });
}
