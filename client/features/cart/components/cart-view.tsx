import { ArrowLeft } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { itemCount } from "../../../../core/cart";
import type {
  CartLineInput,
  CartLineState,
  CartValidation,
} from "../../../../core/contracts/buying";
import { ERROR_CODES } from "../../../../core/errors";
import { DeliverToField } from "../../../components/deliver-to-field";
import { Button, buttonClasses } from "../../../components/ui/button";
import { useDeliverTo } from "../../../lib/deliver-to";
import { useCartValidation } from "../api/validate-cart";
import { CART_MESSAGES } from "../hooks/use-add-to-cart";
import {
  type CartLine,
  clearCart,
  readCartLines,
  removeCartLines,
  setCartQuantity,
  updateCartLine,
  useCartLines,
} from "../hooks/use-cart";
import { CartLineItem, type LineNotes } from "./cart-line-item";
import { CartSummary } from "./cart-summary";

export const CART_CHANGED_MESSAGE =
  "Your cart changed since you last looked at it. Please check it before you continue.";
const NOTHING_TO_BUY_MESSAGE = "None of the items in your cart can be bought right now.";

/** A stock shortfall the cart can fix by lowering the quantity, rather than a dead line. */
function isFixableShortfall(state: CartLineState) {
  return state.problem?.code === ERROR_CODES.insufficientStock && state.available > 0;
}

export function canBuy(state: CartLineState | undefined) {
  return state !== undefined && state.problem === null;
}

/**
 * Brings the stored cart in line with the server's answer: today's price, a quantity lowered to
 * the stock left. Returns the notes to show, or null when nothing needed changing.
 */
function reconcile(data: CartValidation): Record<string, LineNotes> | null {
  const current = readCartLines();
  const notes: Record<string, LineNotes> = {};
  for (const state of data.lines) {
    const line = current.find((l) => l.id === state.listingId);
    if (!line) continue;
    if (isFixableShortfall(state) && line.quantity > state.available) {
      setCartQuantity(line.id, state.available);
      notes[line.id] = { ...notes[line.id], clampedTo: state.available };
    }
    if ((state.problem === null || isFixableShortfall(state)) && state.priceCents !== line.price) {
      updateCartLine(line.id, { price: state.priceCents });
      notes[line.id] = {
        ...notes[line.id],
        priceChange: { from: line.price, to: state.priceCents },
      };
    }
    // The seller may have renamed it or changed its photos: quietly show what is listed now.
    if (state.title !== line.title || (state.imageUrl && state.imageUrl !== line.image)) {
      updateCartLine(line.id, { title: state.title, image: state.imageUrl ?? line.image });
    }
  }
  return Object.keys(notes).length > 0 ? notes : null;
}

interface CheckoutOptions {
  resume: () => void;
  onFailure: () => void;
}

/**
 * The cart's lines and Order Summary. Stock and prices are checked with the server when it opens,
 * after every change and again before checkout; `onCheckout` gets only the lines that can be bought.
 */
