import { MessageCircle } from "lucide-react";
import { useNavigate } from "react-router";
import { CHAT_MESSAGES } from "../../../../core/contracts/messages";
import { Button, type ButtonSize } from "../../../components/ui/button";
import { useStartConversation } from "../api/start-conversation";
import { toastSendError } from "./send-error";

/**
 * Purchase History's "Contact seller": opens the conversation with the seller about that
 * listing (reopening the one there is, or starting it with nothing sent yet), so the buyer writes
 * in the thread where the earlier messages about the item are.
 */
export function OpenConversationButton({
  seller,
  listingId,
  label = "Contact seller",
  size = "sm",
}: {
  seller: { id: string };
  listingId: string;
  label?: string;
  size?: ButtonSize;
}) {
  const start = useStartConversation();
  const navigate = useNavigate();
  return (
    <Button
      variant="outline"
      size={size}
      disabled={start.isPending}
      onClick={() =>
        start.mutate(
          { recipientId: seller.id, listingId },
          {
            onSuccess: ({ conversation }) => navigate(`/messages/${conversation.id}`),
            onError: (failure) => toastSendError(failure, CHAT_MESSAGES.startFailed),
          },
        )
      }
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
