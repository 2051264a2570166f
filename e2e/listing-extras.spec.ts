import type { Browser } from "@playwright/test";
import { maskBidderName } from "../core/bidder-name";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { auctionPanel, minimumBid, placeBid } from "./fixtures/bidding";
import { listThroughApi, newSeller } from "./fixtures/listings";
import { expect, test } from "./fixtures/test";

const PASSWORD = "Tradewinds1!";

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

test("the whole bid history masks other bidders and names the bidder themselves", async ({
  browser,
}) => {
  // Three browsers (the seller's, two bidders'), a new account, and each page checked by axe.
  test.setTimeout(90_000);
  // An auction of its own: a demo auction is bid on by other stories running beside this one
  // (the bell story took the same one), and their bids made this one's bids too low.
  const seller = await newSeller(browser, "histsel");
  const auction = await listThroughApi(seller.page, {
    kind: "auction",
    title: "Hand-painted calabash bowl",
    priceCents: 3_000,
  });
  await seller.context.close();
  const keisha = await signedIn(browser, "keisha@demo.tradewinds.test");
  const devon = await signedIn(browser, "devon@demo.tradewinds.test");

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

test("a listing shows similar items and more from its seller", async ({ page, browser }) => {
  // A seller of its own with two listings in one category: each is similar to the other, and is
  // more from this seller, whatever other stories buy or list meanwhile.
  const seller = await newSeller(browser, "simsel");
  const chosen = await listThroughApi(seller.page, { title: "Mahogany serving board" });
  const sibling = await listThroughApi(seller.page, { title: "Mahogany salad bowl" });
  await seller.context.close();

  await page.goto(`/listing/${chosen.id}`);
  const similar = page.getByRole("region", { name: "Similar items" });
  await expect(similar.getByRole("article").first()).toBeVisible();
  await expect(similar.getByRole("article", { name: chosen.title, exact: true })).toHaveCount(0);
  const fromSeller = page.getByRole("region", { name: "More from this seller" });
  await expect(fromSeller.getByRole("article", { name: sibling.title, exact: true })).toBeVisible();
  await expect(fromSeller.getByRole("article", { name: chosen.title, exact: true })).toHaveCount(0);
  await expect(fromSeller.getByRole("link", { name: /Visit store/ })).toHaveAttribute(
    "href",
    `/store/${seller.id}`,
  );

  // A similar item's card leads to its page.
  const next = similar.getByRole("article").first();
  const title = (await next.getByRole("heading").textContent()) ?? "";
  await next.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("the home page shows a returning visitor what they viewed, newest first, until cleared @phone", async ({
  page,
  browser,
}) => {
  // Listings of its own: the newest listings are other stories' own, and those stories remove
  // some (a moderator's removal, a suspended seller): the page of such a listing is not found,
  // and it leaves Recently viewed.
  const seller = await newSeller(browser, "rvsel");
  const first = await listThroughApi(seller.page, { title: "Coconut shell lamp" });
  const second = await listThroughApi(seller.page, { title: "Driftwood mirror frame" });
  await seller.context.close();

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
