import type { Browser, Locator, Page } from "@playwright/test";
import { apiPost, createConfirmedAccount, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

interface ListingInput {
  kind?: "auction" | "fixed_price";
  priceCents: number;
  durationDays?: number;
}

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
/** The header's bell; its name carries the unread count ("Notifications, 2 unread"). */
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications(, \d+ unread)?$/ });
const bellNamed = (count: number) =>
  count > 0 ? `Notifications, ${count} unread` : "Notifications";
/** A word no other listing has, so a search for it finds only this test's listings. */
const uniqueWord = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** The matching job runs every few seconds; a notification may take a few rounds. */
const ALERT_TIMEOUT = 20_000;

/** A PUT, PATCH or DELETE as the page's browser would send it (cookies and CSRF header). */
async function apiSend(
  page: Page,
  method: "PUT" | "PATCH" | "DELETE",
  path: string,
  data?: unknown,
) {
  const csrf = async () => {
    let cookie = (await page.context().cookies()).find((c) => c.name === "tw_csrf");
    if (!cookie) {
      await page.request.get("/api/auth/session");
      cookie = (await page.context().cookies()).find((c) => c.name === "tw_csrf");
    }
    return { "x-csrf-token": cookie?.value ?? "" };
  };
  const response = await page.request.fetch(path, { method, data, headers: await csrf() });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response;
}

async function signedInUserId(page: Page): Promise<string> {
  const session = await page.request.get("/api/auth/session");
  const { user } = (await session.json()) as { user: { id: string } };
  return user.id;
}

/** A new account in a browser of its own, signed in. */
async function newAccount(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await createConfirmedAccount(page, prefix);
  await signInThroughApi(page, account.email, account.password);
  return { context, page, ...account, id: await signedInUserId(page) };
}

