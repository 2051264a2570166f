import type { Browser, Page } from "@playwright/test";
import { maskBidderName } from "../core/bidder-name";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { auctionPanel, minimumBid, placeBid } from "./fixtures/bidding";
import { expect, test } from "./fixtures/test";

const PASSWORD = "Tradewinds1!";
const HOUR = 60 * 60 * 1000;

interface Card {
  id: string;
  title: string;
  seller: { id: string; username: string };
  auction: { endsAt: string; ended: boolean } | null;
}

/** A browser of its own, signed in on the /login page as `email`. */
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  const session = await page.request.get("/api/auth/session");
  const { user } = (await session.json()) as { user: { id: string; username: string } };
  return { context, page, user };
}

async function cards(page: Page, params: Record<string, string | number>): Promise<Card[]> {
  const response = await page.request.get("/api/listings", { params });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: Card[] }).items;
}

test("the whole bid history masks other bidders and names the bidder themselves", async ({
  browser,
}) => {
  const keisha = await signedIn(browser, "keisha@demo.tradewinds.test");
  const devon = await signedIn(browser, "devon@demo.tradewinds.test");
  const auctions = await cards(keisha.page, {
    kind: "auction",
    sort: "ending_soon",
    pageSize: 50,
  });
  // The last of the list: the bidding story takes the soonest, so the two do not share one.
  const auction = auctions
    .filter(
      (item) =>
        item.auction &&
        Date.parse(item.auction.endsAt) > Date.now() + HOUR &&
        item.seller.id !== keisha.user.id &&
        item.seller.id !== devon.user.id,
    )
    .at(-1);
  if (!auction) throw new Error("the seed has no open auction ending after an hour");

  await keisha.page.goto(`/listing/${auction.id}`);
  await placeBid(keisha.page, await minimumBid(keisha.page));
  await expect(
    auctionPanel(keisha.page).getByText("You're the highest bidder", { exact: true }),
  ).toBeVisible();

  await devon.page.goto(`/listing/${auction.id}`);
  await placeBid(devon.page, await minimumBid(devon.page));
  await expect(devon.page.locator("[data-sonner-toast]").first()).toBeVisible();

  // The page's latest five name Keisha the masked way, with her feedback count.
  const masked = maskBidderName(keisha.user.username);
  const latest = devon.page.getByRole("table", { name: "Bid History" });
  await expect(latest.getByText(masked, { exact: true }).first()).toBeVisible();
  await expect(latest.getByText(keisha.user.username, { exact: true })).toHaveCount(0);

  // "N bids" opens the whole history.
  await auctionPanel(devon.page)
    .getByRole("button", { name: /^\d+ bids?$/ })
    .click();
  const dialog = devon.page.getByRole("dialog", { name: "Bid history" });
  await expect(dialog).toBeVisible();
  const history = dialog.getByRole("table");
  const own = history.getByRole("row").filter({ hasText: devon.user.username });
  await expect(own.first()).toBeVisible();
  await expect(own.first().getByText("You", { exact: true })).toBeVisible();
  const other = history.getByRole("row").filter({ hasText: masked });
  await expect(other.first()).toBeVisible();
  await expect(other.first()).toContainText(/\(\d+ feedback\)/);
  await expect(history.getByText(keisha.user.username, { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(devon.page);

  await dialog.getByRole("button", { name: "Close bid history" }).click();
  await expect(dialog).toBeHidden();
  await keisha.context.close();
  await devon.context.close();
});

test("a listing shows similar items and more from its seller", async ({ page }) => {
  const listings = await cards(page, { kind: "fixed_price", pageSize: 50 });
  let chosen: Card | undefined;
  for (const listing of listings) {
    const similar = await page.request.get(`/api/listings/${listing.id}/similar`);
    const fromSeller = await cards(page, { seller: listing.seller.id, pageSize: 2 });
    if (((await similar.json()) as { items: Card[] }).items.length > 0 && fromSeller.length > 1) {
      chosen = listing;
      break;
    }
  }
  if (!chosen) throw new Error("the seed has no listing with similar items and a busy seller");

  await page.goto(`/listing/${chosen.id}`);
  const similar = page.getByRole("region", { name: "Similar items" });
  await expect(similar.getByRole("article").first()).toBeVisible();
  await expect(similar.getByRole("article", { name: chosen.title, exact: true })).toHaveCount(0);
  const fromSeller = page.getByRole("region", { name: "More from this seller" });
  await expect(fromSeller.getByRole("article").first()).toBeVisible();
  await expect(fromSeller.getByRole("article", { name: chosen.title, exact: true })).toHaveCount(0);
  await expect(fromSeller.getByRole("link", { name: /Visit store/ })).toHaveAttribute(
    "href",
    `/store/${chosen.seller.id}`,
  );

  // A similar item's card leads to its page.
  const next = similar.getByRole("article").first();
  const title = (await next.getByRole("heading").textContent()) ?? "";
  await next.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("the home page shows a returning visitor what they viewed, newest first, until cleared @phone", async ({
  page,
}) => {
  const [first, second] = await cards(page, { kind: "fixed_price", pageSize: 2 });
  if (!first || !second) throw new Error("the seed has too few listings");

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured Deals" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recently viewed" })).toHaveCount(0);

  for (const listing of [first, second, first, second]) {
    await page.goto(`/listing/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();
  }

  await page.goto("/");
  const recent = page.getByRole("region", { name: "Recently viewed" });
  await expect(recent.getByRole("article")).toHaveCount(2);
  await expect(recent.getByRole("article").nth(0)).toHaveAccessibleName(second.title);
  await expect(recent.getByRole("article").nth(1)).toHaveAccessibleName(first.title);

  // It is kept in this browser: a reload still shows it.
  await page.reload();
  await expect(recent.getByRole("article")).toHaveCount(2);

  await recent.getByRole("button", { name: "Clear recently viewed items" }).click();
  await expect(recent).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Featured Deals" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recently viewed" })).toHaveCount(0);
});
