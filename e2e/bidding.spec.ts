import type { Browser, Page, Route } from "@playwright/test";
import { formatMoney } from "../core/money";
import { auctionPanel, minimumBid, placeBid } from "./fixtures/bidding";
import { listThroughApi, type OwnListing } from "./fixtures/listings";
import { newPerson, signedIn } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

const BUYERS = {
  keisha: "keisha@demo.tradewinds.test",
  devon: "devon@demo.tradewinds.test",
  tamika: "tamika@demo.tradewinds.test",
};

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/**
 * An auction of the story's own, put up by a new seller: stories run side by side, and a bid
 * another story places on a shared demo auction between reading its minimum and bidding it makes
 * the bid too low, or takes away "You're the highest bidder".
 */
async function ownAuction(browser: Browser, name: string): Promise<OwnListing> {
  const seller = await newPerson(browser, "auct");
  const auction = await listThroughApi(seller.page, {
    kind: "auction",
    title: name,
    priceCents: 2_500,
  });
  await seller.context.close();
  return auction;
}

test("two buyers bid on one auction and each sees the other's bid live", async ({ browser }) => {
  // Three browsers (the seller's, two buyers'), a new account and eight pages checked by axe.
  test.setTimeout(bound(90_000));
  const auction = await ownAuction(browser, "Carved mahogany turtle");
  const a = await signedIn(browser, BUYERS.keisha, { onLoginPage: true });
  const b = await signedIn(browser, BUYERS.devon, { onLoginPage: true });

  await a.page.goto(`/listing/${auction.id}`);
  await b.page.goto(`/listing/${auction.id}`);
  await expect(auctionPanel(a.page)).toBeVisible();
  await expect(auctionPanel(b.page)).toBeVisible();
  // A new auction: a starting price, no current bid yet.
  await expect(auctionPanel(b.page).getByText("Current Bid", { exact: true })).toHaveCount(0);

  // A bids the minimum the page asks for (the starting price, which B's page shows already).
  const firstCents = await minimumBid(a.page);
  await placeBid(a.page, firstCents);
  await expect(
    toast(a.page, `Your bid of ${formatMoney(firstCents)} has been placed.`),
  ).toBeVisible();
  await expect(a.page.getByRole("spinbutton", { name: "Your bid", exact: true })).toHaveValue("");
  await expect(
    auctionPanel(a.page).getByText("You're the highest bidder", { exact: true }),
  ).toBeVisible();

  // B's page follows without a reload: the price is now A's bid, the first.
  await expect(auctionPanel(b.page).getByText("Current Bid", { exact: true })).toBeVisible({
    timeout: 5_000,
  });
  await expect(
    auctionPanel(b.page).getByRole("button", { name: "1 bid", exact: true }),
  ).toBeVisible();
  await expect(
    auctionPanel(b.page).getByText(formatMoney(firstCents), { exact: true }),
  ).toBeVisible();

  // B outbids A, and A's page follows without a reload.
  const secondCents = await minimumBid(b.page);
  expect(secondCents).toBeGreaterThan(firstCents);
  await placeBid(b.page, secondCents);
  await expect(
    toast(b.page, `Your bid of ${formatMoney(secondCents)} has been placed.`),
  ).toBeVisible();

  await expect(
    auctionPanel(a.page).getByText(formatMoney(secondCents), { exact: true }),
  ).toBeVisible({ timeout: 5_000 });
  await expect(auctionPanel(a.page).getByText("You've been outbid")).toBeVisible();
  await expect(
    auctionPanel(a.page).getByText("You're the highest bidder", { exact: true }),
  ).toHaveCount(0);
  // The history table refreshes too.
  await expect(
    a.page.getByRole("table", { name: "Bid History" }).getByText(formatMoney(secondCents)),
  ).toBeVisible();

  // A's own bids page lists the bid as outbid.
  await a.page.goto("/my/bids");
  await expect(a.page.getByRole("heading", { level: 1, name: "Bids & Offers" })).toBeVisible();
  const row = a.page.getByRole("listitem").filter({ hasText: auction.title });
  await expect(row).toContainText(formatMoney(firstCents));
  await expect(row).toContainText("Outbid");
  await expect(row.getByRole("link", { name: auction.title, exact: true })).toHaveAttribute(
    "href",
    `/listing/${auction.id}`,
  );
  // Still running: its end, and a way back to bid again.
  await expect(row).toContainText("Auction ends:");
  await row.getByRole("link", { name: `Bid again on ${auction.title}` }).click();
  await expect(a.page).toHaveURL(`/listing/${auction.id}`);

  await a.context.close();
  await b.context.close();
});

