import { useMutation, useQueryClient } from "@tanstack/react-query";
import { markReadResultSchema } from "../../../../core/contracts/messages";
import { apiRequest } from "../../../lib/api-client";
import { afterConversationRead } from "../cache";

/** POST /api/me/conversations/{id}/read: every message to the viewer in it is read. */
export function markConversationRead(conversationId: string) {
  return apiRequest(
    `/api/me/conversations/${encodeURIComponent(conversationId)}/read`,
    markReadResultSchema,
    { method: "POST" },
  );
}

/** Marks read; the spec has a failure here pass silently (the next view tries again). */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (result, conversationId) => afterConversationRead(client, conversationId, result),
  });
}
