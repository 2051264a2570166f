import type { APIRequestContext, Locator, Page, Response } from "@playwright/test";
import { DEMO_SELLERS } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { resultCards, servedAnswers } from "./fixtures/listing-answers";
import { expect, test } from "./fixtures/test";

interface Card {
  id: string;
  title: string;
  kind: "auction" | "fixed_price";
  quantity: number;
  shippingCents: number;
  localPickup: boolean;
  auction: { endsAt: string; ended: boolean } | null;
}
interface Listing extends Card {
  images: { url: string; thumbUrl: string }[];
}

const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);

/** What a card says about delivery: "Free shipping" or "+$12.00 shipping", then pickup. */
const shippingText = (card: Card) =>
  `${card.shippingCents === 0 ? "Free shipping" : `+${money(card.shippingCents)} shipping`}${
    card.localPickup ? "·Local pickup" : ""
  }`;

/** "2d 4h 13m left", "13m left", "<1m left", or "Ended". */
const TIME_LEFT = /^((\d+d )?(\d+h )?\d+m|<1m) left$|^Ended$/;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A demo Buy It Now listing with at least three photos. Read from the demo sellers' own listings:
 * the newest listings are the ones other stories make as they run, with one photo or none.
 */
async function listingWithPhotos(request: APIRequestContext): Promise<Listing> {
  for (const seller of DEMO_SELLERS) {
    const page = await getJson<{ items: Card[] }>(
      request,
      `/api/listings?kind=fixed_price&seller=${seller}&pageSize=100`,
    );
    for (const card of page.items) {
      const listing = await getJson<Listing>(request, `/api/listings/${card.id}`);
      if (listing.images.length >= 3) return listing;
    }
  }
  throw new Error("no fixed-price listing with three photos in the demo data");
}

/** The first page of listings the page fetched next, or was served with its HTML. */
function listingsAnswer(page: Page): Promise<{ items: Card[] }> {
  return new Promise((resolve) => {
    const onResponse = async (response: Response) => {
      const url = new URL(response.url());
      let body: unknown;
      if (response.request().resourceType() === "document") {
        const served = servedAnswers(await response.text()).find(
          ([address]) => new URL(address, url).pathname === "/api/listings",
        );
        body = served?.[1];
      } else if (url.pathname === "/api/listings" && response.ok()) {
        body = await response.json();
      }
      if (body === undefined) return;
      page.off("response", onResponse);
      resolve(body as { items: Card[] });
    };
    page.on("response", onResponse);
  });
}

/** Every card shows its shipping, and every auction its time left (or Ended). */
async function expectCardFacts(cards: Locator, listings: Card[]) {
  await expect(cards).toHaveCount(listings.length);
  for (const [at, listing] of listings.entries()) {
    const card = cards.nth(at);
    await expect(
      card.locator("p", { hasText: /^(Free shipping|\+\$[\d,]+\.\d{2} shipping)/ }),
    ).toHaveText(shippingText(listing));
    if (listing.kind === "auction") {
      await expect(card.getByText(TIME_LEFT)).toBeVisible();
    }
  }
}

/** Two cards share a row: the grid has (at least) two columns, on phones too. */
async function expectSideBySide(cards: Locator) {
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  if (!first || !second) throw new Error("the first two cards are not laid out");
  expect(Math.abs(first.y - second.y)).toBeLessThan(1);
  expect(second.x).toBeGreaterThan(first.x + first.width - 1);
}

/** Sends a one-finger drag from one point of `target` to another, as a phone would. */
async function swipe(target: Locator, from: number, to: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to swipe on");
  const y = box.y + box.height / 2;
  const finger = { pointerId: 7, pointerType: "touch", isPrimary: true, clientY: y };
  await target.dispatchEvent("pointerdown", { ...finger, clientX: box.x + box.width * from });
  for (const step of [0.25, 0.5, 0.75, 1]) {
    const x = box.x + box.width * (from + (to - from) * step);
    await target.dispatchEvent("pointermove", { ...finger, clientX: x });
  }
  await target.dispatchEvent("pointerup", { ...finger, clientX: box.x + box.width * to });
}

