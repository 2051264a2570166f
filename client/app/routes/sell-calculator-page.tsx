import { Link } from "react-router";
import { PageTitle } from "../../components/ui/page-title";
import { FeeCalculator } from "../../features/selling/components/fee-calculator";

/** /sell/calculator (public): what selling an item costs. */
export function SellCalculatorPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <PageTitle title="Fee calculator" />
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Fee calculator</h1>
        <p className="text-slate-700">
          Type a price to see every fee and what you keep.{" "}
          <Link to="/sell" className="font-semibold text-brand-800 underline">
            Start selling
          </Link>
        </p>
      </div>
      <FeeCalculator />
    </div>
  );
}
