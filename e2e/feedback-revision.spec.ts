import type { Page } from "@playwright/test";
import { SANDBOX_CARDS } from "../core/contracts/buying";
import { apiPost } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

/** Checks out one of the listing and pays with the sandbox's test card; answers the order id. */
async function buy(page: Page, listingId: string): Promise<string> {
  const checkout = await apiPost(page, "/api/checkout", { lines: [{ listingId, quantity: 1 }] });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { orderId, redirectUrl } = (await checkout.json()) as {
    orderId: string;
    redirectUrl: string;
  };
  const session = redirectUrl.split("/pay/sandbox/")[1];
  const paid = await apiPost(page, `/api/payments/sandbox/sessions/${session}/pay`, {
    cardNumber: SANDBOX_CARDS.success,
    expiry: "12/40",
    cvc: "123",
    name: "Test Buyer",
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return orderId;
}

const profile = (page: Page) => page.getByRole("region", { name: "Feedback profile" });
const timeline = (page: Page) => page.getByRole("list", { name: "Order timeline" });
/** The profile's row of counts for one rating: its 1, 6 and 12 month cells. */
const countsRow = (page: Page, rating: string) =>
  profile(page).getByRole("row", { name: new RegExp(`^${rating}`) });

test("the seller asks from the order page, the buyer revises once, the profile's figures change @phone", async ({
  newPerson,
  listSomething,
}, testInfo) => {
  // Two browsers (seller and buyer), a purchase, five pages with accessibility checks.
  test.setTimeout(bound(150_000));
  const seller = await newPerson("fbrsel");
  const buyer = await newPerson("fbrbuy");
  const title = `Sorrel syrup ${Date.now().toString(36)}`;
  const listingId = (
    await listSomething(seller, { titleAsIs: true, title, priceCents: 1_800, quantity: 3 })
  ).id;
  const orderId = await buy(buyer.page, listingId);
  const shot = (page: Page, name: string) =>
    page.screenshot({
      path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`),
      fullPage: true,
    });

  // The buyer leaves negative feedback from the order's page, with detailed ratings.
  await buyer.page.goto(`/orders/${orderId}`);
  await buyer.page.getByRole("button", { name: "Leave feedback" }).click();
  const leave = buyer.page.getByRole("dialog", { name: "Leave feedback" });
  await leave.getByLabel("Negative").check();
  await leave
    .getByRole("group", { name: "Rate the seller" })
    .locator("label")
    .filter({ hasText: "2 stars (Poor)" })
    .click();
  const detailed = leave.getByRole("group", { name: "Detailed seller ratings (optional)" });
  await detailed
    .getByRole("group", { name: "Item as described" })
    .locator("label")
    .filter({ hasText: "3 stars (OK)" })
    .click();
  await detailed
    .getByRole("group", { name: "Shipping time" })
    .locator("label")
    .filter({ hasText: "1 star (Terrible)" })
    .click();
  await leave.getByLabel("Comment (optional)").fill("Still waiting after two weeks.");
  await expectNoSeriousA11yViolations(buyer.page);
  await leave.screenshot({
    path: testInfo.outputPath(`leave-dialog-${testInfo.project.name}.png`),
  });
  await leave.getByRole("button", { name: "Post feedback" }).click();
  await expect(leave).toBeHidden();
  await expect(buyer.page.getByRole("button", { name: "Revise feedback" })).toHaveCount(0);

  // The seller's profile counts it: no positive of one rated, the negative in every window.
  await seller.page.goto(`/store/${seller.id}`);
  await expect(profile(seller.page)).toContainText("0% positive feedback");
  await expect(countsRow(seller.page, "Negative")).toHaveText(/Negative\s*1\s*1\s*1/);
  await expect(
    profile(seller.page).getByRole("listitem").filter({ hasText: "Item as described" }),
  ).toContainText("Not enough ratings yet (1 of 10)");

  // The seller asks from the order page, once, with a message.
  await seller.page.goto(`/orders/${orderId}`);
  await seller.page.getByRole("button", { name: "Ask buyer to revise feedback" }).click();
  const ask = seller.page.getByRole("dialog", { name: "Ask buyer to revise feedback" });
  await expect(ask).toContainText("You can ask once.");
  await ask
    .getByLabel("Message to the buyer (optional)")
    .fill("It was held at customs; tracking now shows it delivered.");
  await expectNoSeriousA11yViolations(seller.page);
  await ask.getByRole("button", { name: "Send request" }).click();
  await expect(ask).toBeHidden();
  await expect(
    seller.page.getByText(`You asked ${buyer.username} to revise this feedback`),
  ).toBeVisible();
  await expect(
    seller.page.getByRole("button", { name: "Ask buyer to revise feedback" }),
  ).toHaveCount(0);
  await expect(timeline(seller.page)).toContainText(
    `You asked ${buyer.username} to revise their feedback`,
  );
  await shot(seller.page, "seller-order-asked");

  // The buyer hears of it and revises from the order page.
  await buyer.page.goto("/notifications");
  await expect(buyer.page.getByRole("main")).toContainText(
    `${seller.username} asked you to revise your feedback for "${title}".`,
  );
  await buyer.page.goto(`/orders/${orderId}`);
  await expect(
    buyer.page.getByText(`${seller.username} asked you to revise this feedback.`),
  ).toBeVisible();
  await expect(timeline(buyer.page)).toContainText(
    `${seller.username} asked you to revise your feedback`,
  );
  await buyer.page.getByRole("button", { name: "Revise feedback" }).click();
  const revise = buyer.page.getByRole("dialog", { name: "Revise feedback" });
  await expect(revise).toContainText("It was held at customs");
  await revise.getByLabel("Positive").check();
  await revise.locator("label").filter({ hasText: "5 stars (Excellent)" }).click();
  await revise.getByLabel("Comment (optional)").fill("Arrived after all. Thank you!");
  await expectNoSeriousA11yViolations(buyer.page);
  await revise.getByRole("button", { name: "Post revised feedback" }).click();
  await expect(revise).toBeHidden();
  await expect(buyer.page.getByText("Arrived after all. Thank you!")).toBeVisible();
  await expect(buyer.page.getByRole("button", { name: "Revise feedback" })).toHaveCount(0);
  await expect(timeline(buyer.page)).toContainText(
    `You revised your feedback for ${seller.username} to positive`,
  );
  await expectNoSeriousA11yViolations(buyer.page);
  await shot(buyer.page, "buyer-order-revised");

  // The profile's figures follow the revision.
  await seller.page.goto(`/store/${seller.id}`);
  await expect(profile(seller.page)).toContainText("100% positive feedback");
  await expect(countsRow(seller.page, "Positive")).toHaveText(/Positive\s*1\s*1\s*1/);
  await expect(countsRow(seller.page, "Negative")).toHaveText(/Negative\s*0\s*0\s*0/);
  await expect(seller.page.getByRole("region", { name: "Recent feedback" })).toContainText(
    "Revised",
  );
  await expectNoSeriousA11yViolations(seller.page);
  await shot(seller.page, "store-profile");

  await seller.close();
  await buyer.close();
});

test("a demo seller's profile shows detailed rating averages @phone", async ({
  page,
}, testInfo) => {
  test.setTimeout(bound(60_000));
  const found = await (await page.request.get("/api/listings?seller=marisol&pageSize=1")).json();
  const listing = await (await page.request.get(`/api/listings/${found.items[0].id}`)).json();
  const sellerId = listing.seller.id as string;
  await page.goto(`/store/${sellerId}`);
  await expect(profile(page)).toContainText("positive feedback");
  await expect(
    profile(page).getByRole("listitem").filter({ hasText: "Communication" }),
  ).toContainText("out of 5");
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: testInfo.outputPath(`demo-profile-${testInfo.project.name}.png`),
    fullPage: true,
  });
});

test("the seller reports feedback that breaks policy, a moderator removes it from the queue; it stops counting and everyone hears", async ({
  newPerson,
  signedIn,
  listSomething,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("fbxsel");
  const buyer = await newPerson("fbxbuy");
  const title = `Nutmeg grater ${Date.now().toString(36)}`;
  const listingId = (
    await listSomething(seller, { titleAsIs: true, title, priceCents: 1_200, quantity: 2 })
  ).id;
  const orderId = await buy(buyer.page, listingId);
  const details = await (await buyer.page.request.get(`/api/orders/${orderId}/details`)).json();
  const lineId = details.purchase.items[0].lineId as string;
  const left = await apiPost(buyer.page, `/api/orders/${orderId}/lines/${lineId}/feedback`, {
    rating: "negative",
    stars: 1,
    comment: "Call me at 555-0199 for a better deal",
  });
  expect(left.status(), await left.text()).toBe(201);

  // The seller reports it from their store page's feedback list.
  await seller.page.goto(`/store/${seller.id}`);
  const recent = seller.page.getByRole("region", { name: "Recent feedback" });
  await recent.getByRole("button", { name: "Report feedback" }).click();
  const dialog = seller.page.getByRole("dialog", { name: "Report this feedback" });
  await dialog.getByRole("radio", { name: "Personal information" }).check();
  await dialog.getByLabel("Comment (optional)").fill("A phone number to deal off the site.");
  await expectNoSeriousA11yViolations(seller.page);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog).toBeHidden();

  // A moderator finds it in the queue, the feedback shown in place, and removes it.
  const moderator = await signedIn("moderator@demo.tradewinds.test");
  await moderator.page.goto("/admin/reports");
  const report = moderator.page.getByRole("article").filter({ hasText: title });
  await expect(
    report.getByRole("heading", { name: "Feedback: Personal information" }),
  ).toBeVisible();
  await expect(report).toContainText("Call me at 555-0199 for a better deal");
  await report.getByRole("button", { name: "Remove feedback" }).click();
  const confirm = moderator.page.getByRole("dialog", { name: "Remove feedback" });
  await confirm.getByLabel("Reason (sent to the user)").fill("Contact details are not allowed.");
  await expectNoSeriousA11yViolations(moderator.page);
  await confirm.getByRole("button", { name: "Remove feedback" }).click();
  await expect(confirm).toBeHidden();
  await expect(moderator.page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  await moderator.page.goto(`/admin/users/${seller.id}`);
  await expect(moderator.page.getByRole("region", { name: /Feedback received/ })).toContainText(
    "Contact details are not allowed.",
  );

  // The seller's profile and rating no longer count it.
  await seller.page.goto(`/store/${seller.id}`);
  await expect(profile(seller.page)).toContainText(
    "No positive or negative feedback in the last 12 months",
  );
  await expect(countsRow(seller.page, "Negative")).toHaveText(/Negative\s*0\s*0\s*0/);
  await expect(recent).toContainText("No feedback yet.");

  // The buyer hears of the removal, the seller of their report's outcome; the timeline says why.
  await buyer.page.goto("/notifications");
  await expect(buyer.page.getByRole("main")).toContainText(
    `Your feedback for "${title}" was removed by our staff: Contact details are not allowed.`,
  );
  await seller.page.goto("/notifications");
  await expect(seller.page.getByRole("main")).toContainText(
    `We reviewed your report about feedback on "${title}" and took action.`,
  );
  await seller.page.goto(`/orders/${orderId}`);
  await expect(timeline(seller.page)).toContainText("Feedback removed by our staff");
  await expect(seller.page.getByText("Removed by our staff: it no longer counts")).toBeVisible();

  await Promise.all([seller.close(), buyer.close(), moderator.close()]);
});
