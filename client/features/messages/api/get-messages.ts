import { useInfiniteQuery } from "@tanstack/react-query";
import {
  MESSAGE_LIMITS,
  type MessagePage,
  messagePageSchema,
} from "../../../../core/contracts/messages";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/me/conversations/{id}/messages: oldest first; `before` pages back in time. */
export function getMessages(
  conversationId: string,
  query: { before?: string; limit?: number },
  signal?: AbortSignal,
): Promise<MessagePage> {
  return apiGet(
    `/api/me/conversations/${encodeURIComponent(conversationId)}/messages`,
    messagePageSchema,
    { query, signal },
  );
}

/**
 * A conversation's messages: the first page is the newest, each next page the one before it
 * (scrolling up). Live messages are appended to the first page (client/features/messages/cache.ts).
 */
export function useMessageThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.thread(conversationId),
    queryFn: ({ pageParam, signal }) =>
      getMessages(conversationId, { before: pageParam, limit: MESSAGE_LIMITS.pageSize }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
  });
}
