import { apiPost } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { buyThroughThePages } from "./fixtures/checkout";
import { bound, expect, test } from "./fixtures/test";

/** What the story's listings cost: totals and the price shown are read from these. */
const SHIPPING_LISTING = {
  titleAsIs: true,
  territory: "barbados",
  priceCents: 4_200,
  quantity: 3,
  shippingCents: 900,
};

test("the seller marks a sale shipped with a tracking number; the buyer tracks it and marks it received @phone", async ({
  newPerson,
  listSomething,
}) => {
  // Two accounts, a purchase through the pages, and four accessibility checks.
  test.setTimeout(bound(150_000));
  const seller = await newPerson("shipsel");
  const buyer = await newPerson("shipbuy");
  const title = `Palm straw market basket ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...SHIPPING_LISTING, title })).id;
  const orderId = await buyThroughThePages(buyer.page, listingId, "Tamika Clarke");
  const number = orderId.slice(0, 8);

  // Before it ships, Track package says the seller has not shipped it yet.
  await buyer.page.goto("/my/purchases");
  const order = buyer.page.getByRole("listitem", { name: `Order #${number}` });
  await order.getByRole("button", { name: "Track package" }).click();
  const waiting = buyer.page.getByRole("dialog", { name: "Track package" });
  await expect(waiting).toContainText(`${seller.username} has not shipped this yet.`);
  await waiting.getByRole("button", { name: "Close" }).click();
  await expect(waiting).toBeHidden();

  // The seller marks it shipped with UPS and a tracking number typed with spaces.
  await seller.page.goto("/my/selling");
  const sale = seller.page
    .getByRole("region", { name: "Sold" })
    .getByRole("listitem", { name: `Order #${number}: ${title}` });
  await expect(sale).toContainText("Paid");
  await sale.getByRole("button", { name: "Mark as shipped" }).click();
  const form = seller.page.getByRole("dialog", { name: "Mark as shipped" });
  await form.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(form.getByText("Choose the carrier.")).toBeVisible();
  await expect(form.getByText("Enter the tracking number.")).toBeVisible();
  await form.getByLabel("Carrier", { exact: true }).selectOption({ label: "UPS" });
  await form.getByLabel("Tracking number").fill("1Z 999 AA1 0123456784");
  await expectNoSeriousA11yViolations(seller.page);
  await form.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(form).toBeHidden();
  await expect(sale).toContainText("Shipped");
  await expect(sale).toContainText("with UPS, 1Z999AA10123456784");
  await expect(sale.getByRole("link", { name: /^Track/ })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );
  await expect(sale.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(seller.page);

  // The buyer is told, sees the line shipped, and tracks it on the carrier's page.
  await buyer.page.goto("/my/purchases");
  await expect(order).toContainText("Shipped");
  await order.getByRole("button", { name: "Track package" }).click();
  const tracking = buyer.page.getByRole("dialog", { name: "Track package" });
  await expect(tracking).toContainText("UPS");
  await expect(tracking).toContainText("1Z999AA10123456784");
  await expect(tracking.getByRole("link", { name: /Track on UPS/ })).toHaveAttribute(
    "href",
    "https://www.ups.com/track?tracknum=1Z999AA10123456784",
  );
  await expectNoSeriousA11yViolations(buyer.page);
  await tracking.getByRole("button", { name: "Mark as received" }).click();
  await expect(tracking).toBeHidden();
  await expect(order).toContainText("Received");
  await expect(
    buyer.page.locator("[data-sonner-toast]").filter({ hasText: "Marked as received." }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(buyer.page);

  // The seller's row says it arrived.
  await seller.page.reload();
  await expect(sale).toContainText("Received");

  await seller.close();
  await buyer.close();
});

test("the server refuses a second shipment and a stranger's, and links nothing for an unknown carrier", async ({
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("shipsel2");
  const buyer = await newPerson("shipbuy2");
  const listingId = (
    await listSomething(seller, {
      ...SHIPPING_LISTING,
      title: `Sea grape jelly ${Date.now().toString(36)}`,
    })
  ).id;
  const orderId = await buyThroughThePages(buyer.page, listingId, "Tamika Clarke");

  const stranger = await apiPost(buyer.page, `/api/orders/${orderId}/shipments`, {
    carrier: "ups",
    trackingNumber: "1Z1",
  });
  expect(stranger.status()).toBe(404);
  const first = await apiPost(seller.page, `/api/orders/${orderId}/shipments`, {
    carrier: "Island Courier",
    trackingNumber: "IC-2231",
  });
  expect(first.status(), await first.text()).toBe(201);
  expect(await first.json()).toMatchObject({ carrierName: "Island Courier", trackingUrl: null });
  const again = await apiPost(seller.page, `/api/orders/${orderId}/shipments`, {
    carrier: "ups",
    trackingNumber: "1Z1",
  });
  expect(again.status()).toBe(409);

  await buyer.page.goto("/my/purchases");
  const order = buyer.page.getByRole("listitem", { name: `Order #${orderId.slice(0, 8)}` });
  await order.getByRole("button", { name: "Track package" }).click();
  const tracking = buyer.page.getByRole("dialog", { name: "Track package" });
  await expect(tracking).toContainText("IC2231");
  await expect(tracking.getByRole("link")).toHaveCount(0);

  await seller.close();
  await buyer.close();
});

test("the buyer's open Purchase History drops Request cancellation the moment the seller ships", async ({
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(150_000));
  const seller = await newPerson("liveshipsel");
  const buyer = await newPerson("liveshipbuy");
  const title = `Coconut shell lamp ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...SHIPPING_LISTING, title })).id;
  const orderId = await buyThroughThePages(buyer.page, listingId, "Tamika Clarke");
  const number = orderId.slice(0, 8);

  // The buyer has Purchase History open: the paid, unshipped order may still be cancelled. The page
  // hears of the shipment over its live connection, so the seller ships once that is open (the
  // server follows the buyer's events before it answers): a shipment before it would only be seen
  // on the next fetch.
  // Only this page's stream counts: the page before may still be answered its own meanwhile.
  const since = Date.now();
  const liveOpen = buyer.page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/live" &&
      response.request().timing().startTime >= since,
  );
  await buyer.page.goto("/my/purchases");
  await liveOpen;
  const order = buyer.page.getByRole("listitem", { name: `Order #${number}` });
  await expect(order.getByRole("button", { name: "Request cancellation" })).toBeVisible();

  // The seller ships it from their own browser.
  const shipped = await apiPost(seller.page, `/api/orders/${orderId}/shipments`, {
    carrier: "ups",
    trackingNumber: "1Z999AA10123456784",
  });
  expect(shipped.status(), await shipped.text()).toBe(201);

  // Told live, the buyer's page (not reloaded) shows it shipped and no longer offers to cancel.
  await expect(order).toContainText("Shipped");
  await expect(order.getByRole("button", { name: "Request cancellation" })).toHaveCount(0);
  await Promise.all([seller.close(), buyer.close()]);
});
