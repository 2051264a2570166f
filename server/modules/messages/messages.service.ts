import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import {
  CHAT_MESSAGES,
  type Conversation,
  type ConversationFolder,
  type ConversationPage,
  MESSAGE_LIMITS,
  type Message,
  type MessagePage,
  type MOVABLE_FOLDERS,
  type REPORT_REASONS,
} from "../../../core/contracts/messages";
import { ERROR_CODES } from "../../../core/errors";
import { topics } from "../../../core/events";
import { notificationText } from "../../../core/notifications";
import type { Db } from "../../db/client";
import { escapeLike } from "../../db/escape-like";
import { isoTime, preparedRows, rows, uuidList } from "../../db/rows";
import { AppError, badRequest, notFound } from "../../errors";
import type { LimitCounters } from "../../plugins/limit-counters";
import {
  fitsInline,
  LIVE_EVENTS_CHANNEL,
  PUBLISHED_AT_SQL,
  publish,
} from "../../plugins/realtime-bus";
import { displayPriceExpression } from "../listings/listing-visibility";
import { toAttachment } from "./attachments.service";
import {
  assertListingOfParty,
  assertNotBlocked,
  assertNotSelf,
  assertParticipant,
  assertRecipientNotSuspended,
  canonicalPair,
  otherParticipant,
  type Pair,
} from "./messages.policy";

/**
 * A new message's email waits this long: someone with the chat open reads it first and gets no
 * email, and a burst of messages makes one (later notices of the same conversation wait for it).
 */
export const MESSAGE_EMAIL_DELAY_SECONDS = 60;
/** The last message's text as the conversation list previews it. */
const PREVIEW_LENGTH = 200;

// ---------- rate limits ----------

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one action of `userId` against `max` a window on the shared counters (the database's on
 * a PostgreSQL server, so instances do not each allow the limit); 429 past it.
 */
async function takeSlot(
  counters: LimitCounters,
  name: string,
  userId: string,
  max: number,
  windowMs: number,
  what: string,
  leased = false,
): Promise<void> {
  const key = `${name}|${userId}`;
  const hit = leased ? await counters.take(key, windowMs, max) : await counters.hit(key, windowMs);
  if (hit.count > max)
    throw new AppError(
      429,
      ERROR_CODES.rateLimited,
      `${what}. Please wait ${waitText(hit.resetInMs)} and try again.`,
    );
}

const sendingSlot = (counters: LimitCounters, userId: string) =>
  takeSlot(
    counters,
    "messages-sent",
    userId,
    MESSAGE_LIMITS.messagesPerMinute,
    60_000,
    "You're sending messages too quickly",
    // Taken a few at a time from the shared count (leaseSize: 2 of 30): half the sends pay no
    // statement for it. Never more than the limit; a sender spread over several instances may
    // get a slot or two fewer in a minute.
    true,
  );

const newConversationSlot = (counters: LimitCounters, userId: string) =>
  takeSlot(
    counters,
    "conversations-started",
    userId,
    MESSAGE_LIMITS.conversationsPerHour,
    60 * 60_000,
    "You've started too many new conversations in the last hour",
  );

// ---------- reading ----------

interface SummaryRow {
  id: string;
  folder: string;
  createdAt: Date | string;
  lastMessageAt: Date | string | null;
  otherId: string;
  otherUsername: string;
  otherAvatarUrl: string | null;
  listingId: string | null;
  listingTitle: string | null;
  listingPriceCents: number | null;
  listingThumbUrl: string | null;
  lastSenderId: string | null;
  lastText: string | null;
  lastAttachmentCount: number | null;
  lastCreatedAt: Date | string | null;
  unreadCount: number;
  inInbox: boolean;
  inSent: boolean;
  blockedByMe: boolean;
  blockedMe: boolean;
  otherSuspended: boolean;
}

