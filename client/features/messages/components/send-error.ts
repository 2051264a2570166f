import { toast } from "sonner";
import { CHAT_MESSAGES } from "../../../../core/chat";
import { ApiError } from "../../../lib/api-client";

/**
 * The spec's toasts for a message that did not go: 'Unable to send message' with the server's
 * reason when it refused one (blocked, too long, too fast), otherwise `fallback` ('Failed to send
 * message', or 'Failed to start conversation' for a first message).
 */
export function toastSendError(error: unknown, fallback: string = CHAT_MESSAGES.sendFailed): void {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    toast.error(CHAT_MESSAGES.unableToSend, { description: error.message });
    return;
  }
  toast.error(fallback);
}
