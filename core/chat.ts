// The chat's texts and limits, here rather than in contracts/messages.ts (which re-exports them) so
// the listing page's Contact Seller can use them without downloading the schemas and zod with them.
/** The spec's chat texts (toasts and error states), word for word. */
export const CHAT_MESSAGES = {
  loadConversationsFailed: "Failed to load conversations",
  loadMessagesFailed: "Failed to load messages",
  signInToStart: "Please sign in to start a conversation",
  startFailed: "Failed to start conversation",
  loadConversationFailed: "Failed to load conversation",
  unableToSend: "Unable to send message",
  sendFailed: "Failed to send message",
  sentToSeller: "Message sent to seller",
  selectConversation: "Select a conversation to start chatting",
  contactSellerRequired: "Please enter a message",
  cannotMessageSelf: "You cannot send a message to yourself.",
  blocked: "You can't send messages to this user.",
  suspended: "This account is suspended. You can't send messages to it.",
  empty: "Write a message or attach a file.",
} as const;

export const MESSAGE_LIMITS = {
  /** Characters of text in one message. */
  textMax: 5_000,
  attachmentsPerMessage: 5,
  /** Bytes of one attachment. */
  attachmentBytes: 10 * 1024 * 1024,
  /** Messages a user may send a minute, and new conversations an hour (abuse controls). */
  messagesPerMinute: 30,
  conversationsPerHour: 20,
  /** Messages in one page of a conversation (older ones load on scroll up). */
  pageSize: 30,
} as const;
