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
} as const;
export type SignInAction = keyof typeof SIGN_IN_MESSAGES;

/**
 * Returns a guard for actions that need an account: it answers true when someone is signed in;
 * otherwise it shows the spec's toast, opens sign-in and answers false.
 */
export function useRequireSignIn(): (action: SignInAction) => boolean {
  const { user, openSignIn } = useSession();
  return useCallback(
    (action: SignInAction) => {
      if (user) return true;
      toast.error(SIGN_IN_MESSAGES[action]);
      openSignIn();
      return false;
    },
    [user, openSignIn],
  );
}
