import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { countText, listingAnswers, pricesShown, resultCards } from "./fixtures/listing-answers";
import { listThroughApi } from "./fixtures/listings";
import { newPerson } from "./fixtures/people";
import { expect, test } from "./fixtures/test";

interface Card {
  id: string;
  title: string;
  displayPriceCents: number;
}
interface ListingPage {
  items: Card[];
  total: number;
  page: number;
  pageSize: number;
  /** The featured listings above the first page, left out of its items (decision 0019). */
  pinned?: Card[];
}

/** The filters this page sends; an answer matches only when the others are absent. */
const FILTER_KEYS = ["category", "territory", "kind", "search", "minPriceCents", "maxPriceCents"];

/** The titles of the cards shown, in order. */
function titlesShown(page: Page) {
  return resultCards(page).getByRole("heading");
}

test("a visitor browses every listing, newest first", async ({ page }) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/listings");
  const newest = await answer({ sort: "newest", page: "1" });

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Browse Listings");
  await expect(page.getByText(countText(newest.total))).toBeVisible();
  // A full page, less the featured listings pinned above it (decision 0019).
  expect(newest.items.length).toBeGreaterThanOrEqual(
    newest.pageSize - (newest.pinned?.length ?? 0),
  );
  await expect(titlesShown(page)).toHaveText(newest.items.map((l) => l.title));
  await expect(page.getByLabel("Category")).toHaveValue("");
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(
    page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 1" }),
  ).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);
});

// Decision 0035: the bare /listings comes with its first page drawn and its answer in the HTML.
test("a visitor's /listings arrives with its cards, and the app shows them without asking again", async ({
  page,
}) => {
  const reads: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/listings") reads.push(url.search);
  });
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/listings");
  const newest = await answer({ sort: "newest", page: "1" });
  await expect(titlesShown(page)).toHaveText(newest.items.map((l) => l.title));
  // The picture gave way to the app, and the app used the answer it was served.
  await expect(page.locator("[data-first-paint]")).toHaveCount(0);
  expect(reads).not.toContain("?sort=newest&page=1");
  // Back to the first page through the app: the same cards (the served answer was used once).
  await page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: "Next" })
    .click();
  await expect(page).toHaveURL(/\/listings\?page=2$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(titlesShown(page)).toHaveText(newest.items.map((l) => l.title));
});

test("a visitor pages through the listings and back", async ({ page }) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/listings");
  const first = await answer({ page: "1" });
  const last = Math.ceil(first.total / first.pageSize);
  expect(last).toBeGreaterThan(2);

  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(titlesShown(page)).toHaveText(first.items.map((l) => l.title));
  await expect(pagination.getByText("Previous")).toHaveAttribute("aria-disabled", "true");

  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/listings\?page=2$/);
  await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const second = await answer({ page: "2" });
  await expect(titlesShown(page)).toHaveText(second.items.map((l) => l.title));
  expect(second.items.map((l) => l.id)).not.toContain(first.items[0]?.id);

  await pagination.getByRole("link", { name: `Page ${last}` }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?page=${last}$`));
  const final = await answer({ page: String(last) });
  expect(final.items).toHaveLength(final.total - final.pageSize * (last - 1));
  await expect(titlesShown(page)).toHaveText(final.items.map((l) => l.title));
  await expect(pagination.getByText("Next")).toHaveAttribute("aria-disabled", "true");

  await pagination.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?page=${last - 1}$`));
  await expect(resultCards(page)).toHaveCount(first.pageSize);

  await pagination.getByRole("link", { name: "Page 1" }).click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(titlesShown(page)).toHaveText(first.items.map((l) => l.title));
});

