import { Archive, Ban, Flag, Inbox, MoreVertical, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import type { Conversation } from "../../../../core/contracts/messages";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ApiError, UNEXPECTED_MESSAGE } from "../../../lib/api-client";
import { useDropdown } from "../../../lib/use-dismiss";
import { useBlockUser } from "../api/block-user";
import { type MovableFolder, useMoveConversation } from "../api/move-conversation";
import { useUnblockUser } from "../api/unblock-user";
import { ReportDialog } from "./report-dialog";

const MOVED: Record<Exclude<MovableFolder, "inbox">, string> = {
  archived: "Conversation archived",
  trash: "Conversation moved to Trash",
};

/**
 * What restoring says: where the conversation is listed now. One nobody answered goes back to
 * Sent (the Inbox lists what the other side wrote), so "restored to Inbox" would send the user
 * looking in the wrong folder.
 */
export function restoredText(conversation: Conversation): string {
  if (conversation.listedIn.includes("inbox")) return "Conversation restored to Inbox";
  if (conversation.listedIn.includes("sent")) return "Conversation restored to Sent";
  return "Conversation restored";
}

const itemClass =
  "flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-slate-800 hover:bg-brand-50 focus-visible:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-500";

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE;
}

/**
 * The chat's actions: archive, trash or restore (for this user only), block or unblock the other
 * user, report the conversation. `onMoved` hears where it went (the page goes back to the list).
 */
export function ConversationMenu({
  conversation,
  onMoved,
}: {
  conversation: Conversation;
  onMoved: (folder: MovableFolder) => void;
}) {
  const { open, close, toggle, container, trigger, menuId } = useDropdown();
  const move = useMoveConversation(conversation.id);
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const name = conversation.otherUser.username;
  const busy = move.isPending || block.isPending || unblock.isPending;

  const moveTo = (folder: MovableFolder) => {
    close();
    move.mutate(folder, {
      onSuccess: (moved) => {
        toast.success(folder === "inbox" ? restoredText(moved) : MOVED[folder]);
        onMoved(folder);
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  const item = (label: string, icon: ReactNode, onClick: () => void) => (
    <li>
      <button type="button" className={itemClass} onClick={onClick} disabled={busy}>
        {icon}
        {label}
      </button>
    </li>
  );

  return (
    <div ref={container} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Conversation actions"
        onClick={toggle}
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-brand-50"
      >
        <MoreVertical aria-hidden="true" className="size-5" />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className="absolute right-0 z-20 mt-1 w-56 rounded-xl border border-sand-200 bg-white py-2 shadow-lg [--focus-ring:var(--color-brand-600)]"
      >
        {conversation.folder === "inbox" &&
          item("Archive", <Archive aria-hidden="true" className="size-4" />, () =>
            moveTo("archived"),
          )}
        {conversation.folder !== "trash" &&
          item("Move to Trash", <Trash2 aria-hidden="true" className="size-4" />, () =>
            moveTo("trash"),
          )}
        {conversation.folder !== "inbox" &&
          item("Restore", <Inbox aria-hidden="true" className="size-4" />, () => moveTo("inbox"))}
        {conversation.blockedByMe
          ? item("Unblock user", <Ban aria-hidden="true" className="size-4" />, () => {
              close();
              unblock.mutate(conversation.otherUser.id, {
                onSuccess: () => toast.success(`${name} is unblocked`),
                onError: (error) => toast.error(errorText(error)),
              });
            })
          : item("Block user", <Ban aria-hidden="true" className="size-4" />, () => {
              close();
              setConfirmingBlock(true);
            })}
        {item("Report conversation", <Flag aria-hidden="true" className="size-4" />, () => {
          close();
          setReporting(true);
        })}
      </ul>
      <ConfirmDialog
        open={confirmingBlock}
        title={`Block ${name}?`}
        confirmLabel="Block user"
        pendingLabel="Blocking..."
        confirmVariant="accent"
        pending={block.isPending}
        onCancel={() => setConfirmingBlock(false)}
        onConfirm={() =>
          block.mutate(conversation.otherUser.id, {
            onSuccess: () => {
              setConfirmingBlock(false);
              toast.success(`${name} is blocked`);
            },
            onError: (error) => toast.error(errorText(error)),
          })
        }
      >
        {name} will no longer be able to send you messages. You can unblock them at any time from
        this menu.
      </ConfirmDialog>
      <ReportDialog
        open={reporting}
        conversationId={conversation.id}
        otherName={name}
        onClose={() => setReporting(false)}
      />
    </div>
  );
}
