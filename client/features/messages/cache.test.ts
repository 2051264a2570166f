import {
  type InfiniteData,
  InfiniteQueryObserver,
  QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type {
  Conversation,
  ConversationPage,
  Message,
  MessagePage,
} from "../../../core/contracts/messages";
import { queryKeys } from "../../lib/query-keys";
import { afterConversationRead, afterMessageSent, onMessageCreated, onMessagesRead } from "./cache";

const ME = "me";
const THEM = "them";
const CONVERSATION = "c1";

function message(id: string, senderId: string, createdAt: string, read = false): Message {
  return { id, conversationId: CONVERSATION, senderId, text: id, attachments: [], read, createdAt };
}

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: CONVERSATION,
    otherUser: { id: THEM, username: "them", avatarUrl: null },
    listing: null,
    lastMessage: {
      senderId: THEM,
      text: "m1",
      attachmentCount: 0,
      createdAt: "2029-01-01T10:00:00.000Z",
    },
    unreadCount: 1,
    folder: "inbox",
    listedIn: ["inbox"],
    blockedByMe: false,
    blockedMe: false,
    otherSuspended: false,
    updatedAt: "2029-01-01T10:00:00.000Z",
    ...overrides,
  };
}

let client: QueryClient;
const listKey = queryKeys.messages.list({ folder: "inbox", search: "" });
const threadKey = queryKeys.messages.thread(CONVERSATION);
const isInvalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
const thread = () =>
  client
    .getQueryData<InfiniteData<MessagePage>>(threadKey)
    ?.pages.flatMap((page) => page.items.map((m) => `${m.id}:${m.read ? "read" : "unread"}`));
const listed = () =>
  client.getQueryData<InfiniteData<ConversationPage>>(listKey)?.pages[0]?.items[0];

beforeEach(() => {
  client = new QueryClient();
  client.setQueryData(queryKeys.session.current, { user: { id: ME } });
  const page: ConversationPage = {
    items: [conversation()],
    total: 1,
    page: 1,
    pageSize: 20,
    unreadTotal: 1,
    folderCounts: { inbox: 1, sent: 0, archived: 0, trash: 0 },
  };
  client.setQueryData<InfiniteData<ConversationPage>>(listKey, { pages: [page], pageParams: [1] });
  // Newest page first: m2 and m3 are newer than m1 on the page before.
  client.setQueryData<InfiniteData<MessagePage>>(threadKey, {
    pages: [
      {
        items: [
          message("m2", ME, "2029-01-01T09:00:00.000Z", true),
          message("m3", THEM, "2029-01-01T10:00:00.000Z"),
        ],
        hasMore: true,
      },
      { items: [message("m1", THEM, "2029-01-01T08:00:00.000Z", true)], hasMore: false },
    ],
    pageParams: [undefined, "m2"],
  });
  client.setQueryData(queryKeys.messages.unread, 1);
});

describe("messages in the cache", () => {
  it("message.created appends the message once, raises the badge and shows it as the latest", () => {
    const incoming = message("m4", THEM, "2029-01-01T11:00:00.000Z");
    onMessageCreated(client, { message: incoming, unreadTotal: 2 });
    onMessageCreated(client, { message: incoming, unreadTotal: 2 });

    expect(thread()).toEqual(["m2:read", "m3:unread", "m4:unread", "m1:read"]);
    expect(client.getQueryData(queryKeys.messages.unread)).toBe(2);
    expect(listed()).toMatchObject({ unreadCount: 2, lastMessage: { text: "m4" } });
    expect(
      client.getQueryData<InfiniteData<ConversationPage>>(listKey)?.pages[0]?.unreadTotal,
    ).toBe(2);
    expect(isInvalidated(listKey)).toBe(true);
  });

  it("a sent message joins the thread once, even when its live event came first", async () => {
    const mine = message("m5", ME, "2029-01-01T12:00:00.000Z");
    onMessageCreated(client, { message: mine, unreadTotal: 1 });
    await afterMessageSent(client, mine);
    expect(thread()?.filter((m) => m.startsWith("m5"))).toHaveLength(1);
    expect(listed()).toMatchObject({ unreadCount: 1, lastMessage: { senderId: ME, text: "m5" } });
  });

  it("a sent message outlives a thread fetch that read the thread before it was written", async () => {
    const mine = message("m5", ME, "2029-01-01T12:00:00.000Z");
    const older = {
      items: [message("m1", THEM, "2029-01-01T08:00:00.000Z", true)],
      hasMore: false,
    };
    const newest = (withMine: boolean) => ({
      items: [
        message("m2", ME, "2029-01-01T09:00:00.000Z", true),
        message("m3", THEM, "2029-01-01T10:00:00.000Z"),
        ...(withMine ? [mine] : []),
      ],
      hasMore: true,
    });
    // The open chat's thread; its first fetch answers with the thread as it was before the send.
    let answerStale: () => void = () => {};
    const stale = new Promise<void>((resolve) => {
      answerStale = resolve;
    });
    let fetches = 0;
    const chat = new InfiniteQueryObserver(client, {
      queryKey: threadKey,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page: MessagePage) => (page.hasMore ? "m2" : undefined),
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: async ({ pageParam }): Promise<MessagePage> => {
        if (pageParam !== undefined) return older;
        fetches++;
        if (fetches === 1) {
          await stale;
          return newest(false);
        }
        return newest(true);
      },
    });
    const unsubscribe = chat.subscribe(() => {});
    const inFlight = chat.refetch();
    await vi.waitFor(() => expect(fetches).toBe(1));

    await afterMessageSent(client, mine);
    answerStale();
    await inFlight;
    await vi.waitFor(() => expect(thread()).toContain("m5:unread"));
    unsubscribe();
  });

  it("reading marks the other side's messages read, not mine, and sets the badge", () => {
    client.setQueryData<InfiniteData<MessagePage>>(threadKey, (data) =>
      data
        ? {
            ...data,
            pages: [
              {
                ...(data.pages[0] as MessagePage),
                items: [
                  message("m2", ME, "2029-01-01T09:00:00.000Z"),
                  message("m3", THEM, "2029-01-01T10:00:00.000Z"),
                ],
              },
              ...data.pages.slice(1),
            ],
          }
        : data,
    );
    afterConversationRead(client, CONVERSATION, { unreadTotal: 0 });
    expect(thread()).toEqual(["m2:unread", "m3:read", "m1:read"]);
    expect(client.getQueryData(queryKeys.messages.unread)).toBe(0);
    expect(listed()?.unreadCount).toBe(0);
  });

  it("messages.read sets the badge and has the conversation refetched (it does not say who read)", () => {
    onMessagesRead(client, {
      conversationId: CONVERSATION,
      unreadTotal: 0,
    });
    expect(client.getQueryData(queryKeys.messages.unread)).toBe(0);
    expect(isInvalidated(threadKey)).toBe(true);
    expect(isInvalidated(listKey)).toBe(true);
  });
});