test("a bid below the minimum is refused with the spec's message", async ({ browser }) => {
  const auction = await ownAuction(browser, "Woven palm basket");
  const buyer = await signedIn(browser, BUYERS.tamika, { onLoginPage: true });

  await buyer.page.goto(`/listing/${auction.id}`);
  const panel = auctionPanel(buyer.page);
  await expect(panel).toBeVisible();
  const minCents = await minimumBid(buyer.page);

  await buyer.page
    .getByRole("spinbutton", { name: "Your bid", exact: true })
    .fill(((minCents - 1) / 100).toFixed(2));
  await panel.getByRole("button", { name: "Place Bid" }).click();
  await expect(
    panel.getByText("Please enter a valid bid amount higher than the current bid."),
  ).toBeVisible();
  await expect(buyer.page.getByRole("dialog", { name: "Confirm your bid" })).toBeHidden();

  // A maximum below the bid is refused too, before anything is sent.
  await buyer.page
    .getByRole("spinbutton", { name: "Your bid", exact: true })
    .fill((minCents / 100).toFixed(2));
  await buyer.page.getByRole("button", { name: "Set a maximum bid" }).click();
  await buyer.page
    .getByRole("spinbutton", { name: "Max bid (optional)" })
    .fill(((minCents - 100) / 100).toFixed(2));
  await panel.getByRole("button", { name: "Place Bid" }).click();
  await expect(panel.getByText("Your maximum bid must be at least your bid.")).toBeVisible();
  await expect(buyer.page.getByRole("dialog", { name: "Confirm your bid" })).toBeHidden();

  await buyer.context.close();
});

test("a page whose live connection is down catches up when it comes back", async ({ browser }) => {
  // Three browsers, a new account, and up to 30 s of waiting for reconnections.
  test.setTimeout(bound(90_000));
  const auction = await ownAuction(browser, "Sea glass wind chime");
  const watcher = await signedIn(browser, BUYERS.tamika, { onLoginPage: true });
  const bidder = await signedIn(browser, BUYERS.devon, { onLoginPage: true });

  // The watcher's live connection fails as on a network that drops it (EventSource keeps
  // retrying); everything else on the page loads.
  let refused = 0;
  const liveDown = (route: Route) => {
    refused++;
    return route.abort("connectionreset");
  };
  await watcher.page.route("**/api/live**", liveDown);
  await watcher.page.goto(`/listing/${auction.id}`);
  await bidder.page.goto(`/listing/${auction.id}`);
  const panel = auctionPanel(watcher.page);
  await expect(panel).toBeVisible();
  await expect(auctionPanel(bidder.page)).toBeVisible();

  // The first bid, at the starting price (which the watcher's page shows already).
  await expect(panel.getByText("Current Bid", { exact: true })).toHaveCount(0);
  const cents = await minimumBid(bidder.page);
  await placeBid(bidder.page, cents);
  await expect(
    toast(bidder.page, `Your bid of ${formatMoney(cents)} has been placed.`),
  ).toBeVisible();

  // Meanwhile the page keeps what it had, with no error in the way, even after it has tried its
  // live connection again since the bid...
  const refusedBeforeTheBidLanded = refused;
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(refusedBeforeTheBidLanded);
  await expect(panel.getByText("Current Bid", { exact: true })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Place Bid" })).toBeEnabled();

  // ...and once the connection comes back it fetches what it missed, without a reload.
  await watcher.page.unroute("**/api/live**", liveDown);
  await expect(panel.getByText("Current Bid", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole("button", { name: "1 bid", exact: true })).toBeVisible();
  await expect(panel.getByText(formatMoney(cents), { exact: true })).toBeVisible();
  await expect(
    watcher.page.getByRole("table", { name: "Bid History" }).getByText(formatMoney(cents)),
  ).toBeVisible();

  await watcher.context.close();
  await bidder.context.close();
});
