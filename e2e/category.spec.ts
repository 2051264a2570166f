import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { countText, listingAnswers, pricesShown, resultCards } from "./fixtures/listing-answers";
import { expect, test } from "./fixtures/test";

interface Card {
  id: string;
  title: string;
  description: string;
  kind: "auction" | "fixed_price";
  condition: string | null;
  displayPriceCents: number;
  shippingCents: number;
  localPickup: boolean;
}
interface ListingPage {
  items: Card[];
  total: number;
}
interface CategoryDetail {
  name: string;
  children: { slug: string; name: string; listingCount: number }[];
}

/** The filters this page sends; an answer matches only when the others are absent. */
const FILTER_KEYS = [
  "category",
  "kind",
  "search",
  "minPriceCents",
  "maxPriceCents",
  "condition",
  "freeShipping",
  "localPickup",
];

/** The listing ids the product cards link to (/products/{id}), sorted. */
async function idsShown(page: Page): Promise<string[]> {
  const hrefs = await resultCards(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return [...new Set(hrefs.map((href) => href.replace("/products/", "")))].sort();
}

/** Waits until the page shows exactly the listings of this answer, and its count. */
async function expectShown(page: Page, expected: ListingPage) {
  await expect(page.getByText(countText(expected.total))).toBeVisible();
  await expect.poll(() => idsShown(page)).toEqual(expected.items.map((l) => l.id).sort());
}

/** A filter step really narrowed the results: some are left, but fewer than before. */
function expectNarrowed(after: ListingPage, before: ListingPage) {
  expect(after.total).toBeGreaterThan(0);
  expect(after.total).toBeLessThan(before.total);
}

/** Opens the category's filter panel. */
async function openFilters(page: Page) {
  const filterButton = page.getByRole("button", { name: "Filter", exact: true });
  await expect(filterButton).toHaveAttribute("aria-expanded", "false");
  await filterButton.click();
  await expect(filterButton).toHaveAttribute("aria-expanded", "true");
  const filters = page.getByRole("complementary", { name: "Filters" });
  await expect(filters).toBeVisible();
  await expect(filters.getByRole("heading", { name: "Shop by Category" })).toBeVisible();
  return filters;
}

test("a visitor filters a category by price, condition and delivery", async ({ page }) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  const electronics = { category: "electronics" };
  const range = { minPriceCents: "10000", maxPriceCents: "50000" };

  await page.goto("/category/electronics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electronics");
  const all = await answer(electronics);
  await expectShown(page, all);
  const filters = await openFilters(page);

  // Price range: only $100 to $500 is left.
  await filters.getByLabel("Min price").fill("100");
  await filters.getByLabel("Max price").fill("500");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/minPrice=100&maxPrice=500/);
  const priced = await answer({ ...electronics, ...range });
  expectNarrowed(priced, all);
  await expectShown(page, priced);
  for (const cents of await pricesShown(page)) {
    expect(cents).toBeGreaterThanOrEqual(10000);
    expect(cents).toBeLessThanOrEqual(50000);
  }

  // Condition: New.
  await filters.getByRole("checkbox", { name: "New", exact: true }).check();
  await expect(page).toHaveURL(/condition=new/);
  const pricedNew = await answer({ ...electronics, ...range, condition: "new" });
  expectNarrowed(pricedNew, priced);
  expect(pricedNew.items.filter((l) => l.condition !== "new")).toEqual([]);
  await expectShown(page, pricedNew);

  // Delivery: Free Shipping.
  const freeBox = filters.getByRole("checkbox", { name: "Free Shipping" });
  await freeBox.check();
  await expect(page).toHaveURL(/freeShipping=true/);
  await expect(freeBox).toBeChecked();
  const pricedNewFree = await answer({
    ...electronics,
    ...range,
    condition: "new",
    freeShipping: "true",
  });
  expectNarrowed(pricedNewFree, pricedNew);
  expect(pricedNewFree.items.filter((l) => l.shippingCents !== 0)).toEqual([]);
  await expectShown(page, pricedNewFree);
  await expectNoSeriousA11yViolations(page);
});

test("a visitor tries other filters, clears them, and is stopped from asking for an impossible price range", async ({
  page,
}) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  const electronics = { category: "electronics" };
  // Filters in the address (a shared link) apply at once, with the panel open.
  await page.goto("/category/electronics?condition=used");
  const filters = page.getByRole("complementary", { name: "Filters" });
  await expect(filters.getByRole("checkbox", { name: "Used" })).toBeChecked();
  const used = await answer({ ...electronics, condition: "used" });
  expect(used.items.filter((l) => l.condition === "new" || l.condition === null)).toEqual([]);
  await expectShown(page, used);

  await filters.getByRole("button", { name: "Clear all filters" }).click();
  await expect(page).toHaveURL(/\/category\/electronics$/);
  await expect(filters.getByRole("checkbox", { name: "Used" })).not.toBeChecked();
  const all = await answer(electronics);
  expectNarrowed(used, all);
  await expectShown(page, all);

  await filters.getByRole("checkbox", { name: "Local Pickup" }).check();
  await expect(page).toHaveURL(/localPickup=true/);
  const pickup = await answer({ ...electronics, localPickup: "true" });
  expectNarrowed(pickup, all);
  expect(pickup.items.filter((l) => !l.localPickup)).toEqual([]);
  await expectShown(page, pickup);

  await filters.getByLabel("Min price").fill("50");
  await filters.getByLabel("Max price").fill("10");
  await filters.getByRole("button", { name: "Apply" }).click();
  await expect(filters.getByRole("alert")).toHaveText("Min price must not be above max price.");
  await expect(page).not.toHaveURL(/minPrice/);
  await expectShown(page, pickup);
});

