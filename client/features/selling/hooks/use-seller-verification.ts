import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { queryKeys } from "../../../lib/query-keys";
import { loginPath, pathOf } from "../../../lib/return-to";
import { getSession } from "../../../lib/session";
import { afterSignedOutFound } from "../../../lib/session-cache";
import { VERIFY_MESSAGES } from "../verify-messages";

export type VerificationStatus = "pending" | "verified" | "signed-out" | "failed";

/**
 * The wizard's guard: on entering, it asks the server afresh who is signed in (the page's cached
 * session may be stale), and `ensureVerified` blocks submitting until that answer is in. Without
 * an account, or when the check fails, the seller is told so and sent to /login.
 */
export function useSellerVerification() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.selling.verification,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });

  const status: VerificationStatus = query.isPending
    ? "pending"
    : query.isError
      ? "failed"
      : query.data.user
        ? "verified"
        : "signed-out";

  const here = pathOf(location);
  const sendAway = useCallback(
    (why: "signed-out" | "failed") => {
      const message = why === "failed" ? VERIFY_MESSAGES.failed : VERIFY_MESSAGES.signedOut;
      // The id is the message: the signed-in-only guard says the same once the session is gone.
      toast.error(message, { id: message });
      // The server says nobody is signed in: the whole page (header included) learns it too.
      if (why === "signed-out") afterSignedOutFound(queryClient);
      navigate(loginPath(here));
    },
    [navigate, here, queryClient],
  );

  // Found out on entering: say so once and leave.
  const told = useRef(false);
  useEffect(() => {
    if (told.current || (status !== "signed-out" && status !== "failed")) return;
    told.current = true;
    sendAway(status);
  }, [status, sendAway]);

  /** True when the listing may be sent; otherwise says why (a toast) and answers false. */
  const ensureVerified = useCallback((): boolean => {
    if (status === "verified") return true;
    if (status === "pending") toast(VERIFY_MESSAGES.pending);
    else sendAway(status);
    return false;
  }, [status, sendAway]);

  return { status, ensureVerified, sendAway };
}
