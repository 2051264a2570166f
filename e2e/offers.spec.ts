import type { Page } from "@playwright/test";
import { SANDBOX_CARDS } from "../core/contracts/buying";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { listThroughApi } from "./fixtures/listings";
import { newPerson } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

// Best Offer (issue 27): a buyer names a price below Buy It Now; the seller accepts, declines or
// counters, or has the site answer at once with their secret automatic amounts. An agreement is
// an unpaid order the buyer pays with Pay now.

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });
const buyBox = (page: Page) => page.getByRole("region", { name: "Buy It Now" });

/** Make offer on the listing page: the dialog's amount, quantity and message, then Send offer. */
async function makeOffer(
  page: Page,
  { amount, quantity, message }: { amount: string; quantity?: number; message?: string },
) {
  await buyBox(page).getByRole("button", { name: "Make offer" }).click();
  const dialog = page.getByRole("dialog", { name: "Make an offer" });
  await dialog.getByLabel(/^Your offer/).fill(amount);
  if (quantity) await dialog.getByLabel("Quantity").fill(String(quantity));
  if (message) await dialog.getByLabel("Message (optional)").fill(message);
  await dialog.getByRole("button", { name: "Send offer" }).click();
  return dialog;
}

/** The order review's Continue to Payment, then the sandbox's card form with the card that succeeds. */
async function payOnSandbox(page: Page) {
  await expect(page).toHaveURL(/\/checkout\?order=/);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const form = page.getByRole("form", { name: "Card payment" });
  await form.getByLabel("Card number").fill(SANDBOX_CARDS.success);
  await form.getByLabel("Expiry (MM / YY)").fill("1234");
  await form.getByLabel("CVC").fill("123");
  await form.getByLabel("Name on card").fill("Keisha Rolle");
  await form.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible({
    timeout: 20_000,
  });
}

