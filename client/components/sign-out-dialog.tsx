import { useNavigate } from "react-router";
import { useSession } from "../lib/session";
import { ConfirmDialog } from "./ui/confirm-dialog";

/**
 * The sign-out confirmation (spec): on yes, the page goes home and the session ends. Going home
 * first keeps a signed-in-only page from bouncing to /login on its way out.
 */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { signOut, isSigningOut } = useSession();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      title="Sign out?"
      confirmLabel="Sign Out"
      pendingLabel="Signing out..."
      pending={isSigningOut}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        navigate("/");
        void signOut();
      }}
    >
      <p>Are you sure you want to sign out of Tradewinds?</p>
    </ConfirmDialog>
  );
}
