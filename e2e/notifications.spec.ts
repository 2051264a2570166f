import type { Page } from "@playwright/test";
import { formatMoney } from "../core/money";
import { apiPost, createConfirmedAccount, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { auctionPanel, minimumBid, placeBid } from "./fixtures/bidding";
import { listThroughApi } from "./fixtures/listings";
import { newPerson, signedIn } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
/** The header's bell; its name carries the unread count ("Notifications, 2 unread"). */
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications(, \d+ unread)?$/ });
const bellNamed = (count: number) =>
  count > 0 ? `Notifications, ${count} unread` : "Notifications";
const dropdown = (page: Page) => page.getByRole("region", { name: "Notifications", exact: true });

/** Places a bid through the panel and waits for its toast. */
async function placeBidAndWait(page: Page, cents: number) {
  await placeBid(page, cents);
  await expect(toast(page, `Your bid of ${formatMoney(cents)} has been placed.`)).toBeVisible();
}

test("an outbid bidder's bell counts up live, leads to the auction and is marked read", async ({
  browser,
}) => {
  // Two browsers, six bids and a dozen steps.
  test.setTimeout(bound(150_000));
  // Accounts of their own, so other specs' bids on the demo users change nothing here.
  const buyer = await newPerson(browser, "bell");
  const rival = await newPerson(browser, "rival");
  // And an auction of its own: the story that masks bidder names picked the same demo auction
  // ("the last of the soonest fifty") and its bids, between this one's, made a bid too low.
  const seller = await newPerson(browser, "bellsel");
  const auction = await listThroughApi(seller.page, {
    kind: "auction",
    title: "Steel pan miniature",
    priceCents: 2_000,
  });
  await seller.context.close();

  // The buyer has one tab on a page with no auction on it, and one on the auction.
  const elsewhere = buyer.page;
  await elsewhere.goto("/my/bids");
  await expect(elsewhere.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  const onAuction = await buyer.context.newPage();
  await onAuction.goto(`/listing/${auction.id}`);
  await rival.page.goto(`/listing/${auction.id}`);
  await expect(auctionPanel(onAuction)).toBeVisible();
  await expect(auctionPanel(rival.page)).toBeVisible();

  // Three times the buyer bids and the rival outbids her.
  const outbids: number[] = [];
  for (let round = 1; round <= 3; round++) {
    await placeBidAndWait(onAuction, await minimumBid(onAuction));
    if (round > 1)
      await expect(auctionPanel(rival.page).getByText("You've been outbid")).toBeVisible();
    const cents = await minimumBid(rival.page);
    await placeBidAndWait(rival.page, cents);
    outbids.push(cents);
    // The rival's tab and hers show the new price...
    for (const tab of [rival.page, onAuction]) {
      await expect(auctionPanel(tab).getByText(formatMoney(cents), { exact: true })).toBeVisible();
    }
    // ...and both of her tabs count her notice, without a reload.
    for (const tab of [elsewhere, onAuction]) {
      await expect(tab.getByRole("button", { name: bellNamed(round) })).toBeVisible({
        timeout: 5_000,
      });
    }
  }
  const notice = (cents: number) =>
    `You've been outbid on "${auction.title}". The current bid is ${formatMoney(cents)}.`;

  // The dropdown lists the newest first, unread, with the time and a link to the auction.
  await bell(elsewhere).click();
  const newest = dropdown(elsewhere).getByRole("link").first();
  await expect(newest).toContainText(`Unread: ${notice(outbids[2] as number)}`);
  await expect(newest).toContainText(/just now|1 minute ago/);
  await expect(newest.locator("time")).toHaveAttribute("title", /^\d{1,2}\/\d{1,2}\/\d{2}, /);
  await expect(newest).toHaveAttribute("href", `/listing/${auction.id}`);
  await expect(dropdown(elsewhere).getByRole("link", { name: "See all" })).toBeVisible();
  await elsewhere.screenshot({ path: test.info().outputPath("bell-dropdown-1280.png") });

  // Following it opens the auction and marks it read, in the other tab too.
  await newest.click();
  await expect(elsewhere).toHaveURL(`/listing/${auction.id}`);
  await expect(dropdown(elsewhere)).toBeHidden();
  for (const tab of [elsewhere, onAuction]) {
    await expect(tab.getByRole("button", { name: bellNamed(2) })).toBeVisible();
  }

  // See all: every notification; the first notice is marked read there.
  await bell(elsewhere).click();
  await dropdown(elsewhere).getByRole("link", { name: "See all" }).click();
  await expect(elsewhere).toHaveURL("/notifications");
  const main = elsewhere.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(main.getByRole("listitem").first()).toContainText(notice(outbids[2] as number));
  await expect(main.getByText("3 notifications, 2 unread")).toBeVisible();
  const markFirst = main.getByRole("button", {
    name: `Mark as read: ${notice(outbids[0] as number)}`,
  });
  await markFirst.click();
  await expect(markFirst).toHaveCount(0);
  await expect(main.getByText("3 notifications, 1 unread")).toBeVisible();
  await expect(elsewhere.getByRole("button", { name: bellNamed(1) })).toBeVisible();
  await expectNoSeriousA11yViolations(elsewhere);
  await elsewhere.screenshot({
    path: test.info().outputPath("notifications-page-1280.png"),
    fullPage: true,
  });

  // Mark all as read (in the bell) empties the count everywhere.
  await bell(elsewhere).click();
  await dropdown(elsewhere).getByRole("button", { name: "Mark all as read" }).click();
  for (const tab of [elsewhere, onAuction]) {
    await expect(tab.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await expect(tab.getByTestId("notification-count")).toHaveCount(0);
  }
  await expect(dropdown(elsewhere).getByText("Unread:")).toHaveCount(0);
  await expect(
    dropdown(elsewhere).getByRole("button", { name: "Mark all as read" }),
  ).toBeDisabled();
  await expect(main.getByText("3 notifications, 0 unread")).toBeVisible();
  await expect(main.getByRole("button", { name: /^Mark as read/ })).toHaveCount(0);

  await buyer.context.close();
  await rival.context.close();
});

test("notification emails are chosen in account settings @phone", async ({ page }) => {
  test.setTimeout(bound(60_000));
  // An account of its own: the desktop and phone runs change their choices at the same time.
  const { email, password } = await createConfirmedAccount(page, "notif");
  await signInThroughApi(page, email, password);
  await page.goto("/account/settings");
  const section = page.getByRole("region", { name: "Notifications", exact: true });
  await expect(section).toBeVisible();
  await expect(section.getByRole("group", { name: "Buying" })).toBeVisible();
  await expect(section.getByRole("group", { name: "Selling" })).toBeVisible();

  const outbid = section.getByRole("checkbox", { name: "Email for You've been outbid" });
  const savedSearch = section.getByRole("checkbox", {
    name: "Email for New match for a saved search",
  });
  await expect(outbid).toBeChecked();
  await expect(savedSearch).not.toBeChecked();

  await outbid.uncheck();
  await expect(toast(page, "Notifications disabled")).toBeVisible();
  await savedSearch.check();
  await expect(toast(page, "Notifications enabled")).toBeVisible();

  // Kept: after a reload, and on the server.
  await page.reload();
  await expect(
    section.getByRole("checkbox", { name: "Email for You've been outbid" }),
  ).not.toBeChecked();
  await expect(savedSearch).toBeChecked();
  const prefs = await (await page.request.get("/api/me/notification-preferences")).json();
  expect(prefs).toMatchObject({ outbid: { email: false }, saved_search_match: { email: true } });
  await section.screenshot({ path: test.info().outputPath("settings-notifications.png") });
  await expectNoSeriousA11yViolations(page);
});

test("the bell's dropdown fits a phone @phone", async ({ browser }) => {
  test.setTimeout(bound(60_000));
  const devon = await signedIn(browser, "devon@demo.tradewinds.test", { onLoginPage: true });
  const page = devon.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(bell(page)).toBeVisible();
  // The bell shares the logo's row.
  const logo = await page
    .getByRole("link", { name: "Tradewinds", exact: true })
    .first()
    .boundingBox();
  const bellBox = await bell(page).boundingBox();
  expect(bellBox?.y ?? 999).toBeLessThan((logo?.y ?? 0) + (logo?.height ?? 0));
  await bell(page).click();
  const panel = dropdown(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: "See all" })).toBeVisible();
  const box = await panel.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  // Nothing on the page scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("bell-dropdown-390.png") });

  await panel.getByRole("link", { name: "See all" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: test.info().outputPath("notifications-page-390.png"),
    fullPage: true,
  });
  await devon.context.close();
});

