import { lazy, Suspense, useEffect, useState } from "react";
import { useSession } from "../../../lib/session";
import { hasCartMirror } from "../hooks/cart-account";

const SavedCartSync = lazy(() =>
  import("../hooks/use-saved-cart-sync").then((m) => ({ default: m.SavedCartSync })),
);

/**
 * Mounts the saved-cart sync (mounted once, by the root layout) only where it has work: someone
 * is signed in, or this device still holds an account's cart (the session ended while the page
 * was closed, so the sync must clear it). A visitor never downloads it; once mounted it stays,
 * so it sees the sign-out that follows.
 */
export function SavedCartSyncSlot() {
  const { user } = useSession();
  const needed = user !== null || hasCartMirror();
  const [mounted, setMounted] = useState(needed);
  useEffect(() => {
    if (needed) setMounted(true);
  }, [needed]);
  return mounted || needed ? (
    <Suspense fallback={null}>
      <SavedCartSync />
    </Suspense>
  ) : null;
}
