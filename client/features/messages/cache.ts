import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Session } from "../../../core/contracts/accounts";
import type {
  Conversation,
  ConversationPage,
  Message,
  MessagePage,
} from "../../../core/contracts/messages";
import { invalidate } from "../../lib/invalidate";
import type { LiveEffect } from "../../lib/live-events";
import { queryKeys } from "../../lib/query-keys";

type CachedConversations = InfiniteData<ConversationPage, number>;
type CachedThread = InfiniteData<MessagePage, string | undefined>;

/** Who is signed in, as the session query last said (live handlers have no component to ask). */
function viewerId(client: QueryClient): string | undefined {
  return client.getQueryData<Session>(queryKeys.session.current)?.user?.id;
}

/** Writes a change into every cached conversation list: each conversation, and the unread total. */
function patchConversationLists(
  client: QueryClient,
  patch: (conversation: Conversation) => Conversation,
  unreadTotal?: number,
): void {
  client.setQueriesData<CachedConversations>({ queryKey: queryKeys.messages.lists }, (data) => {
    if (!data?.pages) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map(patch),
        unreadTotal: unreadTotal ?? page.unreadTotal,
      })),
    };
  });
}

function patchConversation(
  client: QueryClient,
  id: string,
  patch: (conversation: Conversation) => Conversation,
): void {
  patchConversationLists(client, (c) => (c.id === id ? patch(c) : c));
  client.setQueryData<Conversation>(queryKeys.messages.detail(id), (c) => (c ? patch(c) : c));
}

/** The header's unread badge, and the count every cached list page carries. */
function setUnreadTotal(client: QueryClient, unreadTotal: number): void {
  client.setQueryData<number>(queryKeys.messages.unread, unreadTotal);
  patchConversationLists(client, (c) => c, unreadTotal);
}

/**
 * Adds a message to the newest page of its conversation's cached thread, once (the sender's own
 * answer and the live event both bring it). Answers whether it was new there.
 */
function appendToThread(client: QueryClient, message: Message): boolean {
  const key = queryKeys.messages.thread(message.conversationId);
  // A fetch of the thread already on its way may have read it before this message was written, and
  // would replace the thread without it when it lands: it is dropped and the thread fetched again.
  if (client.isFetching({ queryKey: key }) > 0) void client.invalidateQueries({ queryKey: key });
  let added = false;
  client.setQueryData<CachedThread>(key, (data) => {
    if (!data?.pages?.length) return data;
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    added = true;
    const [newest, ...older] = data.pages as [MessagePage, ...MessagePage[]];
    return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
  });
  return added;
}

/**
 * Shows a message as its conversation's latest in the lists and the chat header. Only a message
 * newer than the one shown counts, so running it twice changes nothing the second time.
 */
function showAsLatest(client: QueryClient, message: Message, me: string | undefined): void {
  patchConversation(client, message.conversationId, (c) => {
    if (c.lastMessage && Date.parse(c.lastMessage.createdAt) >= Date.parse(message.createdAt))
      return c;
    const toMe = me !== undefined && message.senderId !== me && !message.read;
    return {
      ...c,
      lastMessage: {
        senderId: message.senderId,
        text: message.text,
        attachmentCount: message.attachments.length,
        createdAt: message.createdAt,
      },
      unreadCount: toMe ? c.unreadCount + 1 : c.unreadCount,
      updatedAt: message.createdAt,
    };
  });
}

/**
 * The messages whose conversation lists were already asked for again, per cache: the sender hears
 * of a message twice (its own answer and the live event), in either order, and one refetch of the
 * lists is enough. Only the latest few are kept: a message comes back, if ever, within seconds.
 */
const listsRefreshedFor = new WeakMap<QueryClient, string[]>();
const REMEMBERED_MESSAGES = 50;

/**
 * Refetches the conversation lists for a new message (order and folders are the server's: a new
 * conversation, one back from the archive, a reply moving into Sent), once per message.
 */
