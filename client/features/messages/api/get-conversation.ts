import { useQuery } from "@tanstack/react-query";
import { conversationSchema } from "../../../../core/contracts/messages";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/conversations/{id}: the other user, the listing it is about, folder and blocks. */
export function getConversation(id: string, signal?: AbortSignal) {
  return apiGet(`/api/me/conversations/${encodeURIComponent(id)}`, conversationSchema, { signal });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: queryKeys.messages.detail(id),
    queryFn: ({ signal }) => getConversation(id, signal),
  });
}
