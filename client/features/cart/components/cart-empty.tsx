import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";

/** The spec's empty cart. */
export function CartEmpty() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
      <ShoppingCart aria-hidden="true" className="size-12 text-brand-600" />
      <h2 className="text-xl font-semibold text-slate-900">Your cart is empty</h2>
      <p className="text-slate-700">Looks like you haven't added any items to your cart yet.</p>
      <Link to="/listings" className={buttonClasses("primary", "lg", "mt-2")}>
        Start Shopping
      </Link>
    </div>
  );
}
