import type { Page } from "@playwright/test";
import { apiPost } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { newPerson } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

/** The story's own listing: what it reads of it. */
interface Listing {
  id: string;
  title: string;
  quantity: number;
}

/**
 * The Car Battery, three in stock, put up through the API by a seller of its own: stories
 * running beside this one check out seed listings, and one holding a unit of the listing this one
 * counts made its "1 available" read 0.
 */
async function batteryListing(seller: Page): Promise<Listing> {
  const title = `Car Battery, 12V 60Ah ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const listed = await apiPost(seller, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "cars",
    subcategory: "auto-parts",
    territory: "trinidad-and-tobago",
    condition: "new",
    description: "Maintenance-free battery with 18 months of warranty. Fits most Japanese sedans.",
    priceCents: 4_200,
    quantity: 3,
    shippingCents: 0,
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const { id } = (await listed.json()) as { id: string };
  return { id, title, quantity: 3 };
}

const stockLine = (page: Page) => page.getByRole("region", { name: "Buy It Now" });

test("abandon a checkout with Back, see the offer to resume or cancel, cancel it from Purchase History @phone", async ({
  browser,
}) => {
  test.setTimeout(bound(120_000));
  const buyer = await newPerson(browser, "unpaid");
  const other = await newPerson(browser, "onlooker");
  const seller = await newPerson(browser, "battery");
  const page = buyer.page;
  const listing = await batteryListing(seller.page);
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
  await seller.context.close();
});
