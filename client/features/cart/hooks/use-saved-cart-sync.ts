import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { CartLineInput, SavedCart } from "../../../../core/contracts/buying";
import { queryKeys } from "../../../lib/query-keys";
import { onBeforeSignOut, useSession } from "../../../lib/session";
import { getSavedCart, mergeCart, saveCart } from "../api/saved-cart";
import { afterSavedCartWritten } from "../cache";
import { CART_ACCOUNT_KEY } from "./cart-account";
import {
  type CartLine,
  clearCart,
  readCartLines,
  replaceCartLines,
  useCartLines,
} from "./use-cart";

/*
 * The signed-in user's cart follows the account (decision record 0011). Local storage stays the
 * cart the page works with; while someone is signed in, each change is also saved on the server
 * (PUT, half a second after the last change; a failure keeps the local cart and the next change
 * tries again). Signing in merges this device's cart with the saved one (POST merge) and both
 * become the result; signing out clears this device's copy (the account keeps its cart). A
 * marker in storage says whose saved cart the local one mirrors, and whether it has changes the
 * server has not had yet.
 */

const SAVE_DELAY_MS = 500;

interface Mirror {
  userId: string;
  /** Changed here since the last successful save. */
  dirty: boolean;
}

function readMirror(): Mirror | null {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(CART_ACCOUNT_KEY) ?? "null");
    if (value && typeof value === "object" && "userId" in value && "dirty" in value) {
      const { userId, dirty } = value as Record<string, unknown>;
      if (typeof userId === "string") return { userId, dirty: dirty === true };
    }
  } catch {
    // Unreadable (or storage disabled): as if this device had never synced.
  }
  return null;
}

function writeMirror(mirror: Mirror | null) {
  try {
    if (mirror) window.localStorage.setItem(CART_ACCOUNT_KEY, JSON.stringify(mirror));
    else window.localStorage.removeItem(CART_ACCOUNT_KEY);
  } catch {
    // Storage refused: the next sign-in merges instead of pulling, which loses nothing.
  }
}

const toInput = (lines: readonly CartLine[]): CartLineInput[] =>
  lines.map((l) => ({ listingId: l.id, quantity: l.quantity }));
const signature = (lines: readonly CartLine[]) => JSON.stringify(toInput(lines));

/**
 * The saved cart as local lines: a line this device already has keeps its place and what it
 * remembers (the price it was seen at, so the cart can still say the price changed) with the
 * saved quantity; the others follow with the server's title, picture and price.
 */
function fromSaved(saved: SavedCart, local: readonly CartLine[]): CartLine[] {
  const byId = new Map(saved.lines.map((l) => [l.listingId, l]));
  const kept = local.flatMap((line) => {
    const s = byId.get(line.id);
    return s ? [{ ...line, quantity: s.quantity }] : [];
  });
  const added = saved.lines
    .filter((s) => !local.some((l) => l.id === s.listingId))
    .map((s) => ({
      id: s.listingId,
      title: s.title,
      image: s.imageUrl,
      price: s.priceCents,
      quantity: s.quantity,
      sellerId: s.sellerId,
    }));
  return [...kept, ...added];
}

/**
 * The server's answer with what changed here while it travelled (a sign-in that resumes Add to
 * Cart, the order confirmation taking bought lines out): those edits are newer, so they win.
 */
function withLocalEdits(
  saved: readonly CartLine[],
  sent: readonly CartLine[],
  now: readonly CartLine[],
): CartLine[] {
  const sentQuantity = new Map(sent.map((l) => [l.id, l.quantity]));
  const current = new Map(now.map((l) => [l.id, l]));
  const kept = saved.flatMap((line) => {
    const here = current.get(line.id);
    if (!here) return sentQuantity.has(line.id) ? [] : [line]; // removed here meanwhile
    return here.quantity !== sentQuantity.get(line.id)
      ? [{ ...line, quantity: here.quantity }]
      : [line];
  });
  const added = now.filter((l) => !saved.some((s) => s.id === l.id));
  return [...kept, ...added];
}

function replaceLocal(lines: readonly CartLine[]) {
  try {
    replaceCartLines(lines);
  } catch {
    // Storage refused: the page keeps the cart it has; the server has the account's.
  }
}

class CartSync {
  userId: string | null = null;
  /** The signature the server is known to hold (after a merge, pull or save). */
  synced: string | null = null;
  ready = false;
  starting = false;
  timer: ReturnType<typeof setTimeout> | null = null;
  /** Saves run one after another, so an older one can never land after a newer one. */
  queue: Promise<void> = Promise.resolve();

