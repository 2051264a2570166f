import { ArrowRight, Sailboat } from "lucide-react";
import { Link } from "react-router";
import type { Territory } from "../../../../core/contracts/browse";
import { buttonClasses } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/select-field";

/** The banner: welcome, the Shop by Territory selector and Start Shopping. */
export function HomeHero({
  territories,
  territory,
  onTerritoryChange,
}: {
  territories: Territory[];
  territory: string;
  onTerritoryChange: (slug: string) => void;
}) {
  return (
    <section
      aria-labelledby="hero-title"
      className="on-dark relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-900 to-brand-950 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-16 size-80 rounded-full bg-coral-500/25 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 left-1/3 size-96 rounded-full bg-brand-400/20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <div className="flex flex-col gap-5">
          <p className="text-sm font-semibold tracking-widest text-coral-200 uppercase">
            The Caribbean's marketplace
          </p>
          <h1 id="hero-title" className="text-3xl leading-tight font-extrabold sm:text-5xl">
            Bid, buy and sell across the islands
          </h1>
          <p className="max-w-xl text-lg text-brand-50">
            Auctions and Buy It Now deals from sellers in Jamaica, Trinidad and Tobago, Barbados,
            The Bahamas and beyond.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <SelectField
              label="Shop by Territory"
              tone="dark"
              value={territory}
              onChange={onTerritoryChange}
              options={[
                { value: "", label: "All Territories" },
                ...territories.map((t) => ({ value: t.slug, label: t.name })),
              ]}
              className="sm:w-72"
            />
            <Link
              to={territory ? `/listings?${new URLSearchParams({ territory })}` : "/listings"}
              className={buttonClasses("accent", "md", "h-10")}
            >
              Start Shopping
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </div>
        <div aria-hidden="true" className="hidden justify-center lg:flex">
          <div className="relative flex size-72 items-center justify-center rounded-full bg-sand-100/10 ring-1 ring-white/20">
            <div className="absolute top-10 right-12 size-16 rounded-full bg-coral-400" />
            <Sailboat className="size-40 text-sand-50" strokeWidth={1.25} />
          </div>
        </div>
      </div>
    </section>
  );
}
