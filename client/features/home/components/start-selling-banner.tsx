import { ArrowRight, Store } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";

export function StartSellingBanner() {
  return (
    <section
      aria-labelledby="start-selling"
      className="flex flex-col items-start gap-5 rounded-2xl bg-coral-50 p-6 ring-1 ring-coral-200 sm:flex-row sm:items-center sm:justify-between sm:p-10"
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-14 shrink-0 items-center justify-center rounded-full bg-coral-100 text-coral-800 sm:flex">
          <Store aria-hidden="true" className="size-7" />
        </span>
        <div className="flex flex-col gap-2">
          <h2 id="start-selling" className="text-2xl font-bold text-slate-900">
            Sell to buyers across the Caribbean
          </h2>
          <p className="max-w-xl text-slate-800">
            List an item in minutes, run an auction or set a Buy It Now price, and reach shoppers in
            every territory.
          </p>
        </div>
      </div>
      <Link to="/sell" className={buttonClasses("accent", "lg")}>
        Start Selling
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
