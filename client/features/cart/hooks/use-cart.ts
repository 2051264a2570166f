import { useSyncExternalStore } from "react";
import { itemCount, MAX_CART_LINES, MAX_LINE_QUANTITY } from "../../../../core/cart";

/** One line of the cart, in the spec's shape; `price` is the unit price in cents when last seen. */
export interface CartLine {
  /** The listing's id. */
  id: string;
  title: string;
  image: string | null;
  price: number;
  quantity: number;
  sellerId: string;
}

export const CART_STORAGE_KEY = "tradewinds:cart";

// What another version of the page (or a person with devtools) left in storage is not trusted:
// lines that do not check out are dropped rather than breaking the cart. Checked by hand: the
// header's badge reads this on every page, and zod is kept out of the first page load.
function storedLine(item: unknown): CartLine | null {
  if (typeof item !== "object" || item === null) return null;
  const { id, title, image, price, quantity, sellerId } = item as Record<string, unknown>;
  const wholeNumber = (value: unknown): value is number => Number.isSafeInteger(value);
  if (typeof id !== "string" || id.length === 0) return null;
  if (typeof title !== "string" || typeof sellerId !== "string") return null;
  if (!wholeNumber(price) || price < 0) return null;
  if (!wholeNumber(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
  // A picture that is not a text is dropped, not the line.
  return { id, title, image: typeof image === "string" ? image : null, price, quantity, sellerId };
}

const EMPTY: readonly CartLine[] = Object.freeze([]);

function parse(raw: string | null): readonly CartLine[] {
  if (!raw) return EMPTY;
  try {
    const data: unknown = JSON.parse(raw);
    if (!Array.isArray(data)) return EMPTY;
    const lines: CartLine[] = [];
    for (const item of data) {
      const line = storedLine(item);
      if (line && !lines.some((l) => l.id === line.id)) lines.push(line);
    }
    return lines;
  } catch {
    return EMPTY;
  }
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy settings); the cart is then empty, not broken.
    return null;
  }
}

// useSyncExternalStore wants the same snapshot object while nothing changed: parse once per text.
let cachedRaw: string | null | undefined;
let cachedLines: readonly CartLine[] = EMPTY;

function snapshot(): readonly CartLine[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLines = parse(raw);
  }
  return cachedLines;
}

const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // The storage event fires in the other tabs only, which is exactly the cross-tab sync needed.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Writes the lines; throws when storage refuses (full or disabled), so callers can say so. */
function write(lines: readonly CartLine[]) {
  if (lines.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
  else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  notify();
}

/** The cart right now, outside React (for a click handler that must not act on a stale render). */
export function readCartLines(): readonly CartLine[] {
  return snapshot();
}

/** Adds `quantity` units of a listing, or more units to its line when it is already there. */
export function addCartLine(line: Omit<CartLine, "quantity">, quantity = 1) {
  const lines = snapshot();
  const existing = lines.find((l) => l.id === line.id);
  if (existing) {
    write(
      lines.map((l) => (l.id === line.id ? { ...l, ...line, quantity: l.quantity + quantity } : l)),
    );
    return;
  }
  if (lines.length >= MAX_CART_LINES) throw new Error("The cart is full");
  write([...lines, { ...line, quantity }]);
}

/** Sets a line's quantity; below 1 removes the line (spec). */
export function setCartQuantity(id: string, quantity: number) {
  const lines = snapshot();
  if (quantity < 1) {
    write(lines.filter((l) => l.id !== id));
    return;
  }
  write(
    lines.map((l) => (l.id === id ? { ...l, quantity: Math.min(quantity, MAX_LINE_QUANTITY) } : l)),
  );
}

/** Changes what the cart remembers of a line (a new price, or title, from the server). */
export function updateCartLine(id: string, patch: Partial<Omit<CartLine, "id">>) {
  write(snapshot().map((l) => (l.id === id ? { ...l, ...patch } : l)));
}

export function removeCartLines(ids: readonly string[]) {
  const lines = snapshot();
  const left = lines.filter((l) => !ids.includes(l.id));
  if (left.length !== lines.length) write(left);
}

/** Puts these lines in place of the cart's (the account's saved cart arriving). */
export function replaceCartLines(lines: readonly CartLine[]) {
  write(lines);
}

export function clearCart() {
  write(EMPTY);
}

/** The cart as it is now, kept in the browser's local storage and shared by every tab. */
export function useCartLines(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

/** How many items the cart holds (the header badge). */
export function useCartCount(): number {
  return itemCount(useCartLines());
}
