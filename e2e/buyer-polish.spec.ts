import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

interface Card {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  priceCents: number;
  quantity: number;
  category: { slug: string; name: string };
  subcategory: { slug: string; name: string } | null;
  territory: { name: string };
}
interface HomeSections {
  featured: Card[];
  trending: Card[];
  endingSoon: Card[];
  dailyPicks: Card[];
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/** A Buy It Now listing the demo data has sold out (no stock left, so off sale: sold). */
async function soldOutListing(request: APIRequestContext): Promise<Card> {
  const { items } = await getJson<{ items: Card[] }>(
    request,
    "/api/listings?kind=fixed_price&status=sold&pageSize=100",
  );
  const found = items.find((l) => l.quantity === 0 && l.subcategory !== null);
  if (!found) throw new Error("no sold-out fixed-price listing in the demo data");
  return found;
}

/** The home sections the page fetched for one territory. */
function homeAnswer(page: Page, territory: string): Promise<HomeSections> {
  return page
    .waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === "/api/home" && url.searchParams.get("territory") === territory;
    })
    .then((response) => response.json() as Promise<HomeSections>);
}

test("a listing says it ships from its own island, not from the United States @phone", async ({
  page,
  request,
}) => {
  const { items } = await getJson<{ items: Card[] }>(
    request,
    "/api/listings?territory=barbados&pageSize=1",
  );
  const listing = items[0];
  if (!listing) throw new Error("no listing in Barbados in the demo data");

  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();
  const shipping = page.getByRole("region", { name: "Shipping and returns" });
  await expect(shipping.getByText("Ships from Barbados", { exact: true })).toBeVisible();
  await expect(shipping).not.toContainText("United States");
  await expectNoSeriousA11yViolations(page);
});

test("a sold-out listing is marked among sold listings, and its page offers nothing to press", async ({
  page,
  request,
}) => {
  // Two pages, each checked with axe, on a busy machine.
  test.setTimeout(bound(60_000));
  const listing = await soldOutListing(request);
  const dollars = (listing.priceCents / 100).toFixed(2);

  // Off sale, it is found among sold listings (advanced search's "Sold listings"), narrowed by
  // price to a few cards.
  await page.goto(`/listings?status=sold&kind=buy_it_now&minPrice=${dollars}&maxPrice=${dollars}`);
  const card = page.getByRole("article", { name: listing.title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Out of stock", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/(products|listing)/${listing.id}$`));
  const panel = page.getByRole("region", { name: "Buy It Now" });
  await expect(panel.getByText("Out of stock", { exact: true })).toBeVisible();
  const buy = panel.getByRole("button", { name: "Buy It Now" });
  const addToCart = panel.getByRole("button", { name: "Add to Cart" });
  await expect(buy).toBeDisabled();
  await expect(addToCart).toBeDisabled();
  // And it looks it: greyed like Buy It Now, not a white button that invites a click.
  const background = await addToCart.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe("rgb(255, 255, 255)");
  await expectNoSeriousA11yViolations(page);
});

test("a territory with too few listings for Daily Picks says so instead of an empty heading", async ({
  page,
  request,
}) => {
  // A territory whose home page has listings, but none left over for Daily Picks.
  const { items: territories } = await getJson<{ items: { slug: string; name: string }[] }>(
    request,
    "/api/territories",
  );
  let chosen: { slug: string; name: string } | undefined;
  for (const territory of territories) {
    const home = await getJson<HomeSections>(request, `/api/home?territory=${territory.slug}`);
    const above = home.featured.length + home.trending.length + home.endingSoon.length;
    if (home.dailyPicks.length === 0 && above > 0) {
      chosen = territory;
      break;
    }
  }
  if (!chosen) throw new Error("every territory fills Daily Picks in the demo data");

  await page.goto("/");
  const answer = homeAnswer(page, chosen.slug);
  await page.getByLabel("Shop by Territory").selectOption({ label: chosen.name });
  const sections = await answer;
  expect(sections.dailyPicks).toEqual([]);

  const picks = page.getByRole("region", { name: "Daily Picks" });
  await expect(picks.getByText("No listings here yet. Check back soon.")).toBeVisible();
  await expect(picks.getByRole("link")).toHaveCount(0);
  // The rows above still show that territory's listings (each its View all page's first ones).
  for (const [name, listings] of [
    ["Featured Deals", sections.featured],
    ["Trending Now", sections.trending],
    ["Ending Soon", sections.endingSoon],
  ] as const) {
    await expect(page.getByRole("region", { name }).getByRole("article")).toHaveCount(
      listings.length,
    );
  }
  await expectNoSeriousA11yViolations(page);
});
