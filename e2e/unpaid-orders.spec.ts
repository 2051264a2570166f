import { type Browser, expect, type Page, test } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";

interface Card {
  id: string;
  title: string;
  kind: string;
  status: string;
  quantity: number;
}

/** A new account of its own, signed in, in a browser of its own. */
async function newBuyer(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await createConfirmedAccount(page, prefix);
  await signInThroughApi(page, account.email, account.password);
  return { context, page };
}

/**
 * The Car Battery (or another fixed-price listing with 3 or more left). The desktop and
 * phone runs go side by side, so each takes its own (`slot`): one's checkout never holds the other's.
 */
async function batteryListing(page: Page, slot: number): Promise<Card> {
  const search = async (params: Record<string, string>) => {
    const response = await page.request.get("/api/listings", {
      params: { kind: "fixed_price", pageSize: "100", ...params },
    });
    expect(response.ok()).toBe(true);
    const { items } = (await response.json()) as { items: Card[] };
    return items
      .filter((i) => i.status === "active" && i.quantity >= 3)
      .sort((a, b) => b.id.localeCompare(a.id));
  };
  const found = [...(await search({ search: "Car Battery" })), ...(await search({}))][slot];
  if (!found) throw new Error("the demo data has no fixed-price listing with 3 or more in stock");
  return found;
}

const stockLine = (page: Page) => page.getByRole("region", { name: "Buy It Now" });

test("abandon a checkout with Back, see the offer to resume or cancel, cancel it from Purchase History @phone", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const buyer = await newBuyer(browser, "unpaid");
  const other = await newBuyer(browser, "onlooker");
  const page = buyer.page;
  const listing = await batteryListing(page, testInfo.project.name === "phone" ? 1 : 0);
  const stock = listing.quantity;

  // Two into the cart, then Proceed to Checkout: the sandbox's payment page opens.
  await page.goto(`/listing/${listing.id}`);
  await stockLine(page).getByRole("button", { name: "Add to Cart" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "has been added to your cart" }),
  ).toBeVisible();
  await page.goto("/cart");
  const line = page
    .getByRole("list", { name: "Items in your cart" })
    .getByRole("listitem", { name: listing.title });
  await line.getByRole("button", { name: `Increase quantity of ${listing.title}` }).click();
  await expect(line.getByRole("status", { name: `Quantity of ${listing.title}` })).toHaveText("2");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const payPage = page.url();

  // Someone else sees the two held for the buyer as taken.
  await other.page.goto(`/listing/${listing.id}`);
  await expect(stockLine(other.page)).toContainText(`${stock - 2} available`);

  // The browser's Back button: the cart keeps both and offers to resume or cancel.
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  const offer = page.getByRole("region", { name: "Unpaid checkout" });
  await expect(offer).toContainText("You haven't paid for order #");
  await expect(line.getByRole("status", { name: `Quantity of ${listing.title}` })).toHaveText("2");
  await expect(page.getByText(/Sorry, only \d+ items? available/)).toHaveCount(0);

  // Resume goes back to the very same payment page.
  await offer.getByRole("button", { name: "Resume payment" }).click();
  await expect(page).toHaveURL(payPage);
  await page.goBack();
  await expect(page.getByRole("region", { name: "Unpaid checkout" })).toBeVisible();

  // Purchase History: Pay now and Cancel; cancelling releases the stock at once.
  await page.goto("/my/purchases");
  const order = page
    .getByRole("list", { name: "Your orders" })
    .getByRole("listitem")
    .filter({ hasText: "Awaiting payment" })
    .first();
  await expect(order.getByRole("link", { name: "Pay now" })).toBeVisible();
  await expect(order).toContainText("Reserved for you until");
  await expectNoSeriousA11yViolations(page);
  await order.getByRole("button", { name: "Cancel order" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Order cancelled" }),
  ).toBeVisible();
  const cancelled = page.getByRole("list", { name: "Your orders" }).getByRole("listitem").first();
  await expect(cancelled).toContainText("Cancelled");
  await expect(cancelled.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The stock is back for everyone, and the cart no longer offers anything.
  await other.page.reload();
  await expect(stockLine(other.page)).toContainText(`${stock} available`);
  await page.goto("/cart");
  await expect(line).toBeVisible();
  await expect(page.getByRole("region", { name: "Unpaid checkout" })).toHaveCount(0);

  await buyer.context.close();
  await other.context.close();
});