/** Lists an item through the API as the page's signed-in user; answers its id. */
async function listThroughApi(page: Page, title: string, input: ListingInput): Promise<string> {
  const kind = input.kind ?? "fixed_price";
  const response = await apiPost(page, "/api/listings", {
    kind,
    title,
    category: "handicrafts",
    territory: "jamaica",
    condition: "new",
    description: `${title}, made by hand in Port Antonio from local mahogany and sea grape.`,
    priceCents: input.priceCents,
    quantity: 1,
    shippingCents: 0,
    ...(kind === "auction" ? { durationDays: input.durationDays ?? 7 } : {}),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The page knows who is signed in (before that, an action would ask the visitor to sign in). */
async function expectSignedIn(page: Page, username: string) {
  await expect(page.getByRole("button", { name: `Hi, ${username}` })).toBeVisible();
}

/** The unread count the bell shows now. */
async function unreadNow(page: Page): Promise<number> {
  await expect(bell(page)).toBeVisible();
  const name = (await bell(page).getAttribute("aria-label")) ?? "";
  return Number(name.match(/(\d+) unread/)?.[1] ?? 0);
}

/** The titles of the watchlist's items, in the order shown. */
const watchedTitles = (page: Page) =>
  page.getByRole("list", { name: "Watched items" }).getByRole("heading", { level: 2 });

async function choose(select: Locator, label: string) {
  await select.selectOption({ label });
}

/** The page is no wider than the screen (nothing to scroll sideways to). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("a buyer watches from a card and from a listing page, then filters, sorts and removes on /watchlist/items", async ({
  page,
  browser,
}) => {
  test.setTimeout(bound(90_000));
  const word = uniqueWord("wl");
  const seller = await newAccount(browser, "wlsell");
  const soon = `Conch shell lamp ${word}`;
  const later = `Carved turtle ${word}`;
  const fixed = `Calabash bowl ${word}`;
  await listThroughApi(seller.page, soon, { kind: "auction", priceCents: 3_000, durationDays: 1 });
  const laterId = await listThroughApi(seller.page, later, {
    kind: "auction",
    priceCents: 1_500,
    durationDays: 7,
  });
  await listThroughApi(seller.page, fixed, { priceCents: 4_500 });

  const buyer = await createConfirmedAccount(page, "wlbuy");
  await signInThroughApi(page, buyer.email, buyer.password);

  // From the cards: the heart fills and says so.
  await page.goto(`/listings?search=${word}`);
  await expectSignedIn(page, buyer.username);
  for (const title of [soon, fixed]) {
    const heart = page.getByRole("button", { name: `Watch ${title}` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
  }
  await expect(toast(page, "Added to your watchlist").first()).toBeVisible();

  // From the listing page: Add to Watchlist turns into Watching, and the count shows.
  await page.goto(`/listing/${laterId}`);
  await expectSignedIn(page, buyer.username);
  await page.getByRole("button", { name: "Add to Watchlist" }).click();
  await expect(toast(page, "Added to your watchlist")).toBeVisible();
  const watchingButton = page.getByRole("button", { name: "Watching", exact: true });
  await expect(watchingButton).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 watching", { exact: true })).toBeVisible();

  // An ended listing from the demo data, watched through the API.
  const endedAnswer = await page.request.get("/api/listings?status=ended&pageSize=1");
  const ended = ((await endedAnswer.json()) as { items: { id: string; title: string }[] }).items[0];
  if (!ended) throw new Error("the demo data has no ended listing");
  await apiSend(page, "PUT", `/api/me/watchlist/${ended.id}`);

  // Ending soonest first: open auctions by their end, then Buy It Now, then what is over.
  await page.goto("/watchlist/items");
  await expect(page.getByRole("heading", { level: 1, name: "Watched Items" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Items", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(watchedTitles(page)).toHaveText([soon, later, fixed, ended.title]);
  const items = page.getByRole("list", { name: "Watched items" });
  await expect(items.getByRole("listitem").first()).toContainText("$30.00");
  await expect(items.getByRole("listitem").first()).toContainText("0 bids");
  await expect(items.getByRole("listitem").first()).toContainText(/\d+h \d+m left/);
  await expect(items.getByRole("listitem").last()).toContainText("Ended");
  await expectNoSeriousA11yViolations(page);

  const show = page.getByLabel("Show");
  const sort = page.getByLabel("Sort by");
  await choose(show, "Active");
  await expect(page).toHaveURL(/filter=active/);
  await expect(watchedTitles(page)).toHaveText([soon, later, fixed]);
  await choose(sort, "Price: lowest first");
  await expect(page).toHaveURL(/sort=price-lowest/);
  await expect(watchedTitles(page)).toHaveText([later, soon, fixed]);
  await choose(sort, "Price: highest first");
  await expect(watchedTitles(page)).toHaveText([fixed, soon, later]);
  await choose(sort, "Newly listed");
  await expect(watchedTitles(page)).toHaveText([fixed, later, soon]);
  await choose(show, "Ending soon");
  await expect(watchedTitles(page)).toHaveText([soon]);
  await choose(show, "Ended");
  await expect(watchedTitles(page)).toHaveText([ended.title]);

  // The choices live in the URL: a reload keeps them.
  await page.reload();
  await expect(page.getByLabel("Show")).toHaveValue("ended");
  await expect(watchedTitles(page)).toHaveText([ended.title]);

  // Remove: the spec's toast, and the item is gone.
  await choose(page.getByLabel("Show"), "All items");
  await choose(page.getByLabel("Sort by"), "Ending soonest");
  await expect(page).toHaveURL(/\/watchlist\/items$/);
  await page.getByRole("button", { name: `Remove ${later} from watchlist` }).click();
  await expect(toast(page, "Item removed from watchlist")).toBeVisible();
  await expect(watchedTitles(page)).toHaveText([soon, fixed, ended.title]);
  await expect(page.getByText("3 items", { exact: true })).toBeVisible();
  await seller.context.close();
});

// Issue 15: saving the same search twice made two, and the button never said it was saved.
test("a saved search's button says Saved, leads to it and removes it; saving again makes no copy", async ({
  page,
}) => {
  const word = uniqueWord("dup");
  const buyer = await createConfirmedAccount(page, "ssdup");
  await signInThroughApi(page, buyer.email, buyer.password);
  await page.goto(`/listings?search=${word}`);
  await expectSignedIn(page, buyer.username);

  await page.getByRole("button", { name: "Save this search" }).click();
  const dialog = page.getByRole("dialog", { name: "Save this search" });
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(toast(page, "Search saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The button now says the search is saved, here and on a later visit, with the filters in
  // another order (and a page number) too.
  const saved = page.getByRole("button", { name: `Saved search: ${word}` });
  await expect(saved).toBeVisible();
  await expect(page.getByRole("button", { name: "Save this search" })).toHaveCount(0);
  await page.goto(`/listings?page=2&search=${word}`);
  await expect(saved).toBeVisible();

  // A second save (another tab, a double click) answers the one already saved.
  const again = await apiPost(page, "/api/me/saved-searches", {
    name: "Again",
    query: { search: word },
  });
  expect(again.status()).toBe(200);
  const list = await (await page.request.get("/api/me/saved-searches")).json();
  expect(list.items).toHaveLength(1);

  await saved.click();
  const details = page.getByRole("dialog", { name: "This search is saved" });
  await expect(details).toContainText(word);
  await expect(details.getByRole("link", { name: "Go to Saved Searches" })).toHaveAttribute(
    "href",
    "/watchlist/searches",
  );
  await expect(details.getByRole("link", { name: "Edit this search" })).toHaveAttribute(
    "href",
    `/saved-searches/${list.items[0].id}/edit`,
  );
  await expectNoSeriousA11yViolations(page);
  await details.getByRole("button", { name: "Remove saved search" }).click();
  await expect(toast(page, "Search deleted")).toBeVisible();
  await expect(details).toBeHidden();
  await expect(page.getByRole("button", { name: "Save this search" })).toBeVisible();
  expect((await (await page.request.get("/api/me/saved-searches")).json()).items).toHaveLength(0);
});

test("a saved search announces a new matching listing on the bell; its switch, edit and delete work", async ({
  page,
  browser,
}) => {
  test.setTimeout(bound(90_000));
  const word = uniqueWord("ss");
  const buyer = await createConfirmedAccount(page, "ssbuy");
  await signInThroughApi(page, buyer.email, buyer.password);

  // A category page proposes the category's name.
  await page.goto("/category/handicrafts");
  await expectSignedIn(page, buyer.username);
  await page.getByRole("button", { name: "Save this search" }).click();
  let dialog = page.getByRole("dialog", { name: "Save this search" });
  await expect(dialog.getByLabel("Name")).toHaveValue("Handicrafts");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // /listings proposes the search text; the name can be changed.
  await page.goto(`/listings?search=${word}`);
  await expectSignedIn(page, buyer.username);
  await page.getByRole("button", { name: "Save this search" }).click();
  dialog = page.getByRole("dialog", { name: "Save this search" });
  await expect(dialog.getByLabel("Name")).toHaveValue(word);
  await dialog.getByLabel("Name").fill("");
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(dialog.getByText("Please enter a name for this search")).toBeVisible();
  await dialog.getByLabel("Name").fill(`Baskets ${word}`);
  await dialog.getByRole("button", { name: "Save search" }).click();
  await expect(toast(page, "Search saved")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto("/watchlist/searches");
  const name = `Baskets ${word}`;
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(row).toContainText(`"${word}"`);
  await expect(row.getByRole("link", { name: `See results for ${name}` })).toHaveAttribute(
    "href",
    `/listings?search=${word}`,
  );
  const before = await unreadNow(page);

  // A seller lists a match: the buyer's bell counts it within a few seconds.
  const seller = await newAccount(browser, "sssell");
  const title = `Woven palm basket ${word}`;
  await listThroughApi(seller.page, title, { priceCents: 2_000 });
  await expect(page.getByRole("button", { name: bellNamed(before + 1) })).toBeVisible({
    timeout: ALERT_TIMEOUT,
  });
  await bell(page).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true })).toContainText(
    title,
  );
  await page.keyboard.press("Escape");

  // The notifications switch, with the spec's toasts.
  const toggle = row.getByRole("switch", { name: `Notifications for ${name}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toast(page, "Notifications disabled")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await toggle.click();
  await expect(toast(page, "Notifications enabled")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  // Edit: name and filters; the description follows.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/saved-searches\/[^/]+\/edit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit saved search" })).toBeVisible();
  const form = page.getByRole("form", { name: "Edit saved search" });
  await expect(form.getByLabel("Search text")).toHaveValue(word);
  await expectNoSeriousA11yViolations(page);
  const renamed = `Cheap baskets ${word}`;
  await form.getByLabel("Name").fill(renamed);
  await form.getByLabel("Max price ($)").fill("50");
  await form.getByLabel("Format").selectOption({ label: "Buy It Now" });
  await form.getByLabel("Free Shipping").check();
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Search updated")).toBeVisible();
  await expect(page).toHaveURL(/\/watchlist\/searches$/);
  const edited = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: renamed }) });
  await expect(edited).toContainText("up to $50.00");
  await expect(edited).toContainText("Buy It Now");
  await expect(edited).toContainText("free shipping");

  // Its link runs it on /listings, where the new listing is found.
  await edited.getByRole("link", { name: `See results for ${renamed}` }).click();
  await expect(page).toHaveURL(new RegExp(`/listings\\?.*search=${word}`));
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // Delete, after a question.
  await page.goto("/watchlist/searches");
  await page.getByRole("button", { name: `Delete ${renamed}` }).click();
  const question = page.getByRole("dialog", { name: "Delete saved search?" });
  await expect(question).toContainText(renamed);
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Search deleted")).toBeVisible();
  await expect(page.getByText("You have no saved searches yet.")).toBeVisible();
  await seller.context.close();
});

test("a follower hears about a followed seller's new listing; the sellers page unfollows", async ({
  page,
  browser,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newAccount(browser, "fsell");
  const buyer = await createConfirmedAccount(page, "fbuy");
  await signInThroughApi(page, buyer.email, buyer.password);

  await page.goto(`/store/${seller.id}`);
  await expectSignedIn(page, buyer.username);
  await page.getByRole("button", { name: `Follow ${seller.username}` }).click();
  await expect(toast(page, "Seller followed")).toBeVisible();
  await expect(page.getByRole("button", { name: `Following ${seller.username}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto("/watchlist/sellers");
  await expect(page.getByRole("heading", { level: 1, name: "Saved Sellers" })).toBeVisible();
  const row = page.getByRole("list", { name: "Saved sellers" }).getByRole("listitem");
  await expect(row.getByRole("link", { name: seller.username, exact: true })).toHaveAttribute(
    "href",
    `/store/${seller.id}`,
  );
  await expect(row).toContainText("New");
  await expect(
    row.getByRole("switch", { name: `Notifications for ${seller.username}` }),
  ).toHaveAttribute("aria-checked", "true");
  const before = await unreadNow(page);

  const title = `Mahogany spice box ${uniqueWord("f")}`;
  const listingId = await listThroughApi(seller.page, title, { priceCents: 3_500 });
  await expect(page.getByRole("button", { name: bellNamed(before + 1) })).toBeVisible({
    timeout: ALERT_TIMEOUT,
  });
  await bell(page).click();
  await expect(page.getByRole("region", { name: "Notifications", exact: true })).toContainText(
    title,
  );
  await page.keyboard.press("Escape");

  // The listing page's seller card knows the seller is followed.
  await page.goto(`/listing/${listingId}`);
  await expect(page.getByRole("button", { name: `Following ${seller.username}` })).toBeVisible();

  await page.goto("/watchlist/sellers");
  await page.getByRole("button", { name: `Unfollow ${seller.username}` }).click();
  await expect(toast(page, "Seller unfollowed")).toBeVisible();
  await expect(page.getByText("You don't follow any sellers yet.")).toBeVisible();
  await seller.context.close();
});

test("a visitor's heart opens sign-in, and the item is watched once they sign in there", async ({
  page,
  browser,
}) => {
  const word = uniqueWord("sv");
  const seller = await newAccount(browser, "svsell");
  const title = `Sea glass earrings ${word}`;
  await listThroughApi(seller.page, title, { priceCents: 1_800 });
  const visitor = await createConfirmedAccount(page, "svbuy");

  await page.goto(`/listings?search=${word}`);
  await page.getByRole("button", { name: `Watch ${title}` }).click();
  await expect(toast(page, "Please login to add items to your watchlist.")).toBeVisible();
  const modal = page.getByRole("dialog", { name: "Sign in to Tradewinds" });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Email").fill(visitor.email);
  await modal.getByLabel("Password", { exact: true }).fill(visitor.password);
  await modal.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(toast(page, "Added to your watchlist")).toBeVisible();
  await expect(page.getByRole("button", { name: `Watch ${title}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto("/watchlist/items");
  await expect(watchedTitles(page)).toHaveText([title]);
  await seller.context.close();
});

test("the watchlist pages and the edit page fit a phone and pass axe @phone", async ({
  page,
  browser,
}) => {
  test.setTimeout(bound(60_000));
  const word = uniqueWord("ph");
  const seller = await newAccount(browser, "phsell");
  const title = `Hand-painted Caribbean market scene on canvas ${word}`;
  const listingId = await listThroughApi(seller.page, title, {
    kind: "auction",
    priceCents: 12_500,
  });
  const buyer = await createConfirmedAccount(page, "phbuy");
  await signInThroughApi(page, buyer.email, buyer.password);
  await apiSend(page, "PUT", `/api/me/watchlist/${listingId}`);
  const saved = await apiPost(page, "/api/me/saved-searches", {
    name: `Paintings ${word}`,
    query: { search: word, category: "handicrafts", minPriceCents: "5000", freeShipping: "true" },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id: searchId } = (await saved.json()) as { id: string };
  await apiSend(page, "PUT", `/api/me/followed-sellers/${seller.id}`);
  const width = page.viewportSize()?.width ?? 0;

  await page.goto("/watchlist/items");
  await expect(watchedTitles(page)).toHaveText([title]);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`watchlist-items-${width}.png`) });

  await page
    .getByRole("navigation", { name: "Watchlist" })
    .getByRole("link", { name: "Saved Searches" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved Searches" })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Paintings ${word}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`watchlist-searches-${width}.png`) });

  await page
    .getByRole("navigation", { name: "Watchlist" })
    .getByRole("link", { name: "Saved Sellers" })
    .click();
  await expect(page.getByRole("link", { name: seller.username, exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`watchlist-sellers-${width}.png`) });

  await page.goto(`/saved-searches/${searchId}/edit`);
  const form = page.getByRole("form", { name: "Edit saved search" });
  await expect(form.getByLabel("Min price ($)")).toHaveValue("50");
  await expect(form.getByLabel("Free Shipping")).toBeChecked();
  await expect(form.getByLabel("Category")).toHaveValue("handicrafts");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: test.info().outputPath(`saved-search-edit-${width}.png`),
    fullPage: true,
  });

  await page.goto(`/listing/${listingId}`);
  await expect(page.getByRole("button", { name: "Watching", exact: true })).toBeVisible();
  await expect(page.getByText("1 watching", { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`listing-watching-${width}.png`) });
  await seller.context.close();
});