/** The viewer's participant row `p`, the other's `op` and user `o`, the conversation `c`, its listing `l`. */
const FROM = sql`from conversation_participants p
  join conversations c on c.id = p.conversation_id
  join conversation_participants op on op.conversation_id = c.id and op.user_id <> p.user_id
  join users o on o.id = op.user_id
  left join listings l on l.id = c.listing_id`;

/** Conversations of `userId` matching `filter`, as the list shows them; `tail` orders and pages. */
function summaries(userId: string, filter: SQL, tail: SQL = sql``): SQL {
  return sql`select c.id, p.folder, c.created_at as "createdAt", c.last_message_at as "lastMessageAt",
      o.id as "otherId", o.username as "otherUsername", o.avatar_url as "otherAvatarUrl",
      l.id as "listingId", l.title as "listingTitle",
      case when l.id is null then null else ${displayPriceExpression} end as "listingPriceCents",
      (select i.thumb_url from listing_images i where i.listing_id = l.id
        order by i.position limit 1) as "listingThumbUrl",
      lm.sender_id as "lastSenderId", left(lm.text, ${PREVIEW_LENGTH}) as "lastText",
      lm.created_at as "lastCreatedAt",
      (select count(*)::int from message_attachments ma where ma.message_id = lm.id)
        as "lastAttachmentCount",
      (select count(*)::int from messages u where u.conversation_id = c.id
        and u.recipient_id = ${userId} and u.read_at is null) as "unreadCount",
      (${folderFilter("inbox", userId)}) as "inInbox", (${folderFilter("sent", userId)}) as "inSent",
      exists (select 1 from user_blocks b where b.blocker_id = ${userId} and b.blocked_id = o.id)
        as "blockedByMe",
      exists (select 1 from user_blocks b where b.blocker_id = o.id and b.blocked_id = ${userId})
        as "blockedMe",
      o.suspended_at is not null as "otherSuspended"
    ${FROM}
    left join auction_settings a on a.listing_id = l.id
    left join lateral (select m.id, m.sender_id, m.text, m.created_at from messages m
      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) lm on true
    where p.user_id = ${userId} and ${filter}
    ${tail}`;
}

function toConversation(r: SummaryRow): Conversation {
  return {
    id: r.id,
    otherUser: { id: r.otherId, username: r.otherUsername, avatarUrl: r.otherAvatarUrl },
    listing:
      r.listingId === null
        ? null
        : {
            id: r.listingId,
            title: r.listingTitle ?? "",
            priceCents: r.listingPriceCents ?? 0,
            thumbUrl: r.listingThumbUrl,
          },
    lastMessage:
      r.lastCreatedAt === null
        ? null
        : {
            senderId: r.lastSenderId ?? "",
            text: r.lastText ?? "",
            attachmentCount: r.lastAttachmentCount ?? 0,
            createdAt: isoTime(r.lastCreatedAt),
          },
    unreadCount: r.unreadCount,
    // The CHECK constraint keeps any other folder out of the table.
    folder: r.folder as Conversation["folder"],
    listedIn:
      r.folder === "inbox"
        ? [...(r.inInbox ? ["inbox" as const] : []), ...(r.inSent ? ["sent" as const] : [])]
        : [r.folder as "archived" | "trash"],
    blockedByMe: r.blockedByMe,
    blockedMe: r.blockedMe,
    otherSuspended: r.otherSuspended,
    updatedAt: isoTime(r.lastMessageAt ?? r.createdAt),
  };
}

/**
 * Which of the viewer's conversations a folder lists. Inbox: not archived or trashed by them, and
 * with a message from the other side, or opened by the other side and written in. A conversation
 * the other side opened without a word (Purchase History's "Contact seller") is not shown to the
 * viewer until it has a message: an empty "No messages yet" in the inbox tells them nothing.
 * Sent: not archived or trashed, and they wrote in it. Archived and Trash: as they filed it.
 */
function folderFilter(folder: ConversationFolder, userId: string): SQL {
  switch (folder) {
    case "inbox":
      return sql`p.folder = 'inbox' and (op.last_sent_at is not null
        or (c.started_by <> ${userId} and c.last_message_at is not null))`;
    case "sent":
      return sql`p.folder = 'inbox' and p.last_sent_at is not null`;
    case "archived":
      return sql`p.folder = 'archived'`;
    case "trash":
      return sql`p.folder = 'trash'`;
  }
}

