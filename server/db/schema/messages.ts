import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { MOVABLE_FOLDERS } from "../../../core/contracts/messages";
import { oneOf } from "./checks";
import { listings } from "./listings";
import { users } from "./users";

/**
 * A conversation between two users, optionally about a listing. The pair is stored in a canonical
 * order (user_a < user_b), so "this pair about this listing" is one row whoever writes first.
 * A conversation about no listing is kept unique by the service (it takes the pair's lock), since
 * a listing deleted later leaves its conversations about none and they must not then collide.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userA: uuid("user_a")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userB: uuid("user_b")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The listing it is about; a deleted listing leaves the conversation and its messages. */
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    /** Who opened it: a conversation opened without a message shows in the other one's inbox. */
    startedBy: uuid("started_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** Null until the first message. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
  },
  (t) => [
    check("conversations_pair_order", sql`${t.userA} < ${t.userB}`),
    unique("conversations_pair_listing_key").on(t.userA, t.userB, t.listingId),
    // A user's conversations, newest first, from either side of the pair.
    index("conversations_user_a_idx").on(t.userA, t.lastMessageAt),
    index("conversations_user_b_idx").on(t.userB, t.lastMessageAt),
  ],
);

/**
 * Each participant's own view of a conversation: its folder (archive and trash are per user, the
 * other side keeps theirs), when they last wrote in it (the Sent folder) and last read it.
 */
export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    folder: text("folder").notNull().default("inbox"),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.userId, t.folder),
    check("conversation_participants_folder_check", oneOf(t.folder, MOVABLE_FOLDERS)),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** When the recipient saw it; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt, t.id),
    // The header's unread badge and each conversation's unread count.
    index("messages_unread_idx")
      .on(t.recipientId, t.conversationId)
      .where(sql`${t.readAt} is null`),
    check("messages_text_length", sql`char_length(${t.text}) <= 5000`),
  ],
);

/**
 * A file a user uploaded for a message: unsent (message_id null, only its uploader may use or see
 * it; deleted after a day by the cleanup job) until a message takes it. Stored under the storage's
 * `private/` prefix and served only through the API to the conversation's participants.
 */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uploaderId: uuid("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    /** Its place among the message's attachments, as the sender listed them. */
    position: integer("position").notNull().default(0),
    /** 'image' when sharp decoded it as one (stored re-encoded to WebP), else 'file'. */
    type: text("type").notNull(),
    key: text("key").notNull(),
    /** An image's thumbnail; null for files. */
    thumbKey: text("thumb_key"),
    /** The uploader's file name, sanitised (no path, no control characters); shown, never a key. */
    name: text("name").notNull(),
    /** Bytes as stored (an image's re-encoded size). */
    size: integer("size").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("message_attachments_message_idx").on(t.messageId),
    // The uploader's unsent files: checked when sending, swept by the cleanup job.
    index("message_attachments_unsent_idx")
      .on(t.uploaderId, t.createdAt)
      .where(sql`${t.messageId} is null`),
    check("message_attachments_type_check", oneOf(t.type, ["image", "file"])),
  ],
);

/** `blocker` no longer takes messages from `blocked`, nor can write to them. */
export const userBlocks = pgTable(
  "user_blocks",
  {
    blockerId: uuid("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: uuid("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("user_blocks_blocked_idx").on(t.blockedId),
  ],
);
