import { PageTitle } from "../../components/ui/page-title";
import { SellLanding } from "../../features/selling/components/sell-landing";

/** /sell (signed in only): the sell landing. */
export function SellPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle title="Sell" />
      <SellLanding />
    </div>
  );
}