/** Matches the messages' text, the other user's username or the listing's title. */
function searchFilter(search: string): SQL {
  const like = `%${escapeLike(search)}%`;
  return sql`(o.username ilike ${like} or l.title ilike ${like}
    or exists (select 1 from messages s where s.conversation_id = c.id and s.text ilike ${like}))`;
}

/** The user's unread messages outside their trash, as a scalar subquery. */
/**
 * The user's unread messages outside their trash, as a scalar subquery. `backFromTrash`: a
 * conversation counted whatever its folder, for a statement that brings it back to the inbox but
 * cannot see its own write (writeMessage's).
 */
const unreadTotalOf = (userId: string, backFromTrash?: string) =>
  sql`(select count(*)::int from messages m
        join conversation_participants p on p.conversation_id = m.conversation_id
          and p.user_id = m.recipient_id
        where m.recipient_id = ${userId} and m.read_at is null
          and ${backFromTrash ? sql`(p.folder <> 'trash' or m.conversation_id = ${backFromTrash})` : sql`p.folder <> 'trash'`})`;

/**
 * pg_notify of message.created for `userId` with `unreadTotal`: the payload publish() builds,
 * `<topic>|<event>@<published at>|<json>`, the json as JSON.stringify({ message, unreadTotal }).
 */
const messageNotice = (userId: string, json: string, unreadTotal: SQL) =>
  sql`pg_notify(${LIVE_EVENTS_CHANNEL}, ${`${topics.user(userId)}|message.created@`}
    || ${PUBLISHED_AT_SQL} || '|'
    || json_build_object('message', ${json}::json, 'unreadTotal', ${unreadTotal})::text)`;

