import type { Locator, Page } from "@playwright/test";
import { apiPost, createConfirmedAccount, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { listThroughApi as listOwn } from "./fixtures/listings";
import { newPerson as sellerOfItsOwn } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

const PHOTOS = {
  hibiscus: "e2e/fixtures/photos/hibiscus.jpg",
  lagoon: "e2e/fixtures/photos/lagoon.png",
  sunrise: "e2e/fixtures/photos/sunrise.jpg",
  notAPhoto: "e2e/fixtures/photos/not-a-photo.jpg",
};

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
const stepHeading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2, name, exact: true });
const continueButton = (page: Page) => page.getByRole("button", { name: "Continue" });
const photoTiles = (page: Page) =>
  page.getByRole("list", { name: "Your photos" }).getByRole("listitem");

/** A new seller with an empty shop, signed in. */
async function newSeller(page: Page, prefix = "seller") {
  const account = await createConfirmedAccount(page, prefix);
  await signInThroughApi(page, account.email, account.password);
  return account;
}

/** Step 1 of the wizard: title, Handicrafts > Wood Carvings, Jamaica, and a condition. */
async function fillDetails(page: Page, title: string) {
  await expect(stepHeading(page, "Tell us what you're selling")).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Handicrafts" });
  await page.getByLabel("Subcategory (optional)").selectOption({ label: "Wood Carvings" });
  await page.getByLabel("Territory").selectOption({ label: "Jamaica" });
  await page.getByLabel("Condition").selectOption({ label: "Like New" });
}

/** The photo tiles' image sources, in the order shown, once every upload has finished. */
async function tileSources(page: Page): Promise<string[]> {
  await expect(page.getByRole("progressbar", { name: /^Uploading/ })).toHaveCount(0);
  return photoTiles(page)
    .getByRole("img")
    .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
}

async function altTexts(list: Locator): Promise<string[]> {
  return list
    .getByRole("img")
    .evaluateAll((images) => images.map((i) => i.getAttribute("alt") ?? ""));
}

