import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import {
  type ConversationFolder,
  type ConversationPage,
  conversationPageSchema,
} from "../../../../core/contracts/messages";
import { apiGet } from "../../../lib/api-client";
import { useLiveUser } from "../../../lib/live-auctions";
import { queryKeys } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";

/** Conversations per page of the list ("Load more" asks for the next). */
export const CONVERSATION_PAGE_SIZE = 20;

/** GET /api/me/conversations: one folder, newest activity first, optionally searched. */
export function getConversations(
  query: { folder?: ConversationFolder; search?: string; page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return apiGet("/api/me/conversations", conversationPageSchema, { query, signal });
}

/** One folder's conversations (and the folder counts), a page at a time. */
export function useConversationList(folder: ConversationFolder, search: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.messages.list({ folder, search }),
    queryFn: ({ pageParam, signal }) =>
      getConversations(
        { folder, search: search || undefined, page: pageParam, pageSize: CONVERSATION_PAGE_SIZE },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    // Searching keeps the previous results on screen until the new ones arrive.
    placeholderData: (previous) => previous,
  });
}

/**
 * The header's unread message count (signed in only): the lightest list answer carries it, and
 * the live events keep it current, so the user's topic is followed while it is on screen.
 */
export function useUnreadMessageCount(): number {
  const { user } = useSession();
  useLiveUser(user?.id);
  const query = useQuery({
    queryKey: queryKeys.messages.unread,
    queryFn: ({ signal }) =>
      getConversations({ pageSize: 1 }, signal).then((page) => page.unreadTotal),
    enabled: Boolean(user),
    // The live connection pushes changes; this only covers a page left open without one.
    staleTime: 60_000,
  });
  return user ? (query.data ?? 0) : 0;
}
