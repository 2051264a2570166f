import { CHAT_MESSAGES } from "../../../core/contracts/messages";
import { ERROR_CODES } from "../../../core/errors";
import { AppError, notFound, ruleBroken } from "../../errors";

/** The two sides of a conversation, as stored (user_a < user_b). */
export interface Pair {
  userA: string;
  userB: string;
}

/**
 * Only a conversation's two participants may read it, write in it, file it or report it. Anyone
 * else is told it does not exist (404, never 403), so conversation ids cannot be probed.
 */
export function assertParticipant<T extends Pair>(
  conversation: T | undefined,
  userId: string,
): asserts conversation is T {
  if (!conversation || (conversation.userA !== userId && conversation.userB !== userId))
    throw notFound("Conversation not found.", ERROR_CODES.conversationNotFound);
}

/** The participant who is not `userId`. */
export function otherParticipant(conversation: Pair, userId: string): string {
  return conversation.userA === userId ? conversation.userB : conversation.userA;
}

/** A pair in the stored order, whoever writes first. */
export function canonicalPair(one: string, other: string): Pair {
  return one < other ? { userA: one, userB: other } : { userA: other, userB: one };
}

/** Nobody writes to, or blocks, themselves. */
export function assertNotSelf(userId: string, otherId: string, message: string) {
  if (userId === otherId) throw ruleBroken(ERROR_CODES.cannotMessageSelf, message);
}

/** A block either way stops new messages (and new conversations) between the two. */
export function assertNotBlocked(blocks: { blockedByMe: boolean; blockedMe: boolean }) {
  if (blocks.blockedByMe || blocks.blockedMe)
    throw new AppError(403, ERROR_CODES.userBlocked, CHAT_MESSAGES.blocked);
}

/**
 * A suspended account takes no new messages: staff stopped it, it cannot sign in to read them,
 * and a message left waiting would look answered-to-be. What was said before stays readable.
 */
export function assertRecipientNotSuspended(recipient: { suspended: boolean }) {
  if (recipient.suspended)
    throw new AppError(403, ERROR_CODES.recipientSuspended, CHAT_MESSAGES.suspended);
}

/**
 * A conversation about a listing is between its seller and someone else: nobody may present a
 * listing that is neither party's as the subject of their conversation.
 */
export function assertListingOfParty(
  listing: { sellerId: string },
  userId: string,
  otherId: string,
) {
  if (listing.sellerId !== userId && listing.sellerId !== otherId)
    throw ruleBroken(
      ERROR_CODES.listingNotTheirs,
      "You can only write about a listing of yours or of the person you are writing to.",
    );
}

/**
 * An attachment is its uploader's alone until sent; once in a message, both participants of the
 * conversation may see it (the uploader is one of them).
 */
export function canSeeAttachment(
  attachment: {
    uploaderId: string;
    messageId: string | null;
    userA: string | null;
    userB: string | null;
  },
  userId: string,
): boolean {
  if (attachment.messageId === null) return attachment.uploaderId === userId;
  return attachment.userA === userId || attachment.userB === userId;
}
