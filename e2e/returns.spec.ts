import path from "node:path";
import type { Page } from "@playwright/test";
import { apiPost } from "./fixtures/accounts";
import { buyThroughThePages } from "./fixtures/checkout";
import { bound, expect, test } from "./fixtures/test";

// Issue 28, points 2-4 (decision 0023): a return from open to refund, and an item that never
// came, escalated and decided by staff. Buyer, seller and staff each in their own browser.

const ADMIN = "admin@demo.tradewinds.test";
const PHOTO = path.join(import.meta.dirname, "fixtures", "photos", "hibiscus.jpg");

const returnsBlock = (page: Page) => page.getByRole("region", { name: "Returns and problems" });
const timeline = (page: Page) => page.getByRole("list", { name: "Order timeline" });

/** Moves the server's clock on (MONEY_CLOCK=settable in the e2e server); it never goes back. */
async function timePasses(page: Page, days: number) {
  const moved = await apiPost(page, "/api/dev/clock", { advanceDays: days });
  expect(moved.status(), await moved.text()).toBe(200);
}

async function shipIt(seller: Page, orderId: string) {
  const res = await apiPost(seller, `/api/orders/${orderId}/shipments`, {
    carrier: "dhl",
    trackingNumber: "JD0146 0000 1234",
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

test("a buyer returns a damaged item: the seller accepts, the buyer sends it back, the seller's receipt refunds the buyer @phone", async ({
  newPerson,
  listSomething,
}, testInfo) => {
  test.setTimeout(bound(240_000));
  const seller = await newPerson("retsel");
  const buyer = await newPerson("retbuy");
  const title = `Mahogany bowl ${Date.now().toString(36)}`;
  const listingId = (
    await listSomething(seller, {
      titleAsIs: true,
      title,
      territory: "barbados",
      priceCents: 4_000,
      quantity: 2,
      shippingCents: 600,
    })
  ).id;
  const orderId = await buyThroughThePages(buyer.page, listingId);
  await shipIt(seller.page, orderId);
  expect((await apiPost(buyer.page, `/api/orders/${orderId}/received`, {})).status()).toBe(200);

  // The buyer opens a return from the order page, with a photo of the damage.
  await buyer.page.goto(`/orders/${orderId}`);
  await returnsBlock(buyer.page).getByRole("button", { name: "Return item" }).click();
  const dialog = buyer.page.getByRole("dialog", { name: "Return item" });
  await dialog.getByLabel("Reason").selectOption({ label: "Arrived damaged" });
  await dialog.getByLabel("What is wrong").fill("The bowl arrived cracked along the rim.");
  await dialog.getByLabel(/Photos/).setInputFiles(PHOTO);
  await expect(dialog.getByText("1 photo(s) added.")).toBeVisible();
  await dialog.getByRole("button", { name: "Open return" }).click();
  await expect(dialog).toBeHidden();
  const buyerCard = returnsBlock(buyer.page).getByRole("article");
  await expect(buyerCard).toContainText(`Waiting for ${seller.username}'s answer`);
  await expect(buyerCard.getByRole("img", { name: /^Evidence 1 from / })).toBeVisible();

  // The seller accepts it from Selling's Returns list, through the order page.
  await seller.page.goto("/my/selling/returns");
  await seller.page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(seller.page).toHaveURL(`/orders/${orderId}`);
  const sellerCard = returnsBlock(seller.page).getByRole("article");
  await expect(sellerCard).toContainText("Waiting for your answer");
  // A damaged item cannot be declined: no such button.
  await expect(sellerCard.getByRole("button", { name: "Decline return" })).toHaveCount(0);
  await sellerCard.getByRole("button", { name: "Accept return" }).click();
  await sellerCard.getByLabel("Return address").fill("4 Bay Street\nBridgetown, Barbados");
  await sellerCard.getByRole("button", { name: "Accept return" }).click();
  await expect(sellerCard).toContainText("You accepted the return");

  // The buyer (told live) sends it back with tracking.
  await expect(buyerCard).toContainText(`${seller.username} accepted the return`);
  await expect(buyerCard).toContainText("Return postage is paid by the seller");
  await buyerCard.getByRole("button", { name: "Send the item back" }).click();
  await buyerCard.getByLabel("Carrier").fill("DHL");
  await buyerCard.getByLabel("Tracking number").fill("JD0146 0000 9999");
  await buyerCard.getByRole("button", { name: "Item sent back" }).click();
  await expect(buyerCard).toContainText("You sent it back");

  // The seller confirms it arrived: the buyer is refunded in full (40.00 + 6.00 + 4.00 tax).
  await expect(sellerCard).toContainText("Confirm when it arrives");
  await sellerCard.getByRole("button", { name: "Item received, refund buyer" }).click();
  await sellerCard.getByRole("button", { name: "Item received, refund buyer" }).click();
  await expect(sellerCard).toContainText("Refunded $50.00.");
  await expect(timeline(seller.page)).toContainText("Refunded US $50.00 to the buyer");

  await expect(buyerCard).toContainText("Refunded $50.00.");
  await expect(timeline(buyer.page)).toContainText("You sent the return back");
  await buyer.page.screenshot({
    path: testInfo.outputPath(`return-buyer-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await seller.page.screenshot({
    path: testInfo.outputPath(`return-seller-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // The buyer's own list.
  await buyer.page.goto("/my/returns");
  await expect(buyer.page.getByRole("article", { name: /Return: Arrived damaged/ })).toContainText(
    "Refunded $50.00.",
  );

  await seller.close();
  await buyer.close();
});

test("an item never arrives: the seller answers with tracking, the buyer asks Tradewinds to step in, staff refund the buyer @phone", async ({
  newPerson,
  signedIn,
  listSomething,
}, testInfo) => {
  test.setTimeout(bound(240_000));
  const seller = await newPerson("inrsel");
  const buyer = await newPerson("inrbuy");
  const title = `Sorrel syrup ${Date.now().toString(36)}`;
  const listingId = (
    await listSomething(seller, {
      titleAsIs: true,
      title,
      territory: "barbados",
      priceCents: 2_000,
      quantity: 2,
      shippingCents: 500,
    })
  ).id;
  const orderId = await buyThroughThePages(buyer.page, listingId);
  await shipIt(seller.page, orderId);

  // Three weeks later it has not come.
  await timePasses(buyer.page, 21);
  await buyer.page.goto(`/orders/${orderId}`);
  await returnsBlock(buyer.page).getByRole("button", { name: "Item not received" }).click();
  const dialog = buyer.page.getByRole("dialog", { name: "Item not received" });
  await dialog.getByLabel("What happened").fill("Three weeks and nothing has come.");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog).toBeHidden();
  const buyerCard = returnsBlock(buyer.page).getByRole("article");
  await expect(buyerCard).toContainText(`Waiting for ${seller.username}'s answer`);

  // The seller answers with tracking that shows delivery.
  await seller.page.goto(`/orders/${orderId}`);
  const sellerCard = returnsBlock(seller.page).getByRole("article");
  await sellerCard.getByRole("button", { name: "Answer with tracking" }).click();
  await sellerCard.getByLabel("Carrier").fill("DHL");
  await sellerCard.getByLabel("Tracking number").fill("JD0146 0000 1234");
  await sellerCard.getByRole("button", { name: "Send tracking" }).click();
  await expect(sellerCard).toContainText("You answered with tracking");

  // The buyer disagrees and asks Tradewinds to step in, for the standard review, which is free.
  await expect(buyerCard).toContainText("answered with tracking that shows delivery");
  await buyerCard.getByRole("button", { name: "Ask Tradewinds to step in" }).click();
  await expect(buyerCard).toContainText("Your review is the standard one and has no fee.");
  await expect(buyerCard.getByText("Expedited review")).toHaveCount(0);
  await buyerCard.getByRole("button", { name: "Ask Tradewinds to step in" }).click();
  await expect(buyerCard).toContainText("Tradewinds is reviewing this case (standard review)");

  // The seller sees the case and the expedited fee before asking for it, then pays for it.
  await expect(sellerCard).toContainText("Tradewinds is reviewing this case");
  await expect(sellerCard.getByRole("button", { name: "Refund in full" })).toHaveCount(0);
  await sellerCard.getByRole("button", { name: "Ask for an expedited review ($25.00)" }).click();
  await expect(sellerCard).toContainText(
    "An expedited review costs $25.00, taken from your Tradewinds balance whichever way the case is decided",
  );
  await expect(sellerCard).toContainText("A standard review has no fee.");
  await seller.page.screenshot({
    path: testInfo.outputPath(`expedite-seller-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await sellerCard
    .getByRole("button", { name: "Ask for an expedited review", exact: true })
    .click();
  await expect(sellerCard).toContainText("Tradewinds is reviewing this case (expedited review)");
  await expect(sellerCard.getByRole("button", { name: /Ask for an expedited review/ })).toHaveCount(
    0,
  );

  // The fee is in the seller's transactions, named by the order.
  await seller.page.goto("/my/payments?tab=transactions&kind=fee");
  await expect(
    seller.page
      .getByRole("list", { name: "Transactions" })
      .getByRole("listitem")
      .filter({ hasText: `Expedited dispute fee: order #${orderId.slice(0, 8)}` }),
  ).toContainText("$25.00");
  await seller.page.goto(`/orders/${orderId}`);

  // Staff decide from the admin area's Cases.
  const staff = await signedIn(ADMIN);
  await staff.page.goto("/admin/cases");
  await staff.page
    .getByRole("link", { name: `Item not received: order #${orderId.slice(0, 8)}` })
    .click();
  await expect(staff.page.getByRole("heading", { level: 1 })).toHaveText(
    `Case: order #${orderId.slice(0, 8)}`,
  );
  const decision = staff.page.getByRole("form", { name: "Decision" });
  await decision.getByLabel(/Refund the buyer in full/).check();
  await decision
    .getByLabel("Reason both sides will read")
    .fill("The tracking shows delivery to another island.");
  await decision.getByRole("button", { name: "Send decision" }).click();
  await expect(staff.page.getByText("This case is decided.")).toBeVisible();
  await staff.page.screenshot({
    path: testInfo.outputPath(`case-staff-${testInfo.project.name}.png`),
    fullPage: true,
  });

  // Both sides read the decision and its reason; the buyer is refunded 20.00 + 5.00 + 2.00 tax.
  await expect(buyerCard).toContainText("Refunded $27.00.");
  await expect(buyerCard).toContainText("The tracking shows delivery to another island.");
  await expect(timeline(buyer.page)).toContainText("Tradewinds decided the case: US $27.00 back");
  await expect(sellerCard).toContainText("The tracking shows delivery to another island.");
  await buyer.page.screenshot({
    path: testInfo.outputPath(`inr-buyer-${testInfo.project.name}.png`),
    fullPage: true,
  });

  await staff.close();
  await seller.close();
  await buyer.close();
});
