import { MessageCircle } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { CHAT_MESSAGES, MESSAGE_LIMITS } from "../../../../core/chat";
import { Button, type ButtonSize, type ButtonVariant } from "../../../components/ui/button";
import { FormActions } from "../../../components/ui/form-actions";
import { Modal } from "../../../components/ui/modal";
import { cn } from "../../../lib/cn";
import { useRequireSignIn } from "../../../lib/require-sign-in";
import { useStartConversation } from "../api/start-conversation";
import { toastSendError } from "./send-error";

export interface ContactSellerProps {
  seller: { id: string; username: string };
  listing: { id: string; title: string };
}

/** The spec's contact-seller modal: a required message, sent with the listing as its subject. */
function ContactSellerDialog({
  open,
  seller,
  listing,
  onClose,
}: ContactSellerProps & { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const start = useStartConversation();
  const navigate = useNavigate();

  const close = () => {
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} onClose={close} labelledBy={titleId}>
      <form
        noValidate
        className="flex flex-col gap-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          const message = text.trim();
          if (!message) {
            setError(CHAT_MESSAGES.contactSellerRequired);
            field.current?.focus();
            return;
          }
          start.mutate(
            { recipientId: seller.id, listingId: listing.id, text: message },
            {
              onSuccess: ({ conversation }) => {
                setText("");
                close();
                toast.success(CHAT_MESSAGES.sentToSeller, {
                  action: {
                    label: "View conversation",
                    onClick: () => navigate(`/messages/${conversation.id}`),
                  },
                });
              },
              onError: (failure) => toastSendError(failure, CHAT_MESSAGES.startFailed),
            },
          );
        }}
      >
        <div className="flex flex-col gap-1">
          <h2 id={titleId} className="text-xl font-bold">
            Contact seller
          </h2>
          <p className="text-sm text-slate-700">
            To <span className="font-semibold text-slate-900">{seller.username}</span> about{" "}
            <span className="font-semibold text-slate-900">{listing.title}</span>
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId} className="text-sm font-semibold">
            Message
          </label>
          <textarea
            ref={field}
            id={fieldId}
            value={text}
            required
            maxLength={MESSAGE_LIMITS.textMax}
            rows={5}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(null);
            }}
            placeholder="Ask about the item, shipping or payment..."
            className={cn(
              "w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500",
              error ? "border-coral-700" : "border-slate-400",
            )}
          />
          {error && (
            <p id={`${fieldId}-error`} className="text-sm font-medium text-coral-800">
              {error}
            </p>
          )}
        </div>
        <FormActions
          onCancel={close}
          pending={start.isPending}
          submitLabel="Send Message"
          pendingLabel="Sending..."
        />
      </form>
    </Modal>
  );
}

/**
 * "Contact seller": opens the modal; a visitor signs in first (the spec's toast and the sign-in
 * modal), and the modal opens once they have. Pages leave it out on the viewer's own listings.
 */
export function ContactSellerButton({
  seller,
  listing,
  label = "Contact seller",
  variant = "outline",
  size = "md",
  className,
}: ContactSellerProps & {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const requireSignIn = useRequireSignIn();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          if (requireSignIn("contact", () => setOpen(true))) setOpen(true);
        }}
      >
        <MessageCircle aria-hidden="true" className="size-4" />
        {label}
      </Button>
      <ContactSellerDialog
        open={open}
        seller={seller}
        listing={listing}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
