import type { Page } from "@playwright/test";
import { finalValueFeeCents } from "../core/fees";
import { formatMoney } from "../core/money";
import { apiPost } from "./fixtures/accounts";
import { buyThroughThePages } from "./fixtures/checkout";
import { bound, expect, test } from "./fixtures/test";

/** Item plus shipping is what the final value fee is charged on. */
const PRICE_CENTS = 4_500;
const SHIPPING_CENTS = 500;
const SALE_CENTS = PRICE_CENTS + SHIPPING_CENTS;
const FEE_CENTS = finalValueFeeCents(SALE_CENTS);
const NET_CENTS = SALE_CENTS - FEE_CENTS;

/** The seller's balances as the summary API answers them. */
async function summary(page: Page): Promise<{ availableCents: number; pendingCents: number }> {
  const response = await page.request.get("/api/my/payments/summary");
  expect(response.status()).toBe(200);
  return response.json();
}

/** The summary's balance cards on /my/payments. */
function balance(page: Page, name: "available" | "pending" | "on-hold") {
  return page.getByRole("region", { name: "Summary" }).getByTestId(`balance-${name}`);
}

/**
 * Moves the server's money clock on (MONEY_CLOCK=settable, e2e/fixtures/server-env.ts) and runs
 * the money jobs at once. The clock is the whole server's and only moves forward: stories that run
 * beside this one see later money dates, which no other story reads.
 */
async function timePasses(page: Page, days: number) {
  const moved = await apiPost(page, "/api/dev/clock", { advanceDays: days });
  expect(moved.status(), await moved.text()).toBe(200);
  const run = await apiPost(page, "/api/dev/money/run", {});
  expect(run.status(), await run.text()).toBe(200);
  return (await run.json()) as { now: string; jobs: Record<string, number> };
}