// Issue 23: a page past the end said "157 items found" beside "No listings found matching your criteria."
test("a visitor who opens a page past the end is sent back to the results", async ({ page }) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/listings?page=99");
  const beyond = await answer({ page: "99" });
  expect(beyond.items).toHaveLength(0);
  const last = Math.ceil(beyond.total / beyond.pageSize);
  expect(last).toBeLessThan(99);

  await expect(page.getByText(countText(beyond.total))).toBeVisible();
  await expect(page.getByText("No listings found matching your criteria.")).toHaveCount(0);
  await expect(
    page.getByText(`Page 99 is past the end: the results fill ${last} pages.`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await page.getByRole("link", { name: `Go to the last page (${last})` }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?page=${last}$`));
  const final = await answer({ page: String(last) });
  await expect(titlesShown(page)).toHaveText(final.items.map((l) => l.title));

  await page.goto("/listings?page=99");
  await page.getByRole("link", { name: "Back to page 1" }).click();
  await expect(page).toHaveURL(/\/listings$/);
  const first = await answer({ page: "1" });
  await expect(resultCards(page)).toHaveCount(first.items.length);
});

// Issue 23: `q`, the usual name for search text in a link, showed every listing.
test("a visitor who follows a link with q= sees the results of that search", async ({ page }) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/listings?q=guitar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText('Search Results: "guitar"');
  const found = await answer({ search: "guitar" });
  const all = await (await page.request.get("/api/listings")).json();
  expect(found.total).toBeGreaterThan(0);
  expect(found.total).toBeLessThan(all.total);
  await expect(page.getByText(countText(found.total))).toBeVisible();
  await expect(titlesShown(page)).toHaveText(found.items.map((l) => l.title));
});

test("a visitor sorts listings by price, low to high", async ({ page }) => {
  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/listings");
  await expect(resultCards(page).first()).toBeVisible();
  await page.getByLabel("Sort by").selectOption({ label: "Price (Low to High)" });
  await expect(page).toHaveURL(/[?&]sort=price_asc(&|$)/);

  const cheapestFirst = await answer({ sort: "price_asc", page: "1" });
  await expect
    .poll(() => pricesShown(page))
    .toEqual(cheapestFirst.items.map((l) => l.displayPriceCents));
  const prices = await pricesShown(page);
  expect(prices).toHaveLength(cheapestFirst.items.length);
  for (let i = 1; i < prices.length; i++) {
    expect(prices[i], `card ${i + 1} costs no less than card ${i}`).toBeGreaterThanOrEqual(
      prices[i - 1] ?? 0,
    );
  }

  // The order holds across pages too.
  const lastOnPageOne = prices[prices.length - 1] ?? 0;
  await page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: "Next" })
    .click();
  await expect(page).toHaveURL(/sort=price_asc&page=2$/);
  const second = await answer({ sort: "price_asc", page: "2" });
  await expect.poll(() => pricesShown(page)).toEqual(second.items.map((l) => l.displayPriceCents));
  expect((await pricesShown(page))[0]).toBeGreaterThanOrEqual(lastOnPageOne);
});

test("a visitor searches from the header and finds the listing they had in mind", async ({
  page,
  browser,
}) => {
  // A listing of its own, with a word in its title no other listing has: the newest listings,
  // which it searched for before, are other stories' own, and some are sold or removed meanwhile.
  const seller = await newPerson(browser, "findme");
  const target = await listThroughApi(seller.page, { title: "Woven hammock" });
  await seller.context.close();
  const word = target.title.split(" ").at(-1) ?? "";

  const answer = listingAnswers<ListingPage>(page, FILTER_KEYS);
  await page.goto("/");
  const searchbox = page.getByRole("searchbox", { name: "Search for anything" });
  await searchbox.fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();

  await expect(page).toHaveURL(`/listings?search=${encodeURIComponent(word)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Search Results: "${word}"`);
  await expect(searchbox).toHaveValue(word);
  const found = await answer({ search: word });
  await expect(page.getByText(countText(found.total))).toBeVisible();
  await expect(titlesShown(page)).toHaveText(found.items.map((l) => l.title));
  const card = page.getByRole("article", { name: target.title, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "View Details" })).toHaveAttribute(
    "href",
    `/listing/${target.id}`,
  );
  await expectNoSeriousA11yViolations(page);

  await card.getByRole("link", { name: target.title }).click();
  await expect(page).toHaveURL(`/listing/${target.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.title);
});

test("a visitor searches for something nobody sells and is told so", async ({ page }) => {
  await page.goto("/listings");
  await page.getByRole("searchbox", { name: "Search for anything" }).fill("zebra unicorn teapot");
  await page.getByRole("searchbox", { name: "Search for anything" }).press("Enter");

  await expect(page).toHaveURL(/\/listings\?search=zebra\+unicorn\+teapot$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    'Search Results: "zebra unicorn teapot"',
  );
  await expect(page.getByText("0 items found")).toBeVisible();
  await expect(page.getByText("No listings found matching your criteria.")).toBeVisible();
  await expect(page.getByText("Try changing your filters or search query.")).toBeVisible();
  await expect(resultCards(page)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
