import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { buyThroughThePages } from "./fixtures/checkout";
import { bound, expect, test } from "./fixtures/test";

const timeline = (page: Page) => page.getByRole("list", { name: "Order timeline" });

test("buyer and seller follow one order on its page: shipped from there, tracked, received, each side's timeline @phone", async ({
  newPerson,
  listSomething,
}, testInfo) => {
  // Two accounts, a purchase through the pages, and four accessibility checks.
  test.setTimeout(bound(150_000));
  const seller = await newPerson("ordpgsel");
  const buyer = await newPerson("ordpgbuy");
  const title = `Calabash fruit bowl ${Date.now().toString(36)}`;
  const listingId = (
    await listSomething(seller, {
      titleAsIs: true,
      title,
      territory: "barbados",
      priceCents: 3_500,
      quantity: 2,
      shippingCents: 800,
    })
  ).id;
  const orderId = await buyThroughThePages(buyer.page, listingId, "Tamika Clarke");
  const number = orderId.slice(0, 8);

  // Purchase History links to the order's page: its facts, its item, and a timeline so far.
  await buyer.page.goto("/my/purchases");
  await buyer.page
    .getByRole("listitem", { name: `Order #${number}` })
    .getByRole("link", { name: `Order details for order #${number}` })
    .click();
  await expect(buyer.page).toHaveURL(`/orders/${orderId}`);
  await expect(buyer.page.getByRole("heading", { level: 1 })).toHaveText(`Order #${number}`);
  await expect(buyer.page.getByRole("list", { name: "Items in this order" })).toContainText(title);
  await expect(buyer.page.getByText("Order total")).toBeVisible();
  await expect(timeline(buyer.page).getByRole("listitem")).toHaveText([/^Order placed/, /^Paid/]);
  await expectNoSeriousA11yViolations(buyer.page);

  // The seller opens it from Selling and marks it shipped there, with a tracking number.
  await seller.page.goto("/my/selling");
  await seller.page
    .getByRole("region", { name: "Sold" })
    .getByRole("listitem", { name: `Order #${number}: ${title}` })
    .getByRole("link", { name: `Order details for order #${number}` })
    .click();
  await expect(seller.page).toHaveURL(`/orders/${orderId}`);
  const sale = seller.page
    .getByRole("list", { name: "Your items in this order" })
    .getByRole("listitem", { name: `Order #${number}: ${title}` });
  await expect(sale).toContainText(buyer.username);
  await expect(seller.page.getByText("Your items and shipping")).toBeVisible();
  await sale.getByRole("button", { name: "Mark as shipped" }).click();
  const form = seller.page.getByRole("dialog", { name: "Mark as shipped" });
  await form.getByLabel("Carrier", { exact: true }).selectOption({ label: "UPS" });
  await form.getByLabel("Tracking number").fill("1Z 999 AA1 0123456784");
  await form.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(form).toBeHidden();
  await expect(timeline(seller.page).getByRole("listitem").last()).toContainText(
    "You shipped it with UPS",
  );
  await expectNoSeriousA11yViolations(seller.page);

  // The buyer's page (open all along) shows the shipment; the tracking number links to UPS.
  const shipped = timeline(buyer.page).getByRole("listitem").filter({ hasText: "shipped it" });
  await expect(shipped).toContainText(`${seller.username} shipped it with UPS`);
  await expect(shipped.getByRole("link", { name: /1Z999AA10123456784/ })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );
  // Received, from the order page's own Track package.
  await buyer.page.getByRole("button", { name: "Track package" }).click();
  const tracking = buyer.page.getByRole("dialog", { name: "Track package" });
  await tracking.getByRole("button", { name: "Mark as received" }).click();
  await expect(tracking).toBeHidden();
  await expect(timeline(buyer.page).getByRole("listitem").last()).toContainText(
    "You marked it received",
  );
  await expectNoSeriousA11yViolations(buyer.page);
  await buyer.page.screenshot({
    path: testInfo.outputPath(`order-page-buyer-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // The seller reads the receipt in their timeline.
  await seller.page.reload();
  await expect(timeline(seller.page).getByRole("listitem").last()).toContainText(
    `${buyer.username} marked it received`,
  );
  await seller.page.screenshot({
    path: testInfo.outputPath(`order-page-seller-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // Anyone else is told there is no such page.
  const stranger = await newPerson("ordpgnosy");
  await stranger.page.goto(`/orders/${orderId}`);
  await expect(stranger.page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();

  await stranger.close();
  await seller.close();
  await buyer.close();
});
