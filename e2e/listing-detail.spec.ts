import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO_SELLERS } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";

interface Listing {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  priceCents: number;
  quantity: number;
  status: string;
  seller: { username: string };
  territory: { name: string };
  images: { url: string }[];
  auction: { currentBidCents: number | null; bidCount: number; endsAt: string } | null;
}
interface Bids {
  items: { amountCents: number }[];
  total: number;
}

const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/** The answer the page gets from this API path. */
function answerTo<T>(page: Page, path: string): Promise<T> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === path)
    .then((response) => response.json() as Promise<T>);
}

/**
 * An open auction with more bids than the history shows, the last of them to end (so that no
 * other spec bidding on auctions that end soon is likely to pick it too).
 */
async function busyAuction(request: APIRequestContext): Promise<Listing> {
  const page = await getJson<{ items: Listing[] }>(
    request,
    "/api/listings?kind=auction&sort=most_bids&pageSize=20",
  );
  const [found] = page.items
    .filter(
      (l) =>
        l.auction !== null &&
        l.auction.bidCount > 5 &&
        Date.parse(l.auction.endsAt) > Date.now() + 60 * 60 * 1000,
    )
    .sort((a, b) => Date.parse(b.auction?.endsAt ?? "") - Date.parse(a.auction?.endsAt ?? ""));
  if (!found) throw new Error("no open auction with more than five bids in the demo data");
  return found;
}

/**
 * A demo Buy It Now listing in stock with several photos. Read from the demo sellers' own
 * listings: the newest listings are the ones other stories make as they run, with one photo or none.
 */
async function fixedPriceWithPhotos(request: APIRequestContext): Promise<Listing> {
  for (const seller of DEMO_SELLERS) {
    const page = await getJson<{ items: Listing[] }>(
      request,
      `/api/listings?kind=fixed_price&seller=${seller}&pageSize=100`,
    );
    for (const card of page.items.filter((l) => l.quantity > 5)) {
      const listing = await getJson<Listing>(request, `/api/listings/${card.id}`);
      if (listing.images.length >= 3) return listing;
    }
  }
  throw new Error("no fixed-price listing in stock with three photos in the demo data");
}

/**
 * What a visitor meets when trying something that needs an account: the spec's toast, and the
 * sign-in dialog, which they close with Escape to carry on browsing.
 */
async function expectAskedToSignIn(page: Page, message: string) {
  const toasts = page.getByRole("region", { name: /^Notifications/ });
  await expect(toasts.getByText(message, { exact: true })).toBeVisible();
  const signIn = page.getByRole("dialog");
  await expect(signIn).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(signIn).toBeHidden();
}

async function expectPictureLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

test("a visitor follows an auction's live countdown and bid history, and is asked to sign in to bid @phone", async ({
  page,
  request,
}) => {
  const { id } = await busyAuction(request);
  // Compare the page with what it was sent: other specs may bid on this auction meanwhile.
  const detailAnswer = answerTo<Listing>(page, `/api/listings/${id}`);
  const bidsAnswer = answerTo<Bids>(page, `/api/listings/${id}/bids`);
  await page.goto(`/listing/${id}`);
  const listing = await detailAnswer;
  const bids = await bidsAnswer;
  const auction = listing.auction;
  if (!auction || auction.currentBidCents === null) throw new Error("auction without bids");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
  await expect(page.getByText(`Seller: ${listing.seller.username}`)).toBeVisible();

  const panel = page.getByRole("region", { name: "Auction" });
  await expect(panel.getByText("Current Bid", { exact: true })).toBeVisible();
  await expect(panel.getByText(money(auction.currentBidCents), { exact: true })).toBeVisible();
  await expect(panel.getByText(`${auction.bidCount} bids`)).toBeVisible();
  await expect(
    panel.getByText(/^Auction ends: \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s?[AP]M$/),
  ).toBeVisible();

  // The countdown ticks: its seconds change within a couple of seconds.
  const timer = panel.getByRole("timer", { name: "Time left" });
  await expect(timer).toHaveText(/^\d+ days \d+ hours \d+ mins \d+ secs$/);
  const seconds = async () => (await timer.textContent())?.match(/(\d+) secs/)?.[1];
  const before = await seconds();
  await expect.poll(seconds, { timeout: 2500, intervals: [250] }).not.toBe(before);

  // Bid history: the latest five at most, newest (highest) first.
  const history = page.getByRole("table", { name: "Bid History" });
  const rows = history.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(history.getByRole("columnheader")).toHaveText(["Bidder", "Amount", "Date"]);
  await expect(rows).toHaveCount(Math.min(5, bids.total));
  expect(await rows.count()).toBeLessThanOrEqual(5);
  const amounts = rows.locator("td:nth-child(2)");
  await expect(amounts.first()).toHaveText(money(auction.currentBidCents));
  await expect(amounts).toHaveText(bids.items.map((b) => money(b.amountCents)));

  await expectNoSeriousA11yViolations(page);

  await panel.getByRole("button", { name: "Place Bid" }).click();
  await expectAskedToSignIn(page, "Please login to place a bid.");
});

