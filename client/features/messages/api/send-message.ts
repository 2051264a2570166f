import { useMutation, useQueryClient } from "@tanstack/react-query";
import { messageSchema, type SendMessageInput } from "../../../../core/contracts/messages";
import { apiRequest } from "../../../lib/api-client";
import { afterMessageSent } from "../cache";

/** POST /api/me/conversations/{id}/messages: text, attachments uploaded first, or both. */
export function sendMessage(conversationId: string, input: SendMessageInput) {
  return apiRequest(
    `/api/me/conversations/${encodeURIComponent(conversationId)}/messages`,
    messageSchema,
    { method: "POST", body: input },
  );
}

export function useSendMessage(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(conversationId, input),
    onSuccess: (message) => {
      void afterMessageSent(client, message);
    },
  });
}
