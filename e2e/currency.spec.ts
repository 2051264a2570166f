import type { Page } from "@playwright/test";
import { orderTotals } from "../core/cart";
import type { CurrencyRates } from "../core/contracts/currencies";
import { approx, formatApprox } from "../core/currencies";
import { formatUsd } from "../core/money";
import { bound, expect, test } from "./fixtures/test";

// Issue 29: prices read as US dollars, and a buyer may see approximate prices in their own
// currency; payment stays in US dollars.

const PRICE = 4_099;
const SHIPPING = 650;

const choice = (page: Page) => page.getByLabel("Approximate prices in");
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

async function jmdRate(page: Page): Promise<string> {
  const rates = (await (await page.request.get("/api/currencies")).json()) as CurrencyRates;
  const jmd = rates.currencies.find((c) => c.code === "JMD");
  if (!jmd) throw new Error("the demo data has no JMD rate");
  return jmd.rate;
}

test("a buyer in Jamaica picks JMD and sees approximate prices on a card, the listing page and the cart; checkout says payment is in US dollars @phone", async ({
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("fxsel");
  const listing = await listSomething(seller, {
    title: "Blue Mountain coffee",
    priceCents: PRICE,
    shippingCents: SHIPPING,
    quantity: 5,
  });
  const buyer = await newPerson("fxbuy");
  const page = buyer.page;
  const rate = await jmdRate(page);
  const approxText = (cents: number) =>
    `approx. ${formatApprox(approx(cents, "JMD", rate), "JMD")}`;

  // US dollars until the buyer chooses; the choice is kept on the account too.
  await page.goto("/");
  await expect(choice(page)).toHaveValue("USD");
  await choice(page).selectOption("JMD");
  await expect
    .poll(async () => (await (await page.request.get("/api/me/preferences")).json()).currency)
    .toBe("JMD");

  // A card.
  await page.goto(`/listings?q=${encodeURIComponent(listing.title)}`);
  const card = page.getByRole("article").filter({ hasText: listing.title });
  await expect(card).toContainText(formatUsd(PRICE));
  const onCard = card.getByText(`(${approxText(PRICE)})`);
  await expect(onCard).toBeVisible();
  await expect(onCard).toHaveAttribute(
    "title",
    /^Rate as of [A-Z][a-z]{2} \d{1,2}, \d{4}: 1 US dollar = [\d.]+ JMD\. You pay in US dollars\.$/,
  );

  // The listing page.
  await page.goto(`/listing/${listing.id}`);
  const panel = page.getByRole("region", { name: "Buy It Now" });
  await expect(panel).toContainText(formatUsd(PRICE));
  await expect(panel.getByText(`(${approxText(PRICE)})`)).toBeVisible();
  await panel.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `"${listing.title}" has been added to your cart.`)).toBeVisible();

  // The cart: the line and the total.
  await page.goto("/cart");
  const line = page
    .getByRole("list", { name: "Items in your cart" })
    .getByRole("listitem", { name: listing.title });
  await expect(line).toContainText(formatUsd(PRICE));
  await expect(line.getByText(`(${approxText(PRICE)})`)).toBeVisible();
  const totals = orderTotals([{ unitPriceCents: PRICE, shippingCents: SHIPPING, quantity: 1 }]);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText(`Total${formatUsd(totals.totalCents)}`);
  await expect(summary.getByText(`(${approxText(totals.totalCents)})`)).toBeVisible();

  // Checkout: the charge is the US dollar total, and it says so.
  await page.goto(`/listing/${listing.id}`);
  await panel.getByRole("button", { name: "Buy It Now" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  const review = page.getByRole("region", { name: "Order Summary" });
  await expect(review).toContainText(`Total${formatUsd(totals.totalCents)}`);
  await expect(review.getByText(`(${approxText(totals.totalCents)})`)).toBeVisible();
  await expect(review.getByText(/^You'll pay in US dollars\./)).toBeVisible();

  // The choice is remembered in this browser.
  await page.reload();
  await expect(choice(page)).toHaveValue("JMD");
});

test("a visitor browsing Jamaica is offered JMD, and a stale rate still shows with its date", async ({
  page,
}) => {
  await page.goto("/listings?territory=jamaica");
  await expect(choice(page)).toHaveValue("JMD");
  await expect(page.getByText(/^\(approx\. JMD [\d,.]+\)$/).first()).toBeVisible();

  // The demo's Surinamese dollar rate is 12 days old: shown, with its date beside it.
  await choice(page).selectOption("SRD");
  await expect(
    page.getByText(/^\(approx\. SRD [\d,.]+, rate of [A-Z][a-z]{2} \d{1,2}, \d{4}\)$/).first(),
  ).toBeVisible();
  await page.reload();
  await expect(choice(page)).toHaveValue("SRD");
});

test("an admin changes a floating rate, and the audit log records it", async ({ signedIn }) => {
  const admin = await signedIn("admin@demo.tradewinds.test");
  const page = admin.page;
  await page.goto("/admin/rates");
  await expect(page.getByRole("heading", { level: 1, name: "Exchange rates" })).toBeVisible();
  const form = page.getByRole("form", { name: "Change a rate" });
  await form.getByLabel("Currency").selectOption("GYD");
  await form.getByLabel("Units per US dollar").fill("209.4");
  await form.getByLabel("Source or reason").fill("Bank of Guyana mid rate");
  await form.getByRole("button", { name: "Save rate" }).click();
  await expect(toast(page, "GYD rate saved.")).toBeVisible();
  await expect(page.getByRole("row", { name: /GYD/ })).toContainText("209.4");

  await page.goto("/admin/audit");
  await expect(page.getByText("Exchange rate changed").first()).toBeVisible();
});
