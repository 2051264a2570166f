import { AlertTriangle, Info, Minus, Plus, Trash2 } from "lucide-react";
import type { CartLineState } from "../../../../core/contracts/buying";
import { ERROR_CODES } from "../../../../core/errors";
import { formatMoney, formatShipping } from "../../../../core/money";
import { ItemRow, ItemTitle } from "../../../components/ui/item-row";
import { Thumbnail } from "../../../components/ui/thumbnail";
import { ApproxPrice, UsdAmount } from "../../../components/ui/usd-price";
import type { CartLine } from "../hooks/use-cart";

/** What the cart has to tell about a line since it was added. */
export interface LineNotes {
  priceChange?: { from: number; to: number };
  /** The stock fell below what the cart held: the quantity was lowered to this. */
  clampedTo?: number;
}

const stepButton =
  "inline-flex size-9 items-center justify-center rounded-md text-slate-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";

/** One cart line: picture, title, price, quantity stepper, remove, and any note about it. */
export function CartLineItem({
  line,
  state,
  notes,
  onDecrease,
  onIncrease,
  onRemove,
}: {
  line: CartLine;
  /** The server's view of the line; undefined until the cart has been checked. */
  state: CartLineState | undefined;
  notes: LineNotes | undefined;
  onDecrease: () => void;
  onIncrease: () => void;
  onRemove: () => void;
}) {
  const href = `/listing/${line.id}`;
  const image = state?.imageUrl ?? line.image;
  const problem = state?.problem ?? null;
  // A stock shortfall is fixed by lowering the quantity, and said by the clamp note instead.
  const blocking = problem && problem.code !== ERROR_CODES.insufficientStock ? problem : null;
  const atStockLimit = state !== undefined && !problem && line.quantity >= state.available;

  return (
    <ItemRow
      label={line.title}
      flagged={Boolean(blocking)}
      thumbnail={
        <Thumbnail
          src={image}
          size="lg"
          href={href}
          imageClassName={blocking ? "opacity-60 grayscale" : undefined}
        />
      }
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <ItemTitle href={href}>{line.title}</ItemTitle>
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">
                <UsdAmount cents={line.price} />
              </span>
              {state && <> · Shipping {formatShipping(state.shippingCents)}</>}
              <ApproxPrice cents={line.price} className="block" />
            </p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${line.title}`}
            className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-coral-50 hover:text-coral-800"
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          {/* A line that cannot be bought has nothing to count: it can only be removed. */}
          {!blocking && (
            <fieldset className="inline-flex items-center rounded-lg border border-slate-300">
              <legend className="sr-only">Quantity of {line.title}</legend>
              <button
                type="button"
                onClick={onDecrease}
                aria-label={`Decrease quantity of ${line.title}`}
                className={stepButton}
              >
                <Minus aria-hidden="true" className="size-4" />
              </button>
              <output
                aria-label={`Quantity of ${line.title}`}
                className="min-w-10 px-1 text-center font-semibold text-slate-900 tabular-nums"
              >
                {line.quantity}
              </output>
              <button
                type="button"
                onClick={onIncrease}
                aria-label={`Increase quantity of ${line.title}`}
                aria-describedby={
                  atStockLimit && notes?.clampedTo === undefined ? `${line.id}-limit` : undefined
                }
                className={stepButton}
              >
                <Plus aria-hidden="true" className="size-4" />
              </button>
            </fieldset>
          )}
          {!blocking && (
            <p className="font-semibold text-slate-900">
              <span className="sr-only">Line total: </span>
              <UsdAmount cents={line.price * line.quantity} />
            </p>
          )}
        </div>

        {atStockLimit && state && notes?.clampedTo === undefined && (
          <p id={`${line.id}-limit`} className="text-sm text-slate-700">
            All {state.available} available are in your cart
          </p>
        )}
        {blocking && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-coral-800">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {blocking.message}
              <span className="block font-normal text-slate-700">Not included in your order.</span>
            </span>
          </p>
        )}
        {notes?.clampedTo !== undefined && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-amber-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Sorry, only {notes.clampedTo} items available. We lowered the quantity to match.
            </span>
          </p>
        )}
        {notes?.priceChange && (
          <p className="flex items-start gap-1.5 text-sm font-medium text-amber-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              The price changed from {formatMoney(notes.priceChange.from)} to{" "}
              {formatMoney(notes.priceChange.to)} since you added it.
            </span>
          </p>
        )}
      </div>
    </ItemRow>
  );
}
