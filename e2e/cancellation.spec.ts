import { SANDBOX_CARDS } from "../core/contracts/buying";
import { apiPost, DEMO_PASSWORD, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

test("the buyer asks to cancel a paid order, the seller accepts, and the buyer sees the refund @phone", async ({
  newPerson,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("cxsel");
  const buyer = await newPerson("cxbuy");
  const title = `Calabash bowl ${Date.now().toString(36)}`;
  const listed = await apiPost(seller.page, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "handicrafts",
    territory: "jamaica",
    condition: "new",
    description: `${title}, carved and polished by hand in Ocho Rios.`,
    priceCents: 2_000,
    quantity: 1,
    shippingCents: 500,
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const listingId = ((await listed.json()) as { id: string }).id;

  // Buy the last one and pay with the sandbox's test card.
  const checkout = await apiPost(buyer.page, "/api/checkout", {
    lines: [{ listingId, quantity: 1 }],
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orderId, redirectUrl } = (await checkout.json()) as {
    orderId: string;
    redirectUrl: string;
  };
  const paid = await apiPost(
    buyer.page,
    `/api/payments/sandbox/sessions/${redirectUrl.split("/pay/sandbox/")[1]}/pay`,
    { cardNumber: SANDBOX_CARDS.success, expiry: "12/40", cvc: "123", name: "Test Buyer" },
  );
  expect(paid.ok(), await paid.text()).toBe(true);
  const number = orderId.slice(0, 8);
  // 20.00 + 5.00 shipping + 2.00 tax.
  const refund = "$27.00";

  // The buyer asks to cancel: the form wants a reason first.
  await buyer.page.goto("/my/purchases");
  const order = buyer.page.getByRole("listitem", { name: `Order #${number}` });
  await order.getByRole("button", { name: "Request cancellation" }).click();
  const dialog = buyer.page.getByRole("dialog", { name: "Request cancellation" });
  await expect(dialog).toContainText(`If they accept, ${refund} is refunded to your card.`);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog.getByText("Please tell the seller why you want to cancel.")).toBeVisible();
  await dialog.getByLabel("Reason for cancelling").fill("I ordered the wrong colour.");
  await expectNoSeriousA11yViolations(buyer.page);
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog).toBeHidden();
  await expect(order).toContainText(`Waiting for ${seller.username} to answer.`);
  await expect(order.getByRole("button", { name: "Request cancellation" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer.page);

  // The seller sees it in /my/selling and accepts, after a confirmation.
  await seller.page.goto("/my/selling");
  const request = seller.page.getByRole("listitem", { name: `Cancellation of order #${number}` });
  await expect(request).toContainText("I ordered the wrong colour.");
  await expect(request).toContainText(buyer.username);
  await expectNoSeriousA11yViolations(seller.page);
  await request.getByRole("button", { name: "Accept" }).click();
  const confirm = seller.page.getByRole("dialog", { name: "Accept this cancellation?" });
  await expect(confirm).toContainText(`${buyer.username} gets ${refund} back on their card`);
  await confirm.getByRole("button", { name: "Accept and refund" }).click();
  await expect(confirm).toBeHidden();
  await expect(request).toContainText(`Refunded ${refund} to the buyer`);
  await expect(request.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(seller.page);

  // The buyer's order is cancelled and shows the refund; the item is back on sale.
  await buyer.page.reload();
  await expect(order).toContainText("Cancelled");
  await expect(order).toContainText(`Refunded ${refund} to your card`);
  await expectNoSeriousA11yViolations(buyer.page);
  const listing = await buyer.page.request.get(`/api/listings/${listingId}`);
  expect(((await listing.json()) as { quantity: number }).quantity).toBe(1);

  await seller.close();
  await buyer.close();
});

test("an admin refunds part of a delivered order, and the buyer's order gives the admin's reason @phone", async ({
  browser,
  newPerson,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("rfsel");
  const buyer = await newPerson("rfbuy");
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughApi(admin, "admin@demo.tradewinds.test", DEMO_PASSWORD);
  const title = `Clay water jar ${Date.now().toString(36)}`;
  const listed = await apiPost(seller.page, "/api/listings", {
    kind: "fixed_price",
    title,
    category: "handicrafts",
    territory: "barbados",
    condition: "new",
    description: `${title}, thrown on the wheel at Chalky Mount.`,
    priceCents: 2_400,
    quantity: 3,
    shippingCents: 0,
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const listingId = ((await listed.json()) as { id: string }).id;
  const checkout = await apiPost(buyer.page, "/api/checkout", {
    lines: [{ listingId, quantity: 1 }],
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orderId, redirectUrl } = (await checkout.json()) as {
    orderId: string;
    redirectUrl: string;
  };
  const paid = await apiPost(
    buyer.page,
    `/api/payments/sandbox/sessions/${redirectUrl.split("/pay/sandbox/")[1]}/pay`,
    { cardNumber: SANDBOX_CARDS.success, expiry: "12/40", cvc: "123", name: "Test Buyer" },
  );
  expect(paid.ok(), await paid.text()).toBe(true);
  // Shipped and received: a delivered order.
  const shipped = await apiPost(seller.page, `/api/orders/${orderId}/shipments`, {
    carrier: "dhl",
    trackingNumber: "JD014600007",
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const received = await apiPost(buyer.page, `/api/orders/${orderId}/received`, {});
  expect(received.ok(), await received.text()).toBe(true);

  const reason = "The jar's handle arrived chipped; we refunded part of the price.";
  const refunded = await apiPost(admin, `/api/admin/orders/${orderId}/refunds`, {
    reason,
    amountCents: 800,
  });
  expect(refunded.status(), await refunded.text()).toBe(201);

  await buyer.page.goto("/my/purchases");
  const order = buyer.page.getByRole("listitem", { name: `Order #${orderId.slice(0, 8)}` });
  await expect(order).toContainText(`Tradewinds issued a refund: ${reason}`);
  await expect(order).toContainText("Refunded $8.00 to your card");
  await expect(order).not.toContainText("could not be filled");
  await expectNoSeriousA11yViolations(buyer.page);

  await adminContext.close();
  await seller.close();
  await buyer.close();
});