test("a visitor looks through a Buy It Now listing's photos and is asked to sign in to buy or add to cart @phone", async ({
  page,
  request,
}) => {
  const { id } = await fixedPriceWithPhotos(request);
  // Compare the page with what it was sent: a demo listing's stock is not this story's own.
  const detailAnswer = answerTo<Listing>(page, `/api/listings/${id}`);
  await page.goto(`/listing/${id}`);
  const listing = await detailAnswer;
  const photos = listing.images.length;

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
  await expect(page.getByText(`Seller: ${listing.seller.username}`)).toBeVisible();

  const panel = page.getByRole("region", { name: "Buy It Now" });
  await expect(panel.getByText("Price", { exact: true })).toBeVisible();
  await expect(panel.getByText(money(listing.priceCents), { exact: true })).toBeVisible();
  await expect(panel.getByText(`${listing.quantity} available`)).toBeVisible();

  // The gallery: the first photo is shown; a thumbnail switches the main picture.
  const main = page.getByRole("img", { name: `${listing.title}, photo 1 of ${photos}` });
  await expect(main).toBeVisible();
  await expectPictureLoaded(main);
  const thumbnails = page.getByRole("list", { name: "Photos" }).getByRole("button");
  await expect(thumbnails).toHaveCount(photos);
  await expect(thumbnails.first()).toHaveAttribute("aria-pressed", "true");
  const firstSrc = await main.getAttribute("src");

  await page.getByRole("button", { name: `Show photo 2 of ${photos}` }).click();
  const second = page.getByRole("img", { name: `${listing.title}, photo 2 of ${photos}` });
  await expect(second).toBeVisible();
  await expect(second).toHaveAttribute("src", listing.images[1]?.url ?? "");
  expect(await second.getAttribute("src")).not.toBe(firstSrc);
  await expectPictureLoaded(second);
  await expect(thumbnails.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(thumbnails.first()).toHaveAttribute("aria-pressed", "false");

  // Arrow keys move along the thumbnails too.
  await page.keyboard.press("ArrowRight");
  await expect(
    page.getByRole("img", { name: `${listing.title}, photo 3 of ${photos}` }),
  ).toHaveAttribute("src", listing.images[2]?.url ?? "");
  await expect(thumbnails.nth(2)).toBeFocused();

  await expectNoSeriousA11yViolations(page);

  await panel.getByRole("button", { name: "Buy It Now" }).click();
  await expectAskedToSignIn(page, "Please login to buy an item.");
  await panel.getByRole("button", { name: "Add to Cart" }).click();
  await expectAskedToSignIn(page, "Please login to add items to your cart.");
});

test("a visitor sees the same listing page at /product/{id} and /products/{id}", async ({
  page,
  request,
}) => {
  const listing = await fixedPriceWithPhotos(request);

  const snapshot = async (path: string) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    await expect(page.getByRole("region", { name: "Buy It Now" })).toBeVisible();
    // The strips below the listing load after it: compare the pages once they are there.
    for (const strip of ["Similar items", "More from this seller"]) {
      await expect(
        page.getByRole("region", { name: strip }).getByRole("article").first(),
      ).toBeVisible();
    }
    return {
      title: await page.title(),
      // The cards below the listing count their auctions down: a minute may pass between loads.
      text: (await page.getByRole("main").textContent())?.replace(
        /(\d+[dhms] )*\d+[dhms] left/g,
        "… left",
      ),
      picture: await page.getByRole("img", { name: /photo 1 of/ }).getAttribute("src"),
    };
  };
  const viaProduct = await snapshot(`/product/${listing.id}`);
  const viaProducts = await snapshot(`/products/${listing.id}`);
  const viaListing = await snapshot(`/listing/${listing.id}`);
  expect(viaProducts).toEqual(viaProduct);
  expect(viaListing).toEqual(viaProduct);
  expect(viaProduct.title).toBe(`${listing.title} | Tradewinds`);
  expect(viaProduct.text).toContain(listing.territory.name);
});

test("a visitor who opens a listing that does not exist is told so and offered a way back", async ({
  page,
}) => {
  const unknownId = "00000000-0000-4000-8000-000000000000";

  await page.goto(`/listing/${unknownId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listing Not Found");
  await expect(
    page.getByText("The listing you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back to Listings" }).click();
  await expect(page).toHaveURL("/listings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Browse Listings");

  // A malformed id can no more exist than an unknown one.
  await page.goto("/listing/not-a-listing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Listing Not Found");

  // The product variant offers Go Back, which leaves for the listings when there is no history.
  await page.goto("/product/x");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
  await expect(
    page.getByText("The product you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/listings");

  await page.goto(`/products/${unknownId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
  await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
});