/** The user's unread messages outside their trash: the header's Messages badge. */
export async function unreadMessageTotal(db: Db, userId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select ${unreadTotalOf(userId)} as n`);
  return row?.n ?? 0;
}

async function folderCounts(db: Db, userId: string): Promise<ConversationPage["folderCounts"]> {
  const [row] = await rows<ConversationPage["folderCounts"]>(
    db,
    sql`select
          (count(*) filter (where ${folderFilter("inbox", userId)}))::int as inbox,
          (count(*) filter (where ${folderFilter("sent", userId)}))::int as sent,
          (count(*) filter (where ${folderFilter("archived", userId)}))::int as archived,
          (count(*) filter (where ${folderFilter("trash", userId)}))::int as trash
        ${FROM}
        where p.user_id = ${userId}`,
  );
  return row ?? { inbox: 0, sent: 0, archived: 0, trash: 0 };
}

export interface ConversationListOptions {
  folder: ConversationFolder;
  search?: string;
  page: number;
  pageSize: number;
}

/**
 * One folder of the user's conversations, most recently active first, a page at a time, searched
 * when asked; with the unread total and every folder's count.
 */
export async function listConversations(
  db: Db,
  userId: string,
  { folder, search, page, pageSize }: ConversationListOptions,
): Promise<ConversationPage> {
  const filter = search
    ? sql`${folderFilter(folder, userId)} and ${searchFilter(search)}`
    : folderFilter(folder, userId);
  const [found, [count], counts, unreadTotal] = await Promise.all([
    rows<SummaryRow>(
      db,
      summaries(
        userId,
        filter,
        sql`order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      ),
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n ${FROM} where p.user_id = ${userId} and ${filter}`,
    ),
    folderCounts(db, userId),
    unreadMessageTotal(db, userId),
  ]);
  return {
    items: found.map(toConversation),
    total: count?.n ?? 0,
    page,
    pageSize,
    unreadTotal,
    folderCounts: counts,
  };
}

/** The conversation's pair. */
async function pairOf(db: Db, id: string): Promise<Pair | undefined> {
  const [row] = await rows<Pair>(
    db,
    sql`select user_a as "userA", user_b as "userB" from conversations where id = ${id}`,
  );
  return row;
}

/** The conversation as a participant sees it; 404 for anyone else. */
export async function getConversation(db: Db, userId: string, id: string): Promise<Conversation> {
  assertParticipant(await pairOf(db, id), userId);
  return summaryOf(db, userId, id);
}

async function summaryOf(db: Db, userId: string, id: string): Promise<Conversation> {
  const [row] = await rows<SummaryRow>(db, summaries(userId, sql`c.id = ${id}`));
  if (!row) throw notFound("Conversation not found.", ERROR_CODES.conversationNotFound);
  return toConversation(row);
}

interface MessageRow {
  id: string;
  conversationId: string;
  senderId: string;
  text: string;
  readAt: Date | string | null;
  createdAt: Date | string;
  attachments: {
    id: string;
    type: string;
    name: string;
    size: number;
    width: number | null;
    height: number | null;
  }[];
}

const MESSAGE_COLUMNS = sql`m.id, m.conversation_id as "conversationId", m.sender_id as "senderId",
  m.text, m.read_at as "readAt", m.created_at as "createdAt",
  coalesce((select json_agg(json_build_object('id', ma.id, 'type', ma.type, 'name', ma.name,
      'size', ma.size, 'width', ma.width, 'height', ma.height) order by ma.position)
    from message_attachments ma where ma.message_id = m.id), '[]'::json) as attachments`;

function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    conversationId: r.conversationId,
    senderId: r.senderId,
    text: r.text,
    attachments: r.attachments.map(toAttachment),
    read: r.readAt !== null,
    createdAt: isoTime(r.createdAt),
  };
}

/**
 * A page of a conversation's messages for a participant, oldest first: the newest ones, or those
 * before the message `before` (scrolling up).
 */
export async function listMessages(
  db: Db,
  userId: string,
  conversationId: string,
  { before, limit }: { before?: string; limit: number },
): Promise<MessagePage> {
  assertParticipant(await pairOf(db, conversationId), userId);
  // A `before` that is not a message of this conversation matches nothing: an empty page.
  const cursor = before
    ? sql`and (m.created_at, m.id) < (select b.created_at, b.id from messages b
          where b.id = ${before} and b.conversation_id = ${conversationId})`
    : sql``;
  const found = await rows<MessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS} from messages m
        where m.conversation_id = ${conversationId} ${cursor}
        order by m.created_at desc, m.id desc
        limit ${limit + 1}`,
  );
  return {
    items: found.slice(0, limit).reverse().map(toMessage),
    hasMore: found.length > limit,
  };
}

// ---------- writing ----------

/**
 * What a send needs to know before it writes, in one statement: the conversation's pair, locked for
 * the rest of the transaction (it orders the conversation's messages and their last_message_at),
 * and, for the sender's counterpart, whether they are suspended and whether either blocked the
 * other, the sender's username for the notification and the transaction's time. Undefined for no
 * such conversation.
 */
async function lockForSending(db: Db, senderId: string, conversationId: string) {
  // Sent by name (preparedRows): every send runs it, so each connection parses and plans it once.
  const [row] = await preparedRows<
    Pair & {
      suspended: boolean;
      blockedByMe: boolean;
      blockedMe: boolean;
      sender: string | null;
      now: Date | string;
    }
  >(
    db,
    sql`select c.user_a as "userA", c.user_b as "userB",
          coalesce(o.suspended_at is not null, false) as suspended,
          exists (select 1 from user_blocks where blocker_id = ${senderId} and blocked_id = o.id)
            as "blockedByMe",
          exists (select 1 from user_blocks where blocker_id = o.id and blocked_id = ${senderId})
            as "blockedMe",
          (select username from users where id = ${senderId}) as sender,
          -- The transaction's time: the message's created_at (writeMessage).
          now() as now
        from conversations c
        left join users o on o.id = case when c.user_a = ${senderId} then c.user_b else c.user_a end
        where c.id = ${conversationId}
        for update of c`,
    "message_lock",
  );
  return row;
}

