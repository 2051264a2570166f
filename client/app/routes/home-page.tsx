import type { ListingCard as ListingCardData } from "../../../core/contracts/browse";
import { DAILY_PICKS_SIZE } from "../../../core/limits";
import { Button } from "../../components/ui/button";
import { ErrorState } from "../../components/ui/error-state";
import { PageTitle } from "../../components/ui/page-title";
import { CardSkeletons, TileSkeletons } from "../../components/ui/skeleton";
import { useCategories } from "../../features/catalog/api/get-categories";
import { useTerritories } from "../../features/catalog/api/get-territories";
import { useHome } from "../../features/home/api/get-home";
import { DailyPicks } from "../../features/home/components/daily-picks";
import { HomeHero } from "../../features/home/components/home-hero";
import { HomeSection } from "../../features/home/components/home-section";
import { PopularCategories } from "../../features/home/components/popular-categories";
import { StartSellingBanner } from "../../features/home/components/start-selling-banner";
import { ListingCard } from "../../features/listings/components/listing-card";
import { ListingGrid } from "../../features/listings/components/listing-grid";
import { useListingCards } from "../../features/recently-viewed/api/get-listing-cards";
import {
  clearRecentlyViewed,
  useRecentlyViewedIds,
} from "../../features/recently-viewed/hooks/use-recently-viewed";
import { cn } from "../../lib/cn";
import { useTerritoryChoice, withTerritory } from "../../lib/territory-choice";
import { useDeferredData } from "../../lib/use-deferred-data";

/** What a section says when a territory has nothing for it (Daily Picks runs out first). */
function EmptyRow() {
  return <p className="text-slate-700">No listings here yet. Check back soon.</p>;
}

function CardRow({
  listings,
  dimmed,
  priority = false,
}: {
  listings: ListingCardData[];
  dimmed: boolean;
  /** The page's first row: its first picture loads at once. */
  priority?: boolean;
}) {
  if (listings.length === 0) return <EmptyRow />;
  return (
    <ListingGrid className={cn(dimmed && "opacity-60")}>
      {listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard listing={listing} priority={priority && index === 0} />
        </li>
      ))}
    </ListingGrid>
  );
}

/**
 * Popular Categories' room while the category tree loads: its heading and eight tiles of the real
 * ones' size. Without it the sections below, already drawn when the home data comes first, are
 * pushed down the moment the tiles arrive.
 */
function PopularCategoriesPlaceholder() {
  return (
    <section aria-hidden="true" className="flex flex-col gap-4">
      <p className="text-2xl font-bold text-slate-900">Popular Categories</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {Array.from({ length: 8 }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but a position
            key={index}
            className="flex animate-pulse flex-col items-center gap-3 rounded-xl border border-sand-200 bg-white px-3 py-5"
          >
            <span className="size-14 rounded-full bg-sand-200" />
            <span className="h-5 w-2/3 rounded bg-sand-100" />
          </div>
        ))}
      </div>
    </section>
  );
}

/** A returning visitor's last viewed listings (kept in this browser), shown only when there are some. */
function RecentlyViewed() {
  const ids = useRecentlyViewedIds();
  const cards = useListingCards(ids);
  const items = cards.data?.items ?? [];
  if (ids.length === 0 || (cards.isSuccess && items.length === 0)) return null;
  return (
    <HomeSection
      id="recently-viewed"
      title="Recently viewed"
      action={
        <Button variant="ghost" size="sm" className="ml-auto" onClick={clearRecentlyViewed}>
          Clear<span className="sr-only"> recently viewed items</span>
        </Button>
      }
    >
      {cards.data ? (
        <CardRow listings={items} dimmed={cards.isPlaceholderData} />
      ) : (
        <CardSkeletons count={4} />
      )}
    </HomeSection>
  );
}

export function HomePage() {
  // The choice stays for the visit: Start Shopping, View all and the header search carry it.
  const { territory, choose } = useTerritoryChoice();
  const territories = useTerritories();
  const categories = useCategories();
  const home = useHome(territory || undefined);
  // Some 40 cards: drawn at low priority (lib/use-deferred-data).
  const homeData = useDeferredData(home.data);

  const sections = [
    { id: "featured-deals", title: "Featured Deals", href: "/deals", items: homeData?.featured },
    { id: "trending-now", title: "Trending Now", href: "/trending", items: homeData?.trending },
    { id: "ending-soon", title: "Ending Soon", href: "/ending-soon", items: homeData?.endingSoon },
  ];

  return (
    <>
      <PageTitle />
      <HomeHero
        territories={territories.data ?? []}
        territory={territory}
        onTerritoryChange={choose}
      />
      <div className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-10">
        {categories.isPending ? (
          <PopularCategoriesPlaceholder />
        ) : (
          <PopularCategories categories={categories.data?.items ?? []} />
        )}
        <RecentlyViewed />
        {home.isError && !home.data ? (
          <ErrorState
            message="We couldn't load today's listings."
            onRetry={() => void home.refetch()}
          />
        ) : (
          <>
            {sections.map((section, index) => (
              <HomeSection
                key={section.id}
                id={section.id}
                title={section.title}
                viewAllHref={withTerritory(section.href, territory)}
              >
                {section.items ? (
                  <CardRow
                    listings={section.items}
                    dimmed={home.isPlaceholderData}
                    priority={index === 0}
                  />
                ) : (
                  <CardSkeletons count={4} />
                )}
              </HomeSection>
            ))}
            <HomeSection id="daily-picks" title="Daily Picks">
              {homeData ? (
                homeData.dailyPicks.length > 0 ? (
                  <DailyPicks listings={homeData.dailyPicks} />
                ) : (
                  <EmptyRow />
                )
              ) : (
                <TileSkeletons count={DAILY_PICKS_SIZE} />
              )}
            </HomeSection>
          </>
        )}
        <StartSellingBanner />
      </div>
    </>
  );
}