export function CartView({
  onCheckout,
  processing,
  footer,
}: {
  onCheckout: (lines: CartLineInput[], options: CheckoutOptions) => void;
  processing: boolean;
  footer?: ReactNode;
}) {
  const lines = useCartLines();
  const inputs = useMemo(
    () => lines.map((l) => ({ listingId: l.id, quantity: l.quantity })),
    [lines],
  );
  const validation = useCartValidation(inputs);
  // Checkout charges the shipping of where the order goes, so it asks first (issue 29).
  const { deliverTo, choose } = useDeliverTo();
  const [notes, setNotes] = useState<Record<string, LineNotes>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const states = useMemo(
    () => new Map((validation.data?.lines ?? []).map((s) => [s.listingId, s])),
    [validation.data],
  );

  const applyServerView = useCallback((data: CartValidation) => {
    const changed = reconcile(data);
    if (changed) setNotes((previous) => ({ ...previous, ...changed }));
    return changed !== null;
  }, []);

  // Only an answer about the lines as they are now (not the previous one kept on screen).
  const { data, isPlaceholderData } = validation;
  useEffect(() => {
    if (data && !isPlaceholderData) applyServerView(data);
  }, [data, isPlaceholderData, applyServerView]);

  const change = (
    action: () => void,
    success: string,
    failure: string = CART_MESSAGES.updateFailed,
  ) => {
    try {
      action();
    } catch {
      toast.error(failure);
      return;
    }
    setAlert(null);
    toast.success(success);
  };

  const increase = (line: CartLine) => {
    const state = states.get(line.id);
    if (state && line.quantity + 1 > state.available) {
      toast.error(CART_MESSAGES.stockExceeded(state.available));
      return;
    }
    change(() => setCartQuantity(line.id, line.quantity + 1), CART_MESSAGES.updated);
  };

  const decrease = (line: CartLine) => {
    if (line.quantity <= 1) {
      change(() => setCartQuantity(line.id, 0), CART_MESSAGES.removed);
      return;
    }
    change(() => setCartQuantity(line.id, line.quantity - 1), CART_MESSAGES.updated);
  };

  const checkout = async () => {
    setAlert(null);
    setChecking(true);
    const fresh = await validation.refetch();
    setChecking(false);
    if (!fresh.isSuccess) {
      // The check itself failed: the server checks everything again at checkout anyway.
      onCheckout(inputs, { resume: () => void checkout(), onFailure: () => {} });
      return;
    }
    if (applyServerView(fresh.data)) {
      setAlert(CART_CHANGED_MESSAGE);
      return;
    }
    const freshStates = new Map(fresh.data.lines.map((s) => [s.listingId, s]));
    const buyable = readCartLines()
      .filter((l) => canBuy(freshStates.get(l.id)))
      .map((l) => ({ listingId: l.id, quantity: l.quantity }));
    if (buyable.length === 0) {
      setAlert(NOTHING_TO_BUY_MESSAGE);
      return;
    }
    onCheckout(buyable, {
      resume: () => void checkout(),
      onFailure: () => void validation.refetch(),
    });
  };

  const checked = data !== undefined;
  const buyableLines = lines.filter((l) => canBuy(states.get(l.id)));
  const leftOut = checked && buyableLines.length < lines.length;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="flex flex-col gap-4">
        <ul aria-label="Items in your cart" className="flex flex-col gap-3">
          {lines.map((line) => (
            <CartLineItem
              key={line.id}
              line={line}
              state={states.get(line.id)}
              notes={notes[line.id]}
              onIncrease={() => increase(line)}
              onDecrease={() => decrease(line)}
              onRemove={() =>
                change(
                  () => removeCartLines([line.id]),
                  CART_MESSAGES.removed,
                  CART_MESSAGES.updateFailed,
                )
              }
            />
          ))}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link to="/listings" className={buttonClasses("ghost", "md")}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Continue Shopping
          </Link>
          <Button variant="outline" onClick={() => change(clearCart, CART_MESSAGES.cleared)}>
            Clear Cart
          </Button>
        </div>
      </div>

      <CartSummary
        totals={checked && deliverTo ? data.totals : null}
        count={checked ? itemCount(buyableLines) : itemCount(lines)}
        processing={processing || checking}
        disabled={
          !deliverTo ||
          (!checked && !validation.isError ? true : checked && buyableLines.length === 0)
        }
        destination={<DeliverToField value={deliverTo} onChange={(v) => void choose(v)} />}
        onCheckout={() => void checkout()}
        alert={
          alert ??
          (validation.isError && !checked ? (
            <>
              <p>We couldn't check prices and stock right now.</p>
              <Button size="sm" variant="outline" onClick={() => void validation.refetch()}>
                Try again
              </Button>
            </>
          ) : null)
        }
        footer={
          <>
            {leftOut && (
              <p className="text-sm text-slate-700">
                Items that can't be bought right now are not included in the total.
              </p>
            )}
            {footer}
          </>
        }
      />
    </div>
  );
}