async function blocksBetween(db: Db, userId: string, otherId: string) {
  const [row] = await rows<{ blockedByMe: boolean; blockedMe: boolean }>(
    db,
    sql`select
          exists (select 1 from user_blocks where blocker_id = ${userId} and blocked_id = ${otherId})
            as "blockedByMe",
          exists (select 1 from user_blocks where blocker_id = ${otherId} and blocked_id = ${userId})
            as "blockedMe"`,
  );
  return row ?? { blockedByMe: false, blockedMe: false };
}

export interface MessageContent {
  text: string;
  attachments: string[];
}

const hasContent = (content: MessageContent) =>
  content.text.trim() !== "" || content.attachments.length > 0;

const INVALID_ATTACHMENTS = "Attachments must be files you uploaded and have not sent yet.";

/**
 * Writes a message from `senderId` in a conversation locked by the caller's transaction, whose
 * checks (participant, suspension, blocks) the caller has made: takes its attachments (the sender's
 * own unsent ones only), brings the conversation back to both inboxes, stores the recipient's
 * message_received notification (whose email waits a little and covers later ones), and tells both
 * participants live (message.created with their unread totals). `now` is the transaction's time
 * (now(), read by the caller's first statement): the message's created_at. One statement for a
 * message of text, events included; with attachments, three: the writes, the attachments, the events.
 */
async function writeMessage(
  tx: Db,
  senderId: string,
  conversation: Pair & { id: string },
  content: MessageContent,
  senderName: string,
  now: Date | string,
): Promise<Message> {
  const recipientId = otherParticipant(conversation, senderId);
  const ids = content.attachments;
  if (new Set(ids).size !== ids.length)
    throw badRequest(
      "Attach each file once.",
      { attachments: "Attach each file once." },
      ERROR_CODES.attachmentInvalid,
    );

  // The message is known before it is written: its id is drawn here (a random UUID, as the
  // column's default would draw it) and its created_at is the default now(), the transaction's
  // time the caller read. So a message of text can be told to both participants by the statement
  // that writes it, with no statement of its own for the events.
  const message: Message = {
    id: randomUUID(),
    conversationId: conversation.id,
    senderId,
    text: content.text.trim(),
    attachments: [],
    read: false,
    createdAt: isoTime(now),
  };
  const userIds = [recipientId, senderId];
  const notices = ids.length === 0 ? inlineNotices(message, userIds) : null;

  // One statement for every write: the sub-statements share a snapshot taken after the caller's
  // lock, so "an email already pending" is read as it was before this message, as it must be.
  // now() is the transaction's time: the message's created_at to the microsecond, and
  // last_message_at. The notification's trigger tells the recipient's pages (notifications.sql).
  // Sent by name (preparedRows), as the lock: one text with the events and one without.
  const [inserted] = await preparedRows<{ id: string }>(
    tx,
    sql`with m as (
          insert into messages (id, conversation_id, sender_id, recipient_id, text)
          values (${message.id}, ${conversation.id}, ${senderId}, ${recipientId}, ${message.text})
          returning id
        ), c as (
          update conversations set last_message_at = now() where id = ${conversation.id}
        ), p as (
          -- A new message brings an archived or trashed conversation back to both inboxes.
          update conversation_participants set folder = 'inbox',
            last_sent_at = case when user_id = ${senderId} then now() else last_sent_at end
          where conversation_id = ${conversation.id}
        ), n as (
          -- notify() of notifications.service.ts, inline. An email already waiting for this
          -- conversation tells of this message too: this one is stored without one.
          insert into notifications (user_id, kind, message, link, conversation_id, email_due_at)
          select ${recipientId}, 'message_received',
            ${notificationText("message_received", { from: senderName })},
            ${`/messages/${conversation.id}`}, ${conversation.id},
            case when exists (select 1 from notifications where user_id = ${recipientId}
                and conversation_id = ${conversation.id} and kind = 'message_received'
                and email_due_at is not null and read_at is null) then null
              else now() + make_interval(secs => ${MESSAGE_EMAIL_DELAY_SECONDS}) end
        )
        select m.id${notices ? sql`, ${notices}` : sql``} from m`,
    "message_write",
  );
  if (!inserted) throw new Error("message insert returned nothing");
  if (notices) return message;

  if (ids.length > 0) {
    // Row locks: an attachment sent twice at once goes with one message, and the cleanup job
    // (which deletes only unsent ones) cannot take it from under this one.
    const position = sql.join(
      ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
      sql` `,
    );
    const taken = await rows<MessageRow>(
      tx,
      sql`with taken as (
            update message_attachments set message_id = ${message.id}, position = case id ${position} end
            where id in (${uuidList(ids)}) and uploader_id = ${senderId} and message_id is null
            returning id, type, name, size, width, height, position
          )
          select coalesce(json_agg(json_build_object('id', id, 'type', type, 'name', name,
              'size', size, 'width', width, 'height', height) order by position), '[]'::json)
            as attachments
          from taken`,
    );
    const attachments = taken[0]?.attachments ?? [];
    if (attachments.length !== ids.length)
      throw badRequest(
        INVALID_ATTACHMENTS,
        { attachments: INVALID_ATTACHMENTS },
        ERROR_CODES.attachmentInvalid,
      );
    message.attachments = attachments.map(toAttachment);
  }
  await publishMessage(tx, message, userIds);
  return message;
}