test("a buyer pays; the seller sees the sale pending with its fee, ships it, is paid out once the hold ends, and a refund after the payout is made up by the next sale", async ({
  newPerson,
  signedIn,
  listSomething,
}, testInfo) => {
  test.setTimeout(bound(180_000));
  const seller = await newPerson("paysel");
  const buyer = await newPerson("paybuy");
  const title = `Woven grass hat ${Date.now().toString(36)}`;
  const listingId = (
    await listSomething(seller, {
      titleAsIs: true,
      title,
      territory: "barbados",
      priceCents: PRICE_CENTS,
      quantity: 2,
      shippingCents: SHIPPING_CENTS,
    })
  ).id;
  const orderId = await buyThroughThePages(buyer.page, listingId);
  const number = orderId.slice(0, 8);

  // In Selling, the sale says what the seller earns, with its fee line.
  await seller.page.goto("/my/selling");
  const sale = seller.page
    .getByRole("region", { name: "Sold" })
    .getByRole("listitem", { name: `Order #${number}: ${title}` });
  const earnings = sale.getByTestId("sale-earnings");
  await expect(earnings).toContainText(`You earn ${formatMoney(NET_CENTS)}`);
  await expect(earnings).toContainText(`Sale (item and shipping)${formatMoney(SALE_CENTS)}`);
  await expect(earnings).toContainText(`Final value fee−${formatMoney(FEE_CENTS)}`);
  await sale.screenshot({ path: testInfo.outputPath("selling-you-earn.png") });
  // Selling says the money waits for the payout setup.
  await expect(
    seller.page.getByText("The money from your sales waits until you set up payouts."),
  ).toBeVisible();

  // /my/payments: the money is pending, and the seller is told why it will wait.
  await seller.page.getByRole("link", { name: "Payments and payouts" }).click();
  await expect(seller.page).toHaveURL(/\/my\/payments$/);
  await expect(balance(seller.page, "pending")).toContainText(formatMoney(NET_CENTS));
  await expect(balance(seller.page, "available")).toContainText(formatMoney(0));
  await expect(seller.page.getByTestId("waiting-reason")).toHaveText(
    "Finish setting up payouts to get paid.",
  );
  await seller.page.screenshot({
    path: testInfo.outputPath("summary-pending.png"),
    fullPage: true,
  });

  // The transactions list the sale with its gross and fee; the filters really filter.
  await seller.page
    .getByRole("navigation", { name: "Payments sections" })
    .getByRole("link", { name: "Transactions" })
    .click();
  const list = seller.page.getByRole("list", { name: "Transactions" });
  const line = list.getByRole("listitem").filter({ hasText: `#${number}` });
  await expect(line).toContainText(`Sale: ${title}`);
  await expect(line).toContainText(
    `${formatMoney(SALE_CENTS)} sale − ${formatMoney(FEE_CENTS)} final value fee`,
  );
  await expect(line).toContainText(formatMoney(NET_CENTS));
  await seller.page.getByLabel("Type").selectOption("refund");
  await expect(seller.page).toHaveURL(/kind=refund/);
  await expect(seller.page.getByText("No transactions match these filters.")).toBeVisible();
  await seller.page.getByLabel("Type").selectOption("sale");
  await expect(line).toBeVisible();
  const csv = seller.page.getByRole("link", { name: "Download CSV" });
  await expect(csv).toHaveAttribute("href", "/api/my/payments/transactions.csv?kind=sale");
  const download = await seller.page.request.get("/api/my/payments/transactions.csv?kind=sale");
  expect(download.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(await download.text()).toContain(`Sale: ${title}`);
  await seller.page.screenshot({ path: testInfo.outputPath("transactions.png"), fullPage: true });

  // The seller ships it with tracking: the hold period starts (14 days for a new seller).
  await seller.page.goto("/my/selling");
  await sale.getByRole("button", { name: "Mark as shipped" }).click();
  const ship = seller.page.getByRole("dialog", { name: "Mark as shipped" });
  await ship.getByLabel("Carrier", { exact: true }).selectOption({ label: "UPS" });
  await ship.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await ship.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(ship).toBeHidden();
  await expect(sale).toContainText("Shipped");

  // A day on, nothing is due yet; past the hold, the money job makes it available.
  await timePasses(seller.page, 1);
  await seller.page.goto("/my/payments");
  await expect(balance(seller.page, "pending")).toContainText(formatMoney(NET_CENTS));
  const ran = await timePasses(seller.page, 14);
  expect(ran.jobs.released).toBeGreaterThanOrEqual(1);
  await seller.page.reload();
  await expect(balance(seller.page, "available")).toContainText(formatMoney(NET_CENTS));
  await expect(balance(seller.page, "pending")).toContainText(formatMoney(0));
  await seller.page.screenshot({
    path: testInfo.outputPath("summary-available.png"),
    fullPage: true,
  });

  // The statement of the sale's month lists it, printable.
  await seller.page
    .getByRole("navigation", { name: "Payments sections" })
    .getByRole("link", { name: "Statements" })
    .click();
  const statement = seller.page.getByRole("region", { name: /^Statement for / });
  await expect(statement.getByRole("table")).toContainText(`Sale: ${title}`);
  await expect(statement.getByRole("button", { name: "Print" })).toBeVisible();

  // The seller sets up payouts on the sandbox's own form (Stripe's test number that succeeds).
  const sections = seller.page.getByRole("navigation", { name: "Payments sections" });
  await sections.getByRole("link", { name: "Payout settings" }).click();
  const bank = seller.page.getByRole("form", { name: "Your bank account" });
  await bank.getByLabel("Account holder's name").fill("Keisha Baptiste");
  await bank.getByLabel("Bank name").fill("Republic Bank");
  await bank.getByLabel("Account number").fill("000123456789");
  await bank.getByLabel("Routing number").fill("110000000");
  await bank.getByRole("button", { name: "Save bank account" }).click();
  await expect(seller.page.getByText("Your bank account is saved.")).toBeVisible();

  // The payout run pays the available balance (the dev run, or the server's own every minute):
  // on its way to the account ending 6789, then arrived two days on.
  await timePasses(seller.page, 0);
  await sections.getByRole("link", { name: "Payouts" }).click();
  const payouts = seller.page.getByRole("list", { name: "Payouts" });
  const payout = payouts.getByRole("listitem").filter({ hasText: formatMoney(NET_CENTS) });
  await expect(payout).toContainText("On its way");
  await expect(payout).toContainText("ending 6789");
  await timePasses(seller.page, 2);
  await seller.page.reload();
  await expect(payout).toContainText("Paid");
  await seller.page.screenshot({ path: testInfo.outputPath("payouts.png"), fullPage: true });
  await sections.getByRole("link", { name: "Summary" }).click();
  await expect(balance(seller.page, "available")).toContainText(formatMoney(0));

  // A refund after the payout: staff refund part of the order, and the seller owes it back.
  const admin = await signedIn("admin@demo.tradewinds.test");
  const refunded = await apiPost(admin.page, `/api/admin/orders/${orderId}/refunds`, {
    amountCents: 2_000,
    reason: "Arrived with a torn brim",
  });
  expect(refunded.status(), await refunded.text()).toBe(201);
  await admin.close();
  const owed = await summary(seller.page);
  expect(owed.availableCents).toBeLessThan(0);
  await seller.page.reload();
  // Shown with a true minus sign.
  await expect(balance(seller.page, "available")).toContainText(
    `\u2212${formatMoney(-owed.availableCents)}`,
  );
  await expect(seller.page.getByTestId("waiting-reason")).toHaveText(
    "Your balance is negative; your next sales make it up.",
  );
  await seller.page.screenshot({
    path: testInfo.outputPath("summary-negative.png"),
    fullPage: true,
  });

  // The next sale makes it up: once released, available is that sale less what was owed, and the
  // next run pays exactly that.
  const next = await buyThroughThePages(buyer.page, listingId);
  await seller.page.goto("/my/selling");
  const nextSale = seller.page
    .getByRole("region", { name: "Sold" })
    .getByRole("listitem", { name: `Order #${next.slice(0, 8)}: ${title}` });
  await nextSale.getByRole("button", { name: "Mark as shipped" }).click();
  await ship.getByLabel("Carrier", { exact: true }).selectOption({ label: "UPS" });
  await ship.getByLabel("Tracking number").fill("1Z999AA10123456785");
  await ship.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(ship).toBeHidden();
  await timePasses(seller.page, 15);
  const recovered = NET_CENTS + owed.availableCents;
  await seller.page.goto("/my/payments?tab=payouts");
  await expect(
    payouts.getByRole("listitem").filter({ hasText: formatMoney(recovered) }),
  ).toContainText(/On its way|Paid/);
  expect((await summary(seller.page)).availableCents).toBe(0);

  await seller.close();
  await buyer.close();
});

test("a seller with no sales finds their way around Payments on a phone @phone", async ({
  newPerson,
}, testInfo) => {
  const seller = await newPerson("payphone");
  const { page } = seller;
  await page.goto("/my/payments");
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await expect(balance(page, "available")).toContainText(formatMoney(0));
  await expect(page.getByTestId("next-payout")).toHaveText("None scheduled");
  await page.screenshot({ path: testInfo.outputPath("phone-summary.png"), fullPage: true });
  const sections = page.getByRole("navigation", { name: "Payments sections" });
  await sections.getByRole("link", { name: "Transactions" }).click();
  await expect(page.getByText("No transactions yet.", { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("phone-transactions.png"), fullPage: true });
  await sections.getByRole("link", { name: "Statements" }).click();
  await expect(page.getByText("Nothing moved your money this month.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("phone-statement.png"), fullPage: true });
  await seller.close();
});