test("a buyer opens a listing's photos full screen, moves through them with the keys, zooms and closes with Escape", async ({
  page,
  request,
}) => {
  const listing = await listingWithPhotos(request);
  const photos = listing.images.length;
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);

  const opener = page.getByRole("button", { name: `Open photo 1 of ${photos} full screen` });
  await opener.click();
  const viewer = page.getByRole("dialog", { name: listing.title });
  await expect(viewer).toBeVisible();
  const counter = viewer.getByRole("status");
  await expect(counter).toHaveText(`Photo 1 / ${photos}`);
  await expect(viewer.getByRole("button", { name: "Close gallery" })).toBeFocused();
  // The full-size picture, not the thumbnail.
  const picture = viewer.getByRole("img", { name: `${listing.title}, photo 1 of ${photos}` });
  await expect(picture).toHaveAttribute("src", listing.images[0]?.url ?? "");
  await expect(viewer.getByRole("list", { name: "All photos" }).getByRole("button")).toHaveCount(
    photos,
  );

  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(`Photo 2 / ${photos}`);
  await expect(
    viewer.getByRole("img", { name: `${listing.title}, photo 2 of ${photos}` }),
  ).toHaveAttribute("src", listing.images[1]?.url ?? "");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(`Photo ${photos} / ${photos}`);
  await viewer.getByRole("button", { name: "Next photo" }).click();
  await expect(counter).toHaveText(`Photo 1 / ${photos}`);
  await viewer.getByRole("button", { name: `Show photo 3 of ${photos}` }).click();
  await expect(counter).toHaveText(`Photo 3 / ${photos}`);
  await expect(viewer.getByRole("button", { name: `Show photo 3 of ${photos}` })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // A click on the picture zooms in where it was clicked; dragging pans; another click fits it.
  const stage = viewer.getByTestId("viewer-stage");
  const box = await stage.boundingBox();
  if (!box) throw new Error("the viewer has no stage");
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(viewer.getByRole("button", { name: "Zoom out" })).toBeVisible();
  const zoomedPicture = viewer.getByRole("img", { name: /photo 3 of/ });
  await expect(zoomedPicture).toHaveCSS("transform", /^matrix\(2\.5, 0, 0, 2\.5, /);
  await expectNoSeriousA11yViolations(page);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(viewer.getByRole("button", { name: "Zoom in" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  // Back on the page, on the picture that opened it, which now shows the photo last looked at.
  const reopen = page.getByRole("button", { name: `Open photo 3 of ${photos} full screen` });
  await expect(reopen).toBeFocused();
  await expect(
    page.getByRole("img", { name: `${listing.title}, photo 3 of ${photos}` }),
  ).toHaveAttribute("src", listing.images[2]?.url ?? "");
});

test("on a phone a buyer swipes through the photos, double-taps to zoom, and browses two compact cards a row @phone", async ({
  page,
  request,
}) => {
  const listing = await listingWithPhotos(request);
  const photos = listing.images.length;
  await page.goto(`/listing/${listing.id}`);
  await page.getByRole("button", { name: `Open photo 1 of ${photos} full screen` }).click();
  const viewer = page.getByRole("dialog", { name: listing.title });
  const counter = viewer.getByRole("status");
  await expect(counter).toHaveText(`Photo 1 / ${photos}`);

  const stage = viewer.getByTestId("viewer-stage");
  await swipe(stage, 0.8, 0.2);
  await expect(counter).toHaveText(`Photo 2 / ${photos}`);
  await swipe(stage, 0.2, 0.8);
  await expect(counter).toHaveText(`Photo 1 / ${photos}`);
  await swipe(stage, 0.2, 0.8);
  await expect(counter).toHaveText(`Photo ${photos} / ${photos}`);

  // Double tap zooms in; while zoomed a drag pans instead of changing the photo.
  const tap = { pointerId: 8, pointerType: "touch", isPrimary: true, clientX: 200, clientY: 300 };
  for (let i = 0; i < 2; i++) {
    await stage.dispatchEvent("pointerdown", tap);
    await stage.dispatchEvent("pointerup", tap);
  }
  await expect(viewer.getByRole("button", { name: "Zoom out" })).toBeVisible();
  await swipe(stage, 0.7, 0.3);
  await expect(counter).toHaveText(`Photo ${photos} / ${photos}`);
  await viewer.getByRole("button", { name: "Zoom out" }).click();
  await viewer.getByRole("button", { name: "Close gallery" }).click();
  await expect(viewer).toBeHidden();
  await expect(
    page.getByRole("button", { name: `Open photo ${photos} of ${photos} full screen` }),
  ).toBeFocused();

  // The browse grid: two cards to a row, each with its shipping and (auctions) time left.
  const answer = listingsAnswer(page);
  await page.goto("/listings");
  const { items } = await answer;
  const cards = resultCards(page);
  await expectSideBySide(cards);
  await expectCardFacts(cards, items);
  // Two columns of compact cards: a 24-card page was 16,800 px tall at 390 px with one a row.
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    expect(await page.evaluate(() => document.body.scrollHeight)).toBeLessThan(10_000);
  }
  // The watch heart stays a full 44 px target on a compact card.
  const heart = cards.first().getByRole("button", { name: /^Watch / });
  const heartBox = await heart.boundingBox();
  expect(heartBox?.width).toBeGreaterThanOrEqual(44);
  expect(heartBox?.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yViolations(page);
});

test("cards on a category page and the auctions list show time left and shipping @phone", async ({
  page,
}) => {
  const category = listingsAnswer(page);
  await page.goto("/category/electronics");
  const productCards = resultCards(page);
  await expectCardFacts(productCards, (await category).items);
  await expectSideBySide(productCards);

  const auctions = listingsAnswer(page);
  await page.goto("/listings?kind=auction");
  const { items } = await auctions;
  expect(items.length).toBeGreaterThan(0);
  await expectCardFacts(resultCards(page), items);
});