/** The payload's json would fit a NOTIFY whatever the unread total (checked at its widest). */
const messageFitsInline = (message: Message) =>
  fitsInline(JSON.stringify({ message, unreadTotal: -2147483648 }));

/**
 * message.created to each of `userIds` (recipient first) as pg_notify calls for the statement that
 * writes `message` (writeMessage), or null when the payload would not fit a NOTIFY. That statement's
 * snapshot does not see its own writes, so each unread total is counted as it will be after them:
 * the conversation counts whatever folder it was in (the writes bring it back to both inboxes), and
 * the new message counts for its recipient. Messages committed by others meanwhile are as the
 * writes saw them, where a statement of its own after them would see a moment later.
 */
function inlineNotices(message: Message, userIds: string[]): SQL | null {
  if (!messageFitsInline(message)) return null;
  const json = JSON.stringify(message);
  return sql.join(
    userIds.map((userId) =>
      messageNotice(
        userId,
        json,
        sql`${unreadTotalOf(userId, message.conversationId)} + ${userId === message.senderId ? 0 : 1}::int`,
      ),
    ),
    sql`, `,
  );
}

/**
 * message.created to each of `userIds` (recipient first) with their unread total after the message,
 * in one statement; sent at commit. A message too long for the NOTIFY itself goes through publish()
 * (which stores the payload), one user at a time.
 */
async function publishMessage(tx: Db, message: Message, userIds: string[]): Promise<void> {
  const json = JSON.stringify(message);
  if (!messageFitsInline(message)) {
    for (const userId of userIds)
      await publish(tx, topics.user(userId), "message.created", {
        message,
        unreadTotal: await unreadMessageTotal(tx, userId),
      });
    return;
  }
  const notices = userIds.map((userId) => messageNotice(userId, json, unreadTotalOf(userId)));
  await tx.execute(sql`select ${sql.join(notices, sql`, `)}`);
}

/**
 * Sends a message in a conversation of the sender's: blank text with no attachment is refused
 * (400), a block either way or a suspended recipient too (403); rate limited per sender.
 */
