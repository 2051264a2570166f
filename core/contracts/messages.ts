import { z } from "zod";
import { CHAT_MESSAGES, MESSAGE_LIMITS } from "../chat";
import { MAX_SEARCH_LENGTH } from "../limits";
import { pageOf, paginationQuery } from "./common";

export { CHAT_MESSAGES, MESSAGE_LIMITS };

/** Folders are per user: archiving or trashing a conversation leaves the other side's alone. */
export const CONVERSATION_FOLDERS = ["inbox", "sent", "archived", "trash"] as const;
export type ConversationFolder = (typeof CONVERSATION_FOLDERS)[number];
/** Where a user may move a conversation; `inbox` restores it from archive or trash. */
export const MOVABLE_FOLDERS = ["inbox", "archived", "trash"] as const;

export const REPORT_REASONS = [
  "spam",
  "harassment",
  "scam",
  "prohibited_item",
  "offensive",
  "other",
] as const;

export const attachmentSchema = z.object({
  id: z.string(),
  /** 'image' when the content (not the name) is an image; anything else is a 'file'. */
  type: z.enum(["image", "file"]),
  /** Served to the conversation's participants only (and to its uploader before it is sent). */
  url: z.string(),
  thumbUrl: z.string().nullable(),
  name: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  text: z.string(),
  attachments: z.array(attachmentSchema),
  /** Whether the recipient has seen it. */
  read: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const userRef = z.object({
  id: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  otherUser: userRef,
  /** The listing it is about, shown at the top of the chat. */
  listing: z
    .object({
      id: z.string(),
      title: z.string(),
      priceCents: z.number().int(),
      thumbUrl: z.string().nullable(),
    })
    .nullable(),
  lastMessage: z
    .object({
      senderId: z.string(),
      text: z.string(),
      attachmentCount: z.number().int(),
      createdAt: z.string(),
    })
    .nullable(),
  /** Messages to the viewer not read yet. */
  unreadCount: z.number().int(),
  /** The viewer's folder for it (inbox covers sent: Sent lists those where the viewer wrote). */
  folder: z.enum(["inbox", "archived", "trash"]),
  /**
   * The folder views that list it for the viewer now: Inbox and Sent (either, both, or neither
   * while nobody has written), Archived or Trash. Restoring says where it went by this.
   */
  listedIn: z.array(z.enum(CONVERSATION_FOLDERS)),
  /** Who blocked whom: a blocked conversation takes no new messages. */
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  /** The other user's account is suspended by staff: it takes no new messages. */
  otherSuspended: z.boolean(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuerySchema = z.object({
  folder: z
    .enum(CONVERSATION_FOLDERS, { message: "folder must be inbox, sent, archived or trash" })
    .default("inbox"),
  search: z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .optional(),
  ...paginationQuery,
});

export const conversationPageSchema = pageOf(conversationSchema).extend({
  /** Unread messages over all the viewer's conversations outside the trash (the header's badge). */
  unreadTotal: z.number().int(),
  /** Conversations per folder, for the folder view's counts. */
  folderCounts: z.object({
    inbox: z.number().int(),
    sent: z.number().int(),
    archived: z.number().int(),
    trash: z.number().int(),
  }),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

const text = z
  .string({ message: "text must be text" })
  .max(MESSAGE_LIMITS.textMax, `Messages can be at most ${MESSAGE_LIMITS.textMax} characters.`)
  .default("");
const attachmentIds = z
  .array(z.uuid({ message: "attachments must be attachment ids" }))
  .max(
    MESSAGE_LIMITS.attachmentsPerMessage,
    `Attach at most ${MESSAGE_LIMITS.attachmentsPerMessage} files.`,
  )
  .default([]);

/** POST /api/me/conversations/{id}/messages: text, or attachments uploaded first, or both. */
export const sendMessageSchema = z.object({ text, attachments: attachmentIds });
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** POST /api/me/conversations: starts one, or reopens the one with that user about that listing. */
export const startConversationSchema = sendMessageSchema.extend({
  recipientId: z.uuid({ message: "recipientId must be a user id" }),
  listingId: z.uuid({ message: "listingId must be a listing id" }).optional(),
});
export type StartConversationInput = z.input<typeof startConversationSchema>;

export const startedConversationSchema = z.object({
  conversation: conversationSchema,
  /** The message sent with it; null when only reopened with nothing to send. */
  message: messageSchema.nullable(),
});

export const messageListQuerySchema = z.object({
  /** A message id: answers the messages before it (scrolling up). */
  before: z.uuid({ message: "before must be a message id" }).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, "limit must be at most 100")
    .default(MESSAGE_LIMITS.pageSize),
});

/** Oldest first, as the chat shows them. */
export const messagePageSchema = z.object({
  items: z.array(messageSchema),
  /** True when older messages remain (load them with `before` = the first item's id). */
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const moveConversationSchema = z.object({
  folder: z.enum(MOVABLE_FOLDERS, { message: "folder must be inbox, archived or trash" }),
});

export const markReadResultSchema = z.object({ unreadTotal: z.number().int() });

export const blockSchema = z.object({ userId: z.uuid({ message: "userId must be a user id" }) });

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "Choose a reason" }),
  comment: z.string().trim().max(1000, "comment must be at most 1000 characters").default(""),
});

/** POST /api/me/conversations/{id}/reports answers the stored report's id (201). */
export const reportCreatedSchema = z.object({ id: z.string() });

/**
 * GET /api/me/message-attachments/{id}: the file as stored (an image re-encoded to WebP), or with
 * `size=thumb` an image's thumbnail (a file has none: 404). It is what `url` and `thumbUrl` point at.
 */
export const attachmentFileQuerySchema = z.object({
  size: z.enum(["full", "thumb"], { message: "size must be full or thumb" }).default("full"),
});
