import type { Page } from "@playwright/test";
import { formatMoney } from "../core/money";
import { createConfirmedAccount, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

// Listing upgrades (issue 30, decision 0019): a seller buys Bold title and Subtitle on the
// wizard's last step, sees what they cost before listing, finds them on the card and the fees in
// their transactions, then adds Gallery Plus when revising, paying only for the new one.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const stepHeading = (page: Page, name: string) =>
  page.getByRole("heading", { level: 2, name, exact: true });
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Both widths: a screenshot to look at, and axe on each. */
async function atBothWidths(page: Page, name: string, outputPath: (n: string) => string) {
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: outputPath(`${name}-${label}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  }
}

test("a seller buys Bold title and Subtitle in the wizard, sees them on the card and pays once", async ({
  page,
}, testInfo) => {
  test.setTimeout(bound(120_000));
  const out = (n: string) => testInfo.outputPath(n);
  const account = await createConfirmedAccount(page, "upgrader");
  await signInThroughApi(page, account.email, account.password);
  const title = `Calabash bowl ${Date.now().toString(36)}`;
  const subtitle = "Carved and painted by hand in Grenada";

  await page.goto("/sell/create");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Handicrafts" });
  await page.getByLabel("Territory").selectOption({ label: "Grenada" });
  await page.getByLabel("Condition").selectOption({ label: "New" });
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(stepHeading(page, "Add photos")).toBeVisible();
  await page.getByLabel("Choose photos").setInputFiles("e2e/fixtures/photos/hibiscus.jpg");
  await expect(page.getByRole("progressbar", { name: /^Uploading/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("A calabash bowl, sealed.");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Price", { exact: true }).fill("24");
  await page.getByRole("button", { name: "Continue" }).click();

  // The last step: shipping, then the upgrades at the fee page's prices and the fees now.
  await expect(stepHeading(page, "Set up shipping")).toBeVisible();
  await page.getByLabel("Shipping price").fill("0");
  const upgrades = page.getByRole("group", { name: "Listing upgrades (optional)" });
  await expect(upgrades.getByRole("checkbox")).toHaveCount(4);
  await expect(upgrades.getByText("Featured listing $10.00")).toBeVisible();
  await upgrades.getByRole("checkbox", { name: /Bold title/ }).check();
  await upgrades.getByRole("checkbox", { name: /Subtitle/ }).check();
  // A subtitle bought needs its words.
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(page.getByText("Write the subtitle, or untick Subtitle")).toBeVisible();
  await upgrades.getByRole("textbox", { name: "Subtitle" }).fill(subtitle);
  await expect(upgrades.getByText("Fees charged when you list")).toBeVisible();
  await expect(upgrades.locator("dd").last()).toHaveText(formatMoney(3_00));
  await atBothWidths(page, "wizard-upgrades", out);
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(toast(page, "Listing created successfully!")).toBeVisible();

  // Its card in the results: the subtitle as a second line, the title in bold.
  await page.goto(`/listings?search=${encodeURIComponent(title)}`);
  const card = page.getByRole("article", { name: title });
  await expect(card.getByText(subtitle)).toBeVisible();
  const weight = await card
    .getByRole("heading", { name: title })
    .evaluate((h) => getComputedStyle(h).fontWeight);
  expect(Number(weight)).toBeGreaterThanOrEqual(800);
  await atBothWidths(page, "card", out);
  await card.getByRole("link", { name: title }).first().click();
  // The results page's own heading ("Search Results: ...") holds the title too: wait for the
  // listing's page itself before reading its address.
  await page.waitForURL(/\/listing\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByText(subtitle)).toBeVisible();
  const listingUrl = page.url();

  // Revise: the paid ones say so; Gallery Plus is the only charge.
  await page.goto(`${listingUrl}/edit`);
  const revise = page.getByRole("group", { name: "Listing upgrades (optional)" });
  await expect(revise.getByText("Bold title (paid)")).toBeVisible();
  await expect(revise.getByRole("checkbox", { name: /Bold title/ })).toBeChecked();
  await expect(revise.getByText(/unticking one gives no refund/)).toBeVisible();
  await revise.getByRole("checkbox", { name: /Gallery Plus/ }).check();
  await expect(revise.getByText("Charged when you save")).toBeVisible();
  await expect(revise.locator("dd").last()).toHaveText(formatMoney(3_00));
  await atBothWidths(page, "revise-upgrades", out);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Your listing has been updated.")).toBeVisible();

  // The fees in the seller's transactions: one line for each upgrade, each charged once.
  await page.goto("/my/payments?tab=transactions");
  const list = page.getByRole("list", { name: "Transactions" });
  for (const [label, cents] of [
    ["Bold title", 2_00],
    ["Subtitle", 1_00],
    ["Gallery Plus", 3_00],
  ] as const) {
    const line = list.getByRole("listitem").filter({ hasText: `${label} upgrade: ${title}` });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(formatMoney(cents));
  }
  await atBothWidths(page, "transactions", out);
});

test("featured listings are marked and pinned above the first page of results", async ({
  page,
}, testInfo) => {
  test.setTimeout(bound(60_000));
  await page.goto("/listings");
  const pinned = page.getByRole("region", { name: "Featured listings" });
  await expect(pinned.getByRole("article")).toHaveCount(3);
  await expect(pinned.getByText("Featured").first()).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: testInfo.outputPath("pinned-phone.png"), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: testInfo.outputPath("pinned-desktop.png") });
  await expectNoSeriousA11yViolations(page);
  // Page 2 pins nothing.
  await page.goto("/listings?page=2");
  await expect(page.getByRole("region", { name: "Featured listings" })).toHaveCount(0);
});