export async function sendMessage(
  db: Db,
  counters: LimitCounters,
  userId: string,
  conversationId: string,
  content: MessageContent,
): Promise<Message> {
  if (!hasContent(content))
    throw badRequest(CHAT_MESSAGES.empty, { text: CHAT_MESSAGES.empty }, ERROR_CODES.messageEmpty);
  // Counted before the transaction, never inside it: the shared counter takes a second pooled
  // connection, and sends holding every connection while waiting for one would deadlock the pool.
  await sendingSlot(counters, userId);
  return db.transaction(async (tx) => {
    const found = await lockForSending(tx, userId, conversationId);
    assertParticipant(found, userId);
    assertRecipientNotSuspended(found);
    assertNotBlocked(found);
    return writeMessage(
      tx,
      userId,
      { ...found, id: conversationId },
      content,
      found.sender ?? "",
      found.now,
    );
  });
}

export interface StartConversationInput extends MessageContent {
  recipientId: string;
  listingId?: string;
}

export interface StartedConversation {
  /** False when an existing conversation was reopened. */
  created: boolean;
  conversation: Conversation;
  message: Message | null;
}

/**
 * Starts a conversation with `recipientId` about `listingId` (a listing of one of the two), or
 * reopens the one they already have, back in the starter's inbox; sends the message when there is
 * text or an attachment. Not with yourself (422), nobody unknown (404), no block either way (403),
 * no message to a suspended user (403; opening the thread without one shows the suspension);
 * new conversations and messages are rate limited per user.
 */
export async function startConversation(
  db: Db,
  counters: LimitCounters,
  userId: string,
  input: StartConversationInput,
): Promise<StartedConversation> {
  const { recipientId, listingId } = input;
  assertNotSelf(userId, recipientId, CHAT_MESSAGES.cannotMessageSelf);
  // Limits are counted before the transaction (see sendMessage). Whether this starts a new
  // conversation is read first; two first messages racing may both count one, never none.
  const pair = canonicalPair(userId, recipientId);
  const [known] = await rows<{ id: string }>(
    db,
    sql`select id from conversations
        where user_a = ${pair.userA} and user_b = ${pair.userB}
          and listing_id is not distinct from ${listingId ?? null}::uuid
        limit 1`,
  );
  if (!known) await newConversationSlot(counters, userId);
  if (hasContent(input)) await sendingSlot(counters, userId);
  return db.transaction(async (tx) => {
    const [recipient] = await rows<{
      id: string;
      suspended: boolean;
      sender: string | null;
      now: Date | string;
    }>(
      tx,
      sql`select id, suspended_at is not null as suspended,
            (select username from users where id = ${userId}) as sender, now() as now
          from users where id = ${recipientId}`,
    );
    if (!recipient) throw notFound("User not found.", ERROR_CODES.userNotFound);
    if (listingId) {
      const [listing] = await rows<{ sellerId: string }>(
        tx,
        sql`select seller_id as "sellerId" from listings where id = ${listingId}`,
      );
      if (!listing) throw notFound("Listing not found.", ERROR_CODES.listingNotFound);
      assertListingOfParty(listing, userId, recipientId);
    }
    assertNotBlocked(await blocksBetween(tx, userId, recipientId));

    // One conversation per pair and listing, even when both write first at the same moment (the
    // unique constraint cannot cover conversations about no listing: NULLs differ).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`conversation:${pair.userA}:${pair.userB}:${listingId ?? ""}`}, 0))`,
    );
    const [existing] = await rows<{ id: string }>(
      tx,
      sql`select id from conversations
          where user_a = ${pair.userA} and user_b = ${pair.userB}
            and listing_id is not distinct from ${listingId ?? null}::uuid
          order by created_at desc limit 1
          for update`,
    );
    let id: string;
    if (existing) {
      id = existing.id;
      await tx.execute(
        sql`update conversation_participants set folder = 'inbox'
            where conversation_id = ${id} and user_id = ${userId}`,
      );
    } else {
      const [created] = await rows<{ id: string }>(
        tx,
        sql`insert into conversations (user_a, user_b, listing_id, started_by)
            values (${pair.userA}, ${pair.userB}, ${listingId ?? null}, ${userId})
            returning id`,
      );
      if (!created) throw new Error("conversation insert returned nothing");
      id = created.id;
      await tx.execute(
        sql`insert into conversation_participants (conversation_id, user_id)
            values (${id}, ${pair.userA}), (${id}, ${pair.userB})`,
      );
    }
    let message: Message | null = null;
    if (hasContent(input)) {
      assertRecipientNotSuspended(recipient);
      message = await writeMessage(
        tx,
        userId,
        { ...pair, id },
        input,
        recipient.sender ?? "",
        recipient.now,
      );
    }
    return { created: !existing, conversation: await summaryOf(tx, userId, id), message };
  });
}