test("a buyer offers, the seller counters, the buyer sees the counter live, accepts and pays @phone", async ({
  browser,
}) => {
  // Two people, eight pages checked by axe, and a payment.
  test.setTimeout(bound(240_000));
  const seller = await newPerson(browser, "offerseller");
  const buyer = await newPerson(browser, "offerbuyer");
  const listing = await listThroughApi(seller.page, {
    title: "Mahogany serving tray",
    priceCents: 10_000,
    quantity: 3,
    acceptsOffers: true,
  });

  // The buyer finds "or Best Offer" and offers below the price (at the price is refused).
  const page = buyer.page;
  await page.goto(`/listing/${listing.id}`);
  await expect(buyBox(page)).toContainText("or Best Offer");
  const dialog = await makeOffer(page, { amount: "100" });
  await expect(dialog).toContainText(
    "Your offer must be below the Buy It Now price of $100.00. To pay that, use Buy It Now.",
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(/^Your offer/).fill("70");
  await dialog.getByLabel("Quantity").fill("2");
  await dialog.getByLabel("Message (optional)").fill("Would you take $70 each for two?");
  await dialog.getByRole("button", { name: "Send offer" }).click();
  await expect(dialog).toBeHidden();
  await expect(buyBox(page)).toContainText(
    "Your offer of US $70.00 each × 2 is waiting for the seller's answer.",
  );
  await expect(buyBox(page)).toContainText(/left to answer/);
  // One offer waits at a time: no second Make offer meanwhile.
  await expect(buyBox(page).getByRole("button", { name: "Make offer" })).toHaveCount(0);

  // The seller sees it in Selling, with its count, and counters on the offers page.
  const sellerPage = seller.page;
  await sellerPage.goto("/my/selling");
  await sellerPage.getByRole("link", { name: `1 offer on ${listing.title}` }).click();
  await expect(sellerPage).toHaveURL(`/my/selling/offers?listing=${listing.id}`);
  const offers = sellerPage.getByRole("list", { name: "Offers on your listings" });
  const row = offers.getByRole("listitem").filter({ hasText: listing.title });
  await expect(row).toContainText(`${buyer.username} offered: US $70.00 each × 2`);
  await expect(row).toContainText("Would you take $70 each for two?");
  await expect(row).toContainText("Waiting for your answer");
  await row
    .getByRole("button", { name: `Counter US $70.00 each × 2 for ${listing.title}` })
    .click();
  const counter = sellerPage.getByRole("dialog", { name: "Counter the offer" });
  await counter.getByLabel("Your counteroffer (each)").fill("85");
  await counter.getByLabel("Message (optional)").fill("Best I can do is $85 each.");
  await expectNoSeriousA11yViolations(sellerPage);
  await counter.getByRole("button", { name: "Send counteroffer" }).click();
  await expect(counter).toBeHidden();
  await expect(toast(sellerPage, "Counteroffer sent")).toBeVisible();
  await expect(row).toContainText("Countered: waiting for the buyer");

  // The buyer's page shows the counter without a reload, and the buyer accepts it.
  await expect(buyBox(page)).toContainText("The seller countered");
  await expect(buyBox(page)).toContainText("the seller asks US $85.00 each × 2");
  await expect(buyBox(page)).toContainText("Best I can do is $85 each.");
  await buyBox(page)
    .getByRole("button", { name: `Accept US $85.00 each × 2 for ${listing.title}` })
    .click();
  const confirm = page.getByRole("dialog", { name: "Accept the counteroffer?" });
  await confirm.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(buyBox(page)).toContainText("Offer accepted");
  await expect(buyBox(page)).toContainText("Agreed at US $85.00 each × 2");

  // Purchase History has the unpaid order with its deadline, and no Cancel: an agreement binds.
  await page.goto("/my/purchases");
  const unpaid = page
    .getByRole("list", { name: "Your orders" })
    .getByRole("listitem")
    .filter({ hasText: listing.title })
    .first();
  await expect(unpaid).toContainText("Awaiting payment");
  await expect(unpaid).toContainText("Offer accepted: pay by");
  await expect(unpaid.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

  // Bids & Offers lists it with Pay now; Pay now goes through the order review to the sandbox.
  await page.goto("/my/bids?tab=offers");
  await expect(page.getByRole("link", { name: "Offers", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const mine = page.getByRole("list", { name: "Your offers" }).getByRole("listitem");
  await expect(mine.filter({ hasText: listing.title })).toContainText("Accepted");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: `Pay now for ${listing.title}` }).click();
  await payOnSandbox(page);

  // Purchase History has the paid order; the seller's sales have it too.
  await page.goto("/my/purchases");
  const order = page
    .getByRole("list", { name: "Your orders" })
    .getByRole("listitem")
    .filter({ hasText: listing.title })
    .first();
  await expect(order).toContainText("Paid");
  await expect(order).toContainText("Quantity: 2");
  await buyer.close();

  await sellerPage.goto("/my/selling");
  const sold = sellerPage.getByRole("list", { name: "Sold items" });
  const sale = sold.getByRole("listitem").filter({ hasText: listing.title }).first();
  await expect(sale).toContainText("Paid");
  await expect(sale).toContainText("$170.00");
  await expect(sale).toContainText(buyer.username);
  await seller.close();
});

test("the seller's automatic amounts accept and decline offers at once, set in the edit form", async ({
  browser,
}) => {
  test.setTimeout(bound(180_000));
  const seller = await newPerson(browser, "autoseller");
  const buyer = await newPerson(browser, "autobuyer");
  const listing = await listThroughApi(seller.page, {
    title: "Steel pan, tenor",
    priceCents: 10_000,
    quantity: 1,
  });

  // The seller allows offers in the edit form, with an accept and a decline amount.
  const sellerPage = seller.page;
  await sellerPage.goto(`/listing/${listing.id}/edit`);
  await sellerPage.getByLabel("Allow offers").check();
  await sellerPage.getByLabel("Automatically accept offers of (optional)").fill("90");
  await sellerPage.getByLabel("Automatically decline offers below (optional)").fill("95");
  await sellerPage.getByRole("button", { name: "Save changes" }).click();
  await expect(
    sellerPage.getByText("The automatic decline amount must be below the automatic accept amount"),
  ).toBeVisible();
  await sellerPage.getByLabel("Automatically decline offers below (optional)").fill("50");
  await expectNoSeriousA11yViolations(sellerPage);
  await sellerPage.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(sellerPage, "Your listing has been updated.")).toBeVisible();
  await expect(
    sellerPage.getByRole("list", { name: "Your listings" }).getByRole("listitem").filter({
      hasText: listing.title,
    }),
  ).toContainText("Buy It Now or Best Offer");

  // An offer below the decline amount is declined at once; the buyer may offer again.
  const page = buyer.page;
  await page.goto(`/listing/${listing.id}`);
  await makeOffer(page, { amount: "40" });
  await expect(toast(page, "The seller declined this offer automatically.")).toBeVisible();
  await expect(buyBox(page)).toContainText("Offer declined");
  await expect(buyBox(page)).toContainText("You can make 2 more offers on this item.");

  // One at or above the accept amount is accepted at once: Pay now.
  await makeOffer(page, { amount: "92.50", message: "For my daughter's band." });
  await expect(toast(page, "Offer accepted")).toBeVisible();
  await expect(buyBox(page)).toContainText("Agreed at US $92.50");
  await expect(buyBox(page).getByRole("link", { name: "Pay now" })).toHaveAttribute(
    "href",
    /\/checkout\?order=/,
  );
  await expectNoSeriousA11yViolations(page);

  // The seller's offers page shows both answers; the seller viewing the listing has no Make offer.
  await sellerPage.goto("/my/selling/offers");
  const offers = sellerPage.getByRole("list", { name: "Offers on your listings" });
  await expect(offers.getByRole("listitem").filter({ hasText: "$92.50" })).toContainText(
    "Accepted",
  );
  await expect(offers.getByRole("listitem").filter({ hasText: "$40.00" })).toContainText(
    "Declined",
  );
  await sellerPage.goto(`/listing/${listing.id}`);
  await expect(sellerPage.getByText("This is your listing")).toBeVisible();
  await expect(sellerPage.getByRole("button", { name: "Make offer" })).toHaveCount(0);
  await buyer.close();
  await seller.close();
});

test("a visitor's Make offer asks them to sign in first, and Accepts offers filters the listings", async ({
  page,
  browser,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson(browser, "filterseller");
  const listing = await listThroughApi(seller.page, {
    title: "Calabash bowl",
    priceCents: 3_000,
    acceptsOffers: true,
  });
  await seller.close();

  await page.goto(`/listing/${listing.id}`);
  await buyBox(page).getByRole("button", { name: "Make offer" }).click();
  await expect(toast(page, "Please login to make an offer.")).toBeVisible();
  await expect(page.getByRole("dialog").getByText("Sign in to make your offer.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto(`/listings?search=${encodeURIComponent(listing.title)}`);
  const filters = page.getByRole("complementary", { name: "Filters" });
  await filters.getByRole("checkbox", { name: "Accepts offers" }).check();
  await expect(page).toHaveURL(/acceptsOffers=true/);
  const card = page.getByRole("article").filter({ hasText: listing.title });
  await expect(card).toContainText("or Best Offer");
});
