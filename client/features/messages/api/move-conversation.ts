import { useMutation, useQueryClient } from "@tanstack/react-query";
import { conversationSchema, type MOVABLE_FOLDERS } from "../../../../core/contracts/messages";
import { apiRequest } from "../../../lib/api-client";
import { afterConversationMoved } from "../cache";

export type MovableFolder = (typeof MOVABLE_FOLDERS)[number];

/** PATCH /api/me/conversations/{id} {folder}: archive, trash, or restore to the inbox (per user). */
export function moveConversation(conversationId: string, folder: MovableFolder) {
  return apiRequest(
    `/api/me/conversations/${encodeURIComponent(conversationId)}`,
    conversationSchema,
    { method: "PATCH", body: { folder } },
  );
}

export function useMoveConversation(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (folder: MovableFolder) => moveConversation(conversationId, folder),
    onSuccess: (conversation) => afterConversationMoved(client, conversation),
  });
}
