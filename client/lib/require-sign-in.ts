import { useCallback } from "react";
import { toast } from "sonner";
import { useSession } from "./session";

/** The spec's toasts for an action a visitor tried without signing in. */
export const SIGN_IN_MESSAGES = {
  bid: "Please login to place a bid.",
  buy: "Please login to buy an item.",
  cart: "Please login to add items to your cart.",
  contact: "Please sign in to start a conversation",
  watch: "Please login to add items to your watchlist.",
  // Ours: the spec shows no text for these two (issue 14, watching).
  follow: "Please login to follow sellers.",
  saveSearch: "Please login to save searches.",
  // Ours (issue 19, reports).
  report: "Please login to report this.",
  // Ours (issue 27, Best Offer).
  offer: "Please login to make an offer.",
} as const;
export type SignInAction = keyof typeof SIGN_IN_MESSAGES;

/**
 * The same reason, said inside the sign-in modal: while a modal dialog is open the page behind it
 * is inert, toasts included, so a screen reader would not hear the toast.
 */
const MODAL_REASONS: Record<SignInAction, string> = {
  bid: "Sign in to place your bid.",
  buy: "Sign in to buy this item.",
  cart: "Sign in to add this item to your cart.",
  contact: "Sign in to contact the seller.",
  watch: "Sign in to watch this item.",
  follow: "Sign in to follow this seller.",
  saveSearch: "Sign in to save this search.",
  report: "Sign in to send a report.",
  offer: "Sign in to make your offer.",
};

/**
 * Returns a guard for actions that need an account: it answers true when someone is signed in;
 * otherwise it shows the spec's toast, opens the sign-in modal and answers false. `resume` runs
 * after the visitor signs in there, so the action can carry on (the click is not lost).
 */
export function useRequireSignIn(): (action: SignInAction, resume?: () => void) => boolean {
  const { user, openSignIn } = useSession();
  return useCallback(
    (action: SignInAction, resume?: () => void) => {
      if (user) return true;
      toast.error(SIGN_IN_MESSAGES[action]);
      openSignIn({ resume, reason: MODAL_REASONS[action] });
      return false;
    },
    [user, openSignIn],
  );
}
