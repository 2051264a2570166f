import type { Page } from "@playwright/test";
import { SANDBOX_CARDS } from "../core/contracts/buying";
import { maskName } from "../core/contracts/feedback";
import { apiPost } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

/** What the story's listings cost: totals are read from these. */
const FEEDBACK_LISTING = { titleAsIs: true, priceCents: 3_500, quantity: 2, shippingCents: 800 };

/** Checks out one of the listing and pays with the sandbox's test card; answers the order id. */
async function buy(buyer: { page: Page }, listingId: string): Promise<string> {
  const checkout = await apiPost(buyer.page, "/api/checkout", {
    lines: [{ listingId, quantity: 1 }],
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orderId, redirectUrl } = (await checkout.json()) as {
    orderId: string;
    redirectUrl: string;
  };
  const session = redirectUrl.split("/pay/sandbox/")[1];
  const paid = await apiPost(buyer.page, `/api/payments/sandbox/sessions/${session}/pay`, {
    cardNumber: SANDBOX_CARDS.success,
    expiry: "12/40",
    cvc: "123",
    name: "Test Buyer",
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return orderId;
}

const sellerRating = (page: Page) =>
  page
    .getByRole("region", { name: "About the seller" })
    .getByText(/^Rating:/)
    .locator("..");

test("buy, the seller ships with a tracking number, the buyer receives it and leaves feedback; the seller's rating changes @phone", async ({
  newPerson,
  listSomething,
}) => {
  // Two accounts, a purchase, shipping and five pages with accessibility checks.
  test.setTimeout(bound(150_000));
  const seller = await newPerson("fbsel");
  const buyer = await newPerson("fbbuy");
  const title = `Mahogany turtle carving ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...FEEDBACK_LISTING, title })).id;

  // A new seller reads "New" on the listing page until a buyer rates them.
  await buyer.page.goto(`/listing/${listingId}`);
  await expect(sellerRating(buyer.page)).toContainText("New");
  const orderId = await buy(buyer, listingId);

  // The seller ships with a tracking number; the buyer sees Track package, then marks it received.
  const shipped = await apiPost(seller.page, `/api/orders/${orderId}/shipments`, {
    carrier: "dhl_express",
    trackingNumber: "JD014600006281234",
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  await buyer.page.goto("/my/purchases");
  await expect(
    buyer.page.getByRole("heading", { level: 1, name: "Purchase History" }),
  ).toBeVisible();
  const order = buyer.page.getByRole("listitem", { name: `Order #${orderId.slice(0, 8)}` });
  await expect(order.getByRole("button", { name: "Track package" })).toBeVisible();
  const received = await apiPost(buyer.page, `/api/orders/${orderId}/received`, {});
  expect(received.ok(), await received.text()).toBe(true);

  // Leave feedback: the dialog asks for a rating and stars before it posts.
  await buyer.page.reload();
  await order.getByRole("button", { name: "Leave feedback" }).click();
  const dialog = buyer.page.getByRole("dialog", { name: "Leave feedback" });
  await expect(dialog).toContainText(`For ${seller.username} about ${title}`);
  await dialog.getByRole("button", { name: "Post feedback" }).click();
  await expect(dialog.getByText("Choose positive, neutral or negative.")).toBeVisible();
  await expect(dialog.getByText("Choose from 1 to 5 stars.")).toBeVisible();
  await dialog.getByLabel("Positive").check();
  // Clicking the fifth star (its label) picks it, as a person would.
  // (The detailed seller ratings below have star rows of their own, all optional.)
  const overall = dialog.getByRole("group", { name: "Rate the seller" });
  await overall.locator("label").filter({ hasText: "5 stars (Excellent)" }).click();
  await expect(overall.getByRole("radio", { name: "5 stars (Excellent)" })).toBeChecked();
  await dialog.getByLabel("Comment (optional)").fill("Beautiful carving, packed with care.");
  await expectNoSeriousA11yViolations(buyer.page);
  await dialog.getByRole("button", { name: "Post feedback" }).click();
  await expect(dialog).toBeHidden();
  await expect(order).toContainText("Your feedback");
  await expect(order).toContainText("Beautiful carving, packed with care.");
  await expect(order.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(order.getByRole("button", { name: "Leave feedback" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(buyer.page);

  // The seller's rating on the listing page now comes from that feedback.
  await buyer.page.goto(`/listing/${listingId}`);
  await expect(sellerRating(buyer.page)).toContainText("5.0");
  await expect(sellerRating(buyer.page)).toContainText("(1 rating)");

  // The seller sees it in /my/selling, replies once and thanks the buyer (positive only).
  await seller.page.goto("/my/selling");
  const sale = seller.page.getByRole("listitem", { name: new RegExp(title) });
  await expect(sale).toContainText(`${buyer.username}'s feedback`);
  await sale.getByRole("button", { name: "Reply to feedback" }).click();
  await sale.getByLabel("Your reply (you can reply once)").fill("Thank you, enjoy it!");
  await sale.getByRole("button", { name: "Post reply" }).click();
  await expect(sale).toContainText("Your reply: Thank you, enjoy it!");
  await expect(sale.getByRole("button", { name: "Reply to feedback" })).toHaveCount(0);
  await sale.getByRole("button", { name: "Leave feedback" }).click();
  const thanks = seller.page.getByRole("dialog", { name: "Leave feedback" });
  await expect(thanks).toContainText("positive feedback only");
  await thanks.getByRole("button", { name: "Post feedback" }).click();
  await expect(thanks).toBeHidden();
  await expect(sale).toContainText("Your feedback for the buyer");

  // The store page lists it with the buyer's masked name, the item and the reply.
  await buyer.page.goto(`/store/${seller.id}`);
  const recent = buyer.page.getByRole("region", { name: "Recent feedback" });
  await expect(recent).toContainText(buyer.username); // the author sees their own name
  await seller.page.goto(`/store/${seller.id}`);
  const list = seller.page.getByRole("region", { name: "Recent feedback" });
  await expect(list).toContainText(maskName(buyer.username));
  await expect(list).not.toContainText(buyer.username);
  await expect(list).toContainText("Beautiful carving, packed with care.");
  await expect(list).toContainText("Seller's reply: Thank you, enjoy it!");
  await expect(list.getByRole("link", { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(seller.page);

  await seller.close();
  await buyer.close();
});

test("Contact seller in Purchase History opens the conversation about that listing", async ({
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("fbcsel");
  const buyer = await newPerson("fbcbuy");
  const title = `Calabash bowl ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...FEEDBACK_LISTING, title })).id;
  const orderId = await buy(buyer, listingId);

  await buyer.page.goto("/my/purchases");
  const order = buyer.page.getByRole("listitem", { name: `Order #${orderId.slice(0, 8)}` });
  await order.getByRole("button", { name: "Contact seller" }).click();
  await expect(buyer.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(buyer.page.getByRole("main")).toContainText(title);
  const conversationUrl = buyer.page.url();

  // Again: the same conversation, not a second one.
  await buyer.page.goto("/my/purchases");
  await order.getByRole("button", { name: "Contact seller" }).click();
  await expect(buyer.page).toHaveURL(conversationUrl);

  // Nothing written yet: nothing in the seller's inbox (no empty "No messages yet").
  await seller.page.goto("/messages");
  await expect(seller.page.getByTestId("messages-count")).toHaveText("0 unread · 0 conversations");
  await expect(
    seller.page.getByText("No conversations yet. Contact a seller from a listing to start one."),
  ).toBeVisible();
  await expect(seller.page.getByText("No messages yet")).toHaveCount(0);

  // The buyer's first message brings it to the seller's inbox.
  const box = buyer.page
    .getByRole("form", { name: "Send a message" })
    .getByRole("textbox", { name: "Message" });
  await box.fill("Has my calabash bowl shipped yet?");
  await box.press("Enter");
  await expect(buyer.page.getByRole("log")).toContainText("Has my calabash bowl shipped yet?");
  // Read on a reload, not live: the seller's page may not have its live connection open yet.
  await seller.page.reload();
  const row = seller.page
    .getByRole("list", { name: "Conversations" })
    .getByRole("link")
    .filter({ hasText: buyer.username });
  await expect(row).toContainText("Has my calabash bowl shipped yet?");
  await expect(seller.page.getByTestId("messages-count")).toHaveText("1 unread · 1 conversation");

  await seller.close();
  await buyer.close();
});