  constructor(private readonly client: QueryClient) {}

  /** Signed in (or found signed in): bring this device and the account's cart together. */
  async start(userId: string) {
    this.userId = userId;
    this.ready = false;
    this.starting = true;
    const mirror = readMirror();
    const sent = readCartLines();
    try {
      if (mirror?.userId === userId && mirror.dirty) {
        // Changes made here that never reached the server: this device's cart is the newest.
        this.ready = true;
        this.schedule(0);
        return;
      }
      const cart =
        mirror?.userId === userId
          ? await this.client.fetchQuery({
              queryKey: queryKeys.cart.saved,
              queryFn: ({ signal }) => getSavedCart(signal),
              staleTime: 0,
            })
          : await mergeCart(toInput(sent));
      if (this.userId !== userId) return;
      afterSavedCartWritten(this.client, cart);
      const now = readCartLines();
      const saved = fromSaved(cart, now);
      this.synced = signature(saved);
      const lines = signature(now) === signature(sent) ? saved : withLocalEdits(saved, sent, now);
      replaceLocal(lines);
      writeMirror({ userId, dirty: false });
      this.ready = true;
      if (signature(lines) !== this.synced) this.changed();
    } catch {
      // Not merged: the local cart stays as it is, and the next change tries again.
    } finally {
      this.starting = false;
    }
  }

  /** Signed out: this device forgets the account's cart (the account keeps it). */
  stop() {
    this.userId = null;
    this.ready = false;
    this.synced = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    clearCart();
    writeMirror(null);
  }

  /** The local cart changed while signed in. */
  changed() {
    const { userId } = this;
    if (!userId) return;
    if (!this.ready) {
      if (!this.starting) void this.start(userId);
      return;
    }
    if (signature(readCartLines()) === this.synced) return;
    writeMirror({ userId, dirty: true });
    this.schedule(SAVE_DELAY_MS);
  }

  schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), delay);
  }

  /** Saves the cart as it is now (last write wins); resolves when every save so far is done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const userId = this.userId;
    if (!userId || !this.ready) return this.queue;
    this.queue = this.queue.then(async () => {
      const lines = readCartLines();
      if (this.userId !== userId || signature(lines) === this.synced) return;
      try {
        const cart = await saveCart(toInput(lines));
        afterSavedCartWritten(this.client, cart);
        this.synced = signature(lines);
        if (this.userId === userId && signature(readCartLines()) === this.synced)
          writeMirror({ userId, dirty: false });
      } catch {
        // Kept dirty: the local cart is untouched and the next change saves it again.
      }
    });
    return this.queue;
  }

  /** Back on the page: another device may have changed the account's cart. */
  async refresh() {
    const { userId } = this;
    if (!userId || !this.ready || this.timer || readMirror()?.dirty) return;
    const sent = signature(readCartLines());
    try {
      const cart = await getSavedCart();
      const now = readCartLines();
      if (this.userId !== userId || signature(now) !== sent || this.timer) return;
      afterSavedCartWritten(this.client, cart);
      const lines = fromSaved(cart, now);
      this.synced = signature(lines);
      if (signature(lines) !== sent) replaceLocal(lines);
    } catch {
      // The cart stays as it is; the next visit asks again.
    }
  }
}

/**
 * Keeps the signed-in user's cart saved on the server and brings it in on sign-in (mounted once,
 * by the root layout). A visitor's cart stays in this browser only, as the spec has it.
 */
export function useSavedCartSync(): void {
  const client = useQueryClient();
  const { user, isLoading, isError } = useSession();
  const userId = user?.id ?? null;
  const lines = useCartLines();
  const sync = useRef<CartSync | null>(null);
  if (!sync.current) sync.current = new CartSync(client);

  useEffect(() => {
    const s = sync.current;
    if (!s || isLoading || isError) return;
    if (userId) {
      if (s.userId !== userId) void s.start(userId);
    } else if (s.userId || readMirror()) {
      // Signed out here, elsewhere, or the session ended while the page was closed: the local
      // cart is an account's copy, not a visitor's, and must not stay for the next person.
      s.stop();
    }
  }, [userId, isLoading, isError]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the lines
  useEffect(() => {
    sync.current?.changed();
  }, [lines]);

  useEffect(() => {
    const s = sync.current;
    if (!s) return;
    const unsubscribe = onBeforeSignOut(() => s.flush());
    const onVisible = () => {
      if (document.visibilityState === "visible") void s.refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      unsubscribe();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
}

/** The sync as a component, for the root layout's slot that loads it on demand. */
export function SavedCartSync(): null {
  useSavedCartSync();
  return null;
}