test("an order's notification opens that order's page; the lists' old links still find it; settings are a click away", async ({
  browser,
}) => {
  test.setTimeout(bound(150_000));
  const seller = await newPerson(browser, "ordlinksel");
  const buyer = await newPerson(browser, "ordlinkbuy");
  const title = `Guava jelly jar ${Date.now().toString(36)}`;
  const listed = await apiPost(seller.page, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "food-spices",
    territory: "jamaica",
    condition: "new",
    description: "Guava jelly made in small batches in Mandeville.",
    priceCents: 900,
    quantity: 20,
    shippingCents: 0,
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const { id: listingId } = (await listed.json()) as { id: string };
  /** One paid order of one jar, through checkout and the sandbox's API. */
  const buyOne = async () => {
    const started = await apiPost(buyer.page, "/api/checkout", {
      lines: [{ listingId, quantity: 1 }],
    });
    expect(started.status(), await started.text()).toBe(201);
    const { orderId, redirectUrl } = (await started.json()) as {
      orderId: string;
      redirectUrl: string;
    };
    const session = redirectUrl.split("/pay/sandbox/")[1];
    const paid = await apiPost(buyer.page, `/api/payments/sandbox/sessions/${session}/pay`, {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/40",
      cvc: "123",
      name: "Ana Ruiz",
    });
    expect(paid.status(), await paid.text()).toBe(200);
    return orderId;
  };
  // The order the notifications are about, then ten newer ones: it is on the lists' second page.
  const orderId = await buyOne();
  const number = orderId.slice(0, 8);
  let newest = orderId;
  for (let i = 0; i < 10; i++) newest = await buyOne();

  // The buyer's bell links to the notification settings, and the newest payment to its order's page.
  const { page } = buyer;
  await page.goto("/");
  await bell(page).click();
  const panel = dropdown(page);
  await expect(panel.getByRole("link", { name: "Notification settings" })).toHaveAttribute(
    "href",
    "/account/settings#notifications",
  );
  await panel
    .getByRole("link", { name: new RegExp(`Payment received for order ${newest.slice(0, 8)}`) })
    .click();
  await expect(page).toHaveURL(`/orders/${newest}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order #${newest.slice(0, 8)}`);

  // The oldest payment's notification, on /notifications, opens that order's page.
  await page.goto("/notifications");
  await page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`Payment received for order ${number}`) })
    .click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(page.getByRole("list", { name: "Items in this order" })).toContainText(title);
  // A link sent before the order page (Purchase History's ?order=) still opens the second page
  // of the list at that order.
  await page.goto(`/my/purchases?order=${orderId}`);
  const order = page.getByRole("listitem", { name: `Order #${number}` });
  await expect(order).toHaveAttribute("aria-current", "true");
  await expect(order).toBeInViewport();
  await expect(page.getByRole("listitem", { name: /^Order #/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // The seller's /notifications: the sale's notification opens the order's page, their side.
  const sellerPage = seller.page;
  await sellerPage.goto("/notifications");
  await sellerPage
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`\\(order ${number}\\)`) })
    .click();
  await expect(sellerPage).toHaveURL(`/orders/${orderId}`);
  await expect(
    sellerPage
      .getByRole("list", { name: "Your items in this order" })
      .getByRole("listitem", { name: `Order #${number}: ${title}` }),
  ).toBeVisible();
  // And Selling's ?order= still opens the page of its list that holds the sale.
  await sellerPage.goto(`/my/selling?order=${orderId}`);
  const sale = sellerPage.getByRole("listitem", { name: `Order #${number}: ${title}` });
  await expect(sale).toHaveAttribute("aria-current", "true");
  await expect(sale).toBeInViewport();

  // And from /notifications to the settings that choose their emails.
  await sellerPage.goto("/notifications");
  await sellerPage.getByRole("main").getByRole("link", { name: "Notification settings" }).click();
  await expect(sellerPage).toHaveURL("/account/settings#notifications");
  await expect(sellerPage.getByRole("heading", { name: "Notifications", level: 2 })).toBeVisible();
  await expectNoSeriousA11yViolations(sellerPage);
  await Promise.all([seller.context.close(), buyer.context.close()]);
});