test("a seller lists an auction with three photos in the order they choose, then edits it", async ({
  page,
}) => {
  test.setTimeout(bound(90_000));
  await newSeller(page);
  const title = `Carved mahogany bowl ${Date.now().toString(36)}`;

  // The sell landing: how to sell, and where to start.
  await page.goto("/sell");
  await expect(page.getByRole("heading", { level: 1, name: "Sell on Tradewinds" })).toBeVisible();
  for (const card of ["Take photos", "Describe it", "Price it", "Ship it"]) {
    await expect(page.getByRole("heading", { level: 3, name: card })).toBeVisible();
  }
  await expect(page.getByText("Add up to 12 photos per listing", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Seller Tools" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Seller Support" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Fee calculator/ })).toHaveAttribute(
    "href",
    "/sell/calculator",
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "List an Item" }).click();
  await expect(page).toHaveURL(/\/sell\/create$/);

  // Step 1 of 5.
  await expect(page.getByRole("progressbar", { name: /Step 1 of 5/ })).toBeVisible();
  await fillDetails(page, title);
  await expectNoSeriousA11yViolations(page);
  await continueButton(page).click();

  // Step 2: three real photos upload at once, each with its own progress, then show thumbnails.
  await expect(stepHeading(page, "Add photos")).toBeVisible();
  await expect(
    page.getByText(/Add up to 12 photos\. The first photo is the thumbnail/),
  ).toBeVisible();
  await page
    .getByLabel("Choose photos")
    .setInputFiles([PHOTOS.hibiscus, PHOTOS.lagoon, PHOTOS.sunrise]);
  await expect(photoTiles(page)).toHaveCount(3);
  const uploaded = await tileSources(page);
  expect(uploaded).toHaveLength(3);
  for (const src of uploaded) expect(src).not.toMatch(/^blob:/);
  await expect(page.getByText("3 of 12 photos")).toBeVisible();

  // Sunrise (the third) goes first with two moves left; the keyboard can do the same.
  await page.getByRole("button", { name: "Move photo 3 left" }).click();
  await expect(page.getByRole("button", { name: "Move photo 2 left" })).toBeFocused();
  await page.keyboard.press("Enter");
  const chosen = await tileSources(page);
  expect(chosen).toEqual([uploaded[2], uploaded[0], uploaded[1]]);
  await expect(photoTiles(page).first().getByText("Thumbnail")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await continueButton(page).click();

  // Step 3: description and a specification row.
  await expect(stepHeading(page, "Describe your item")).toBeVisible();
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("Turned from one piece of Jamaican mahogany and finished with beeswax.");
  await page.getByRole("button", { name: "Add specification" }).click();
  const spec = page.getByRole("group", { name: "Specification 1" });
  await spec.getByLabel("Name").fill("Material");
  await spec.getByLabel("Value").fill("Mahogany");
  await continueButton(page).click();

  // Step 4: an auction with a reserve and a Buy It Now price, running five days.
  await expect(stepHeading(page, "Choose how to sell your item")).toBeVisible();
  await expect(page.getByRole("radio", { name: /Fixed Price.*Sell at a set price/ })).toBeVisible();
  await page.getByRole("radio", { name: /Auction.*Let buyers bid on your item/ }).check();
  await page.getByLabel("Starting price").fill("25");
  await expect(page.getByLabel("Duration")).toHaveValue("7");
  await page.getByLabel("Duration").selectOption({ label: "5 days" });
  await page.getByLabel("Reserve price (optional)").fill("40");
  await page.getByLabel("Buy It Now price (optional)").fill("80");
  await expect(page.getByLabel("Quantity")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await continueButton(page).click();

  // Step 5: shipping, then list it.
  await expect(stepHeading(page, "Set up shipping")).toBeVisible();
  await expect(page.getByLabel("Return policy")).toHaveValue("30");
  await page.getByLabel("Shipping price").fill("7.50");
  await page.getByLabel("Return policy").selectOption({ label: "14 days" });
  await page.getByLabel("Local pickup available").check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(toast(page, "Listing created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/my\/selling$/);

  // My selling: the auction, active, no bids yet.
  const row = page.getByRole("list", { name: "Your listings" }).getByRole("listitem").filter({
    hasText: title,
  });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("$25.00");
  await expect(row).toContainText("Quantity: 1");
  await expect(row).toContainText("0 bids");
  await expectNoSeriousA11yViolations(page);

  // Its own page shows the photos in the chosen order: sunrise, hibiscus, lagoon.
  await row.getByRole("link", { name: `View ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Its thumbnails are decorative (alt=""): each one's button names the photo instead.
  const thumbnails = page.getByRole("list", { name: "Photos" }).locator("img");
  await expect(thumbnails).toHaveCount(3);
  const shown = await thumbnails.evaluateAll((images) =>
    images.map((img) => (img as HTMLImageElement).src),
  );
  expect(shown).toEqual(chosen);
  await expect(page.getByText("Mahogany").first()).toBeVisible();

  // Edit: a new title and starting price (no bids yet, so everything may change).
  const listingUrl = page.url();
  await page.goto(`${listingUrl}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit: ${title}` })).toBeVisible();
  await expect(page.getByLabel("Starting price")).toHaveValue("25.00");
  await expect(page.getByLabel("Duration")).toHaveValue("5");
  expect(await altTexts(page.getByRole("list", { name: "Your photos" }))).toHaveLength(3);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Title", { exact: true }).fill(`${title} (edited)`);
  await page.getByLabel("Starting price").fill("30");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Your listing has been updated.")).toBeVisible();
  await expect(page).toHaveURL(/\/my\/selling$/);
  const edited = page.getByRole("listitem").filter({ hasText: `${title} (edited)` });
  await expect(edited).toContainText("$30.00");
});

test("a seller deletes a fixed-price listing they created, after confirming", async ({ page }) => {
  test.setTimeout(bound(60_000));
  const seller = await newSeller(page, "deleter");
  const title = `Woven palm basket ${Date.now().toString(36)}`;
  const description = `${"Hand-woven from dried palm leaves by a basket maker in Castries. ".repeat(3)}Sturdy handles.`;

  await page.goto("/my/selling");
  await expect(page.getByText("You haven't listed anything yet")).toBeVisible();
  await page.getByRole("link", { name: "List an item" }).first().click();

  await fillDetails(page, title);
  await continueButton(page).click();

  // A text file named .jpg is refused by the server, which says why on the tile.
  await page.getByLabel("Choose photos").setInputFiles(PHOTOS.notAPhoto);
  const tile = photoTiles(page).first();
  await expect(
    tile.getByText("Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)."),
  ).toBeVisible();
  await continueButton(page).click();
  await expect(page.getByText("Remove the photos that could not be uploaded")).toBeVisible();
  await tile.getByRole("button", { name: "Remove photo 1" }).click();
  await expect(photoTiles(page)).toHaveCount(0);
  await continueButton(page).click();

  await page.getByRole("textbox", { name: "Description" }).fill(description);
  await continueButton(page).click();
  await expect(page.getByRole("radio", { name: /Fixed Price/ })).toBeChecked();
  await page.getByLabel("Price", { exact: true }).fill("35");
  await page.getByLabel("Quantity").fill("3");
  await continueButton(page).click();
  await page.getByLabel("Shipping price").fill("0");
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(toast(page, "Listing created successfully!")).toBeVisible();

  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("$35.00");
  await expect(row).toContainText("Quantity: 3");
  await expect(row).toContainText("Buy It Now");

  // The profile modal lists it too, with the description cut at 100 characters.
  await page.getByRole("button", { name: `Hi, ${seller.username}` }).click();
  await page.getByRole("button", { name: "Profile" }).click();
  const profile = page.getByRole("dialog", { name: "Profile" });
  await expect(profile).toContainText(seller.email);
  await expect(profile).toContainText(`${description.slice(0, 100).trimEnd()}…`);
  await expect(profile).toContainText("You haven't placed any bids yet.");
  await expectNoSeriousA11yViolations(page);
  await profile.getByRole("button", { name: "Close" }).click();
  await expect(profile).toBeHidden();

  // Delete, after the spec's question.
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete listing?" });
  // /my/selling asks the plain question; the warning is the profile modal's (spec).
  await expect(dialog).toContainText("Are you sure you want to delete this listing?");
  await expect(dialog).not.toContainText("cannot be undone");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Listing deleted successfully")).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await expect(page.getByText("You haven't listed anything yet")).toBeVisible();
});

/** A fixed-price listing made through the API, for tests about what comes after listing. */
async function listThroughApi(page: Page, title: string) {
  const response = await apiPost(page, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "handicrafts",
    territory: "jamaica",
    condition: "new",
    description: `${title}, made by hand in Port Antonio from local mahogany.`,
    priceCents: 2_500,
    quantity: 2,
    shippingCents: 0,
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("the profile modal deletes a listing after its own question, and stays open throughout", async ({
  page,
}) => {
  const seller = await newSeller(page, "profdel");
  const suffix = Date.now().toString(36);
  const keep = `Carved calabash bowl ${suffix}`;
  const remove = `Mahogany salad servers ${suffix}`;
  await listThroughApi(page, keep);
  await listThroughApi(page, remove);

  await page.goto("/my/selling");
  await page.getByRole("button", { name: `Hi, ${seller.username}` }).click();
  await page.getByRole("button", { name: "Profile" }).click();
  const profile = page.getByRole("dialog", { name: "Profile" });
  await expect(profile.getByRole("link", { name: remove })).toBeVisible();
  await expect(page).toHaveURL(/[?&]profile/);

  // Cancel: only the question closes; the profile stays, and so does ?profile.
  await profile.getByRole("button", { name: `Delete ${remove}` }).click();
  const question = page.getByRole("dialog", { name: "Delete listing?" });
  await expect(question).toContainText(
    "Are you sure you want to delete this listing? This action cannot be undone.",
  );
  await expectNoSeriousA11yViolations(page);
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(profile).toBeVisible();
  await expect(page).toHaveURL(/[?&]profile/);

  // Escape closes the question only, too.
  await profile.getByRole("button", { name: `Delete ${remove}` }).click();
  await expect(question).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(profile).toBeVisible();

  // Delete: the listing goes, the profile stays open on the rest.
  await profile.getByRole("button", { name: `Delete ${remove}` }).click();
  await question.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page, "Listing deleted successfully")).toBeVisible();
  await expect(profile).toBeVisible();
  await expect(page).toHaveURL(/[?&]profile/);
  await expect(profile.getByRole("link", { name: remove })).toHaveCount(0);
  await expect(profile.getByRole("link", { name: keep })).toBeVisible();

  // Its own close button still closes it.
  await profile.getByRole("button", { name: "Close" }).click();
  await expect(profile).toBeHidden();
  await expect(page).not.toHaveURL(/profile/);
});

test("a visitor who opens the listing wizard is told to log in first", async ({ page }) => {
  await page.goto("/sell/create");
  await expect(toast(page, "Please log in to create a listing")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsell%2Fcreate$/);
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
});

test("each wizard step says what is missing before it lets the seller continue", async ({
  page,
}) => {
  await newSeller(page, "checker");
  await page.goto("/sell/create");

  await continueButton(page).click();
  await expect(stepHeading(page, "Tell us what you're selling")).toBeVisible();
  for (const message of [
    "Title is required",
    "Category is required",
    "Territory is required",
    "Condition is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Title")).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await fillDetails(page, "Steel pan, tenor");
  await expect(page.getByText("Title is required")).toHaveCount(0);
  await continueButton(page).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await expect(page.getByText("Description is required", { exact: true })).toBeVisible();
  await page
    .getByRole("textbox", { name: "Description" })
    .fill("Tuned last month, with stand and sticks.");
  await continueButton(page).click();

  // Pricing: money must be dollars, and an auction's reserve must not undercut its start.
  await page.getByLabel("Price", { exact: true }).fill("twelve");
  await continueButton(page).click();
  await expect(page.getByText("Price must be an amount in dollars, like 12.50")).toBeVisible();
  await page.getByRole("radio", { name: /Auction/ }).check();
  await page.getByLabel("Starting price").fill("100");
  await page.getByLabel("Reserve price (optional)").fill("50");
  await continueButton(page).click();
  await expect(
    page.getByText("The reserve price must not be below the starting price"),
  ).toBeVisible();
  await page.getByLabel("Reserve price (optional)").fill("150");
  await continueButton(page).click();

  // Shipping is required too; Previous keeps what was typed.
  await expect(stepHeading(page, "Set up shipping")).toBeVisible();
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(page.getByText("Shipping price is required")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Starting price")).toHaveValue("100");
});

/** Steps 1 to 5 for a fixed-price listing without photos, stopping before "List it now". */
async function fillFixedPriceListing(page: Page, title: string) {
  await fillDetails(page, title);
  await continueButton(page).click();
  await expect(stepHeading(page, "Add photos")).toBeVisible();
  await continueButton(page).click();
  await page.getByRole("textbox", { name: "Description" }).fill("Made by hand in Soufrière.");
  await continueButton(page).click();
  await page.getByLabel("Price", { exact: true }).fill("18");
  await continueButton(page).click();
  await page.getByLabel("Shipping price").fill("5");
}

test("the wizard waits for the account check, and sends anyone it cannot verify to sign in", async ({
  page,
}) => {
  await newSeller(page, "verify");
  // The page's own session lookup goes through; the wizard's check on entering (the second
  // lookup) is held until released, then answered as the test says.
  let lookups = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let answer: "real" | "signed-out" | "broken" = "real";
  await page.route("**/api/auth/session", async (route) => {
    lookups += 1;
    if (lookups === 1) return route.continue();
    await held;
    if (answer === "signed-out") return route.fulfill({ json: { user: null } });
    if (answer === "broken") return route.fulfill({ status: 503, body: "" });
    return route.continue();
  });

  await page.goto("/sell/create");
  await fillFixedPriceListing(page, "Cocoa tea balls, dozen");
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(toast(page, "Please wait while we verify your account")).toBeVisible();
  release();
  await expect(async () => {
    await page.getByRole("button", { name: "List it now" }).click();
    await expect(toast(page, "Listing created successfully!")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page).toHaveURL(/\/my\/selling$/);

  // A session that has ended meanwhile: the spec's message, then the sign-in page.
  answer = "signed-out";
  lookups = 0;
  await page.goto("/sell/create");
  await expect(toast(page, "Please log in to create a listing")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fsell%2Fcreate$/);

  // A check that cannot be made at all. (Still signed in as far as the page knows, the seller
  // is then sent on from /login to the home page.)
  answer = "broken";
  lookups = 0;
  await page.goto("/sell/create");
  await expect(
    toast(page, "Unable to verify user account. Please try logging in again."),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/\/sell\/create/);
});

test("the fee calculator shows each fee and what the seller keeps", async ({ page }) => {
  await page.goto("/sell/calculator");
  await expect(page.getByRole("heading", { level: 1, name: "Fee calculator" })).toBeVisible();
  const results = page.getByRole("region", { name: "Your fees" });

  // The spec's example: 10% on $45 is $4.50; the first three listings a month are free.
  await page.getByLabel("Item price").fill("45");
  await page.getByLabel("Shipping price").fill("0");
  await expect(results).toContainText("Final value fee (10%)$4.50");
  await expect(results).toContainText("Insertion fee (free this month)$0.00");
  await expect(results).toContainText("You keep$40.50");
  await expectNoSeriousA11yViolations(page);

  // The other example: 7% on $520 is $36.40; a fourth listing costs $0.50; upgrades add up.
  await page.getByLabel("Item price").fill("500");
  await page.getByLabel("Shipping price").fill("20");
  await page.getByLabel("Listings this month").fill("3");
  await page.getByLabel("Bold title ($2.00)").check();
  await page.getByLabel(/Selling internationally/).check();
  await expect(results).toContainText("Final value fee (7%)$36.40");
  await expect(results).toContainText("Insertion fee$0.50");
  await expect(results).toContainText("International fee (2%)$10.40");
  await expect(results).toContainText("Upgrades$2.00");
  await expect(results).toContainText("Total fees$49.30");
  await expect(results).toContainText("You keep$470.70");
});

test("a seller's store shows who they are and their active listings, sorted", async ({
  page,
  browser,
}) => {
  // A store of its own with three listings: the newest listing was another story's, whose
  // seller's only listing that story then sold or had removed, leaving the store empty.
  const shop = await sellerOfItsOwn(browser, "store");
  const first = await listOwn(shop.page, { title: "Straw hat", priceCents: 6_500 });
  for (const priceCents of [1_250, 3_800])
    await listOwn(shop.page, { title: "Straw hat", priceCents });
  await shop.context.close();
  const listing = { id: first.id, seller: { id: shop.id, username: shop.username } };

  // From a listing, the seller's name leads to their store.
  await page.goto(`/listing/${listing.id}`);
  await page.getByRole("link", { name: listing.seller.username, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/store/${listing.seller.id}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: listing.seller.username }),
  ).toBeVisible();
  await expect(page.getByText(/^Member since \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(/^(New|\d\.\d)$/).first()).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Sort by").selectOption({ label: "Price (Low to High)" });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect
    .poll(async () => {
      const texts = await cards.evaluateAll((articles) =>
        articles.map((a) => a.textContent?.match(/\$[\d,]+\.\d{2}/)?.[0] ?? ""),
      );
      const cents = texts.map((t) => Number(t.replace(/[$,.]/g, "")));
      return cents.every((value, index) => index === 0 || (cents[index - 1] ?? 0) <= value);
    })
    .toBe(true);

  // A store that does not exist is the not-found page.
  await page.goto("/store/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("the wizard fits a phone @phone", async ({ page }) => {
  await newSeller(page, "phone");
  await page.goto("/sell/create");
  await expect(page.getByRole("progressbar", { name: /Step 1 of 5/ })).toBeVisible();
  await fillDetails(page, "Calabash bowl set");
  await continueButton(page).click();
  await expect(stepHeading(page, "Add photos")).toBeVisible();
  await page.getByLabel("Choose photos").setInputFiles([PHOTOS.hibiscus, PHOTOS.lagoon]);
  await expect(photoTiles(page)).toHaveCount(2);
  await tileSources(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Calabash bowl set");
});

test("a seller opens the edit form from their own listing's page; another user's edit link says it is not theirs", async ({
  page,
  browser,
}) => {
  test.setTimeout(bound(90_000));
  await newSeller(page, "owner");
  const title = `Woven palm basket ${Date.now().toString(36)}`;
  const created = await apiPost(page, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "handicrafts",
    territory: "jamaica",
    condition: "new",
    description: "Woven from thatch palm in Treasure Beach.",
    priceCents: 3_500,
    quantity: 1,
    shippingCents: 0,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The owner's listing page says it is theirs and offers Revise, which opens the edit form.
  await page.goto(`/listing/${id}`);
  await expect(page.getByText("This is your listing")).toBeVisible();
  await page.getByRole("link", { name: "Revise listing" }).click();
  await expect(page).toHaveURL(`/listing/${id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit: ${title}` })).toBeVisible();

  // Someone else who follows the edit URL is told it is not theirs, with no "Try again".
  const context = await browser.newContext();
  const other = await context.newPage();
  await newSeller(other, "notowner");
  await other.goto(`/listing/${id}/edit`);
  await expect(other.getByText("You can only change your own listings.")).toBeVisible();
  await expect(other.getByText("We couldn't load this listing.")).toHaveCount(0);
  await expect(other.getByRole("button", { name: "Try again" })).toHaveCount(0);
  await expect(other.getByRole("link", { name: "View the listing" })).toHaveAttribute(
    "href",
    `/listing/${id}`,
  );
  await expectNoSeriousA11yViolations(other);
  // And the listing's page offers them no Revise.
  await other.goto(`/listing/${id}`);
  await expect(other.getByRole("heading", { name: title })).toBeVisible();
  await expect(other.getByRole("link", { name: "Revise listing" })).toHaveCount(0);
  await context.close();
});