/**
 * Marks the messages to the user in a conversation read, with the conversation's message_received
 * notifications (so their email, if not sent yet, is not); tells both participants live
 * (messages.read) when anything changed. Answers the user's unread total.
 */
export async function markConversationRead(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<{ unreadTotal: number }> {
  return db.transaction(async (tx) => {
    const pair = await pairOf(tx, conversationId);
    assertParticipant(pair, userId);
    const marked = await rows<{ id: string }>(
      tx,
      sql`update messages set read_at = now()
          where conversation_id = ${conversationId} and recipient_id = ${userId} and read_at is null
          returning id`,
    );
    await tx.execute(
      sql`update conversation_participants set last_read_at = now()
          where conversation_id = ${conversationId} and user_id = ${userId}`,
    );
    await tx.execute(
      sql`update notifications set read_at = now()
          where user_id = ${userId} and conversation_id = ${conversationId}
            and kind = 'message_received' and read_at is null`,
    );
    const unreadTotal = await unreadMessageTotal(tx, userId);
    if (marked.length > 0) {
      const otherId = otherParticipant(pair, userId);
      await publish(tx, topics.user(userId), "messages.read", { conversationId, unreadTotal });
      await publish(tx, topics.user(otherId), "messages.read", {
        conversationId,
        unreadTotal: await unreadMessageTotal(tx, otherId),
      });
    }
    return { unreadTotal };
  });
}

/** Files the conversation in one of the user's folders (inbox restores it); the other side's stays. */
export async function moveConversation(
  db: Db,
  userId: string,
  conversationId: string,
  folder: (typeof MOVABLE_FOLDERS)[number],
): Promise<Conversation> {
  assertParticipant(await pairOf(db, conversationId), userId);
  await db.execute(
    sql`update conversation_participants set folder = ${folder}
        where conversation_id = ${conversationId} and user_id = ${userId}`,
  );
  return summaryOf(db, userId, conversationId);
}

/** Blocks a user (again: no change); nobody unknown (404), not yourself (422). */
export async function blockUser(db: Db, userId: string, blockedId: string): Promise<void> {
  assertNotSelf(userId, blockedId, "You cannot block yourself.");
  const [found] = await rows<{ id: string }>(db, sql`select id from users where id = ${blockedId}`);
  if (!found) throw notFound("User not found.", ERROR_CODES.userNotFound);
  await db.execute(
    sql`insert into user_blocks (blocker_id, blocked_id) values (${userId}, ${blockedId})
        on conflict do nothing`,
  );
}

/** Lifts the user's block of someone, if any. */
export async function unblockUser(db: Db, userId: string, blockedId: string): Promise<void> {
  await db.execute(
    sql`delete from user_blocks where blocker_id = ${userId} and blocked_id = ${blockedId}`,
  );
}

/** Stores a participant's report of a conversation in the moderation queue (status 'open'). */
export async function reportConversation(
  db: Db,
  userId: string,
  conversationId: string,
  report: { reason: (typeof REPORT_REASONS)[number]; comment: string },
): Promise<{ id: string }> {
  const pair = await pairOf(db, conversationId);
  assertParticipant(pair, userId);
  // Into the one moderation queue, about the other participant.
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into reports (subject_kind, conversation_id, reported_user_id, reporter_id, reason, comment)
        values ('conversation', ${conversationId}, ${otherParticipant(pair, userId)}, ${userId},
          ${report.reason}, ${report.comment})
        returning id`,
  );
  if (!row) throw new Error("report insert returned nothing");
  return row;
}
