import type { Page } from "@playwright/test";
import { orderTotals } from "../core/cart";
import { formatMoney } from "../core/money";
import { apiPost } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { newPerson } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

// Issue 17: on a multi-stock Buy It Now listing the buyer picks how many, for Add to Cart and Buy
// It Now alike; a listing with one left offers no picker.

const PRICE = 1_500;
const SHIPPING = 400;

/** A fixed-price listing put up through the API by `seller`; answers its id and title. */
async function listFixedPrice(seller: Page, quantity: number) {
  const title = `Nutmeg jar ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const listed = await apiPost(seller, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "handicrafts",
    territory: "grenada",
    condition: "new",
    description: `${title}: whole nutmegs from Gouyave in a hand-turned wooden jar.`,
    priceCents: PRICE,
    quantity,
    shippingCents: SHIPPING,
  });
  expect(listed.status(), await listed.text()).toBe(201);
  return { id: ((await listed.json()) as { id: string }).id, title };
}

const buyPanel = (page: Page) => page.getByRole("region", { name: "Buy It Now" });
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

test("a buyer picks 3 for the cart and 2 for Buy It Now; one left offers no picker @phone", async ({
  browser,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson(browser, "qtysel");
  const buyer = await newPerson(browser, "qtybuy");
  const five = await listFixedPrice(seller.page, 5);
  const one = await listFixedPrice(seller.page, 1);
  const page = buyer.page;

  await page.goto(`/listing/${five.id}`);
  const panel = buyPanel(page);
  await expect(panel).toContainText("5 available");
  const quantity = panel.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveValue("1");
  await expect(quantity).toHaveAttribute("min", "1");
  await expect(quantity).toHaveAttribute("max", "5");
  await expect(panel.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Typing past the stock stops at it; the + button then stops too.
  await quantity.fill("9");
  await expect(quantity).toHaveValue("5");
  await expect(panel.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  await quantity.fill("2");
  await panel.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("3");

  await panel.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `"${five.title}" has been added to your cart.`)).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart/ })).toHaveAccessibleName(
    "Cart, 3 items",
  );
  // 3 in the cart and 5 in stock: 3 more would be 6.
  await panel.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, "Sorry, only 5 items available")).toBeVisible();

  await page.goto("/cart");
  const line = page
    .getByRole("list", { name: "Items in your cart" })
    .getByRole("listitem", { name: five.title });
  await expect(line.getByRole("status", { name: `Quantity of ${five.title}` })).toHaveText("3");

  // Buy It Now with 2: the review and the sandbox's hosted page charge for 2.
  await page.goto(`/listing/${five.id}`);
  await buyPanel(page).getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await buyPanel(page).getByRole("button", { name: "Buy It Now" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?listing=${five.id}&quantity=2$`));
  const totals = orderTotals([{ unitPriceCents: PRICE, shippingCents: SHIPPING, quantity: 2 }]);
  const review = page.getByRole("list", { name: "Items in this order" });
  await expect(review).toContainText(`Qty 2 × ${formatMoney(PRICE)}`);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Pay Tradewinds" })).toBeVisible();
  await expect(page.getByText(formatMoney(totals.totalCents)).first()).toBeVisible();

  // One in stock: nothing to pick, and both buttons buy that one.
  await page.goto(`/listing/${one.id}`);
  await expect(buyPanel(page)).toContainText("1 available");
  await expect(buyPanel(page).getByRole("button", { name: "Buy It Now" })).toBeEnabled();
  await expect(buyPanel(page).getByRole("spinbutton", { name: "Quantity" })).toHaveCount(0);
  await expect(buyPanel(page).getByRole("button", { name: "Increase quantity" })).toHaveCount(0);

  await buyer.close();
  await seller.close();
});

test("the picker offers only what other buyers' checkouts leave", async ({ browser }) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson(browser, "qtyhsel");
  const holder = await newPerson(browser, "qtyhold");
  const buyer = await newPerson(browser, "qtyhbuy");
  const listing = await listFixedPrice(seller.page, 5);
  const held = await apiPost(holder.page, "/api/checkout", {
    lines: [{ listingId: listing.id, quantity: 3 }],
  });
  expect(held.status(), await held.text()).toBe(201);

  await buyer.page.goto(`/listing/${listing.id}`);
  const panel = buyPanel(buyer.page);
  await expect(panel).toContainText("2 available");
  const quantity = panel.getByRole("spinbutton", { name: "Quantity" });
  await expect(quantity).toHaveAttribute("max", "2");
  await panel.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("2");
  await expect(panel.getByRole("button", { name: "Increase quantity" })).toBeDisabled();

  await holder.close();
  await buyer.close();
  await seller.close();
});