function refreshListsFor(client: QueryClient, message: Message): Promise<void> {
  const seen = listsRefreshedFor.get(client) ?? [];
  // Marked stale all the same: the message's own write since then would otherwise leave a list
  // that is not on screen looking fresh, and it would not refetch when shown.
  if (seen.includes(message.id)) return invalidate(client, [queryKeys.messages.lists], "none");
  listsRefreshedFor.set(client, [...seen.slice(1 - REMEMBERED_MESSAGES), message.id]);
  return invalidate(client, [queryKeys.messages.lists]);
}

/** A message was sent: it shows in the chat and as the latest at once; the lists re-sort. */
export function afterMessageSent(client: QueryClient, message: Message): Promise<void> {
  appendToThread(client, message);
  showAsLatest(client, message, viewerId(client));
  // A reply moves the conversation to the top, and into Sent.
  return refreshListsFor(client, message);
}

/** A conversation was started or reopened (with its first message): the lists gain it. */
export function afterConversationStarted(
  client: QueryClient,
  { conversation, message }: { conversation: Conversation; message: Message | null },
): Promise<void> {
  client.setQueryData(queryKeys.messages.detail(conversation.id), conversation);
  if (!message) return invalidate(client, [queryKeys.messages.lists]);
  appendToThread(client, message);
  return refreshListsFor(client, message);
}

/** The viewer read a conversation: its messages to them turn read, and the badge drops. */
export function afterConversationRead(
  client: QueryClient,
  conversationId: string,
  { unreadTotal }: { unreadTotal: number },
): void {
  const me = viewerId(client);
  setUnreadTotal(client, unreadTotal);
  patchConversation(client, conversationId, (c) => ({ ...c, unreadCount: 0 }));
  client.setQueryData<CachedThread>(queryKeys.messages.thread(conversationId), (data) => {
    if (!data?.pages) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((m) => (m.senderId !== me && !m.read ? { ...m, read: true } : m)),
      })),
    };
  });
}

/**
 * Archived, trashed or restored: it changes lists and folder counts, and the badge (the trash
 * does not count).
 */
export function afterConversationMoved(
  client: QueryClient,
  conversation: Conversation,
): Promise<void> {
  client.setQueryData(queryKeys.messages.detail(conversation.id), conversation);
  return invalidate(client, [queryKeys.messages.lists, queryKeys.messages.unread]);
}

/** Blocked or unblocked: every conversation with that user shows it (and takes messages or not). */
export function afterBlockChanged(client: QueryClient, userId: string): Promise<void> {
  const touched = (c: Conversation) => c.otherUser.id === userId;
  return invalidate(client, [
    queryKeys.messages.lists,
    ...client
      .getQueriesData<Conversation>({ queryKey: queryKeys.messages.all })
      .filter(([key, data]) => key[key.length - 1] === "detail" && data && touched(data))
      .map(([key]) => key),
  ]);
}

/** A message arrived (told live, to both sides): the chat, the lists and the badge show it. */
export const onMessageCreated: LiveEffect<"message.created"> = (
  client,
  { message, unreadTotal },
) => {
  setUnreadTotal(client, unreadTotal);
  appendToThread(client, message);
  showAsLatest(client, message, viewerId(client));
  // Order, folders (a new conversation, one coming back from the archive) are the server's.
  void refreshListsFor(client, message);
};

/** A conversation was read (told live, to both sides): the badge, and which messages are read. */
export const onMessagesRead: LiveEffect<"messages.read"> = (
  client,
  { conversationId, unreadTotal },
) => {
  setUnreadTotal(client, unreadTotal);
  // Both sides hear it and it does not say who read: the open chat asks which of its messages
  // are read now (the other side's show "Seen"; the reader's own tabs lose their unread marks).
  void invalidate(client, [queryKeys.messages.lists, queryKeys.messages.item(conversationId)]);
};