test("a visitor switches a category between all listings, auctions and Buy It Now", async ({
  page,
}) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/category/electronics");
  const allButton = page.getByRole("button", { name: "All Listings" });
  const auctionButton = page.getByRole("button", { name: "Auction", exact: true });
  const fixedButton = page.getByRole("button", { name: "Buy It Now", exact: true });
  await expect(allButton).toHaveAttribute("aria-pressed", "true");
  const all = await answer({ category: "electronics" });
  await expectShown(page, all);
  const cards = resultCards(page);

  await auctionButton.click();
  await expect(page).toHaveURL(/kind=auction/);
  await expect(auctionButton).toHaveAttribute("aria-pressed", "true");
  await expect(allButton).toHaveAttribute("aria-pressed", "false");
  const auctions = await answer({ category: "electronics", kind: "auction" });
  expectNarrowed(auctions, all);
  expect(auctions.items.filter((l) => l.kind !== "auction")).toEqual([]);
  await expectShown(page, auctions);
  await expect(cards).toHaveText(Array(auctions.items.length).fill(/Auction · \d+ bids?/));

  await fixedButton.click();
  await expect(page).toHaveURL(/kind=fixed_price/);
  await expect(fixedButton).toHaveAttribute("aria-pressed", "true");
  const fixed = await answer({ category: "electronics", kind: "fixed_price" });
  expectNarrowed(fixed, all);
  expect(fixed.items.filter((l) => l.kind !== "fixed_price")).toEqual([]);
  await expectShown(page, fixed);
  await expect(cards).toHaveText(Array(fixed.items.length).fill(/Buy It Now/));

  await allButton.click();
  await expect(page).toHaveURL(/\/category\/electronics$/);
  await expect(allButton).toHaveAttribute("aria-pressed", "true");
  await expectShown(page, all);
});

test("a visitor reads a category as a list, back to a grid, and opens a product", async ({
  page,
}) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/category/electronics?kind=fixed_price");
  const fixed = await answer({ category: "electronics", kind: "fixed_price" });
  await expectShown(page, fixed);
  const cards = resultCards(page);
  const stock = /\d+ available|Out of stock/;
  const count = /\d+ available/;

  // The grid shows no stock count (only a sold-out item is marked); the list adds each item's
  // description and stock.
  const gridButton = page.getByRole("button", { name: "Grid view" });
  const listButton = page.getByRole("button", { name: "List view" });
  await expect(gridButton).toHaveAttribute("aria-pressed", "true");
  await expect(cards.first()).not.toContainText(count);
  await listButton.click();
  await expect(page).toHaveURL(/view=list/);
  await expect(listButton).toHaveAttribute("aria-pressed", "true");
  await expect(cards).toHaveText(Array(fixed.items.length).fill(stock));
  await expect(cards.first()).toContainText(fixed.items[0]?.description.slice(0, 40) ?? "");
  await expectShown(page, fixed);
  await expectNoSeriousA11yViolations(page);

  await gridButton.click();
  await expect(page).not.toHaveURL(/view=list/);
  await expect(gridButton).toHaveAttribute("aria-pressed", "true");
  await expect(cards.first()).not.toContainText(count);

  // A product card opens the listing at /products/{id}.
  const first = fixed.items[0];
  if (!first) throw new Error("no Buy It Now electronics");
  await cards.first().getByRole("link", { name: first.title }).click();
  await expect(page).toHaveURL(`/products/${first.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
});

test("a visitor moves between subcategories with the chips", async ({ page, request }) => {
  const response = await request.get("/api/categories/electronics");
  expect(response.ok()).toBe(true);
  const electronics = (await response.json()) as CategoryDetail;
  const phones = electronics.children.find((c) => c.slug === "phones");
  if (!phones) throw new Error("the demo data has no Electronics › Phones");

  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/category/electronics");
  const chips = page.getByRole("navigation", { name: "Subcategories" });
  await expect(chips.getByRole("link")).toHaveText(electronics.children.map((c) => c.name));
  const all = await answer({ category: "electronics" });

  await chips.getByRole("link", { name: phones.name }).click();
  await expect(page).toHaveURL("/category/electronics/phones");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(phones.name);
  await expect(chips.getByRole("link", { name: phones.name })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Electronics" })).toHaveAttribute(
    "href",
    "/category/electronics",
  );
  const phoneListings = await answer({ category: "phones" });
  expectNarrowed(phoneListings, all);
  await expectShown(page, phoneListings);

  await chips.getByRole("link", { name: "All Electronics" }).click();
  await expect(page).toHaveURL("/category/electronics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Electronics");
  await expect(chips.getByRole("link", { name: "All Electronics" })).toHaveCount(0);
  await expectShown(page, all);
});

test("a visitor who follows a link to a category that does not exist lands on Page Not Found", async ({
  page,
}) => {
  await page.goto("/category/spaceships");
  await expect(page).toHaveURL("/404");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");

  // A real subcategory under the wrong parent is no page either.
  await page.goto("/category/fashion/phones");
  await expect(page).toHaveURL("/404");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
});
