import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";

// Issue 26: the admin area's money pages on the demo data (server/seed/seed-ledger.ts posts its
// recent sales, a paid and a failed payout). Read only: other specs share the demo data.

const ADMIN = "admin@demo.tradewinds.test";

test("an admin reads revenue, the failed payout first, and an order's ledger @phone", async ({
  signedIn,
}) => {
  const admin = await signedIn(ADMIN);
  const page = admin.page;
  await page.goto("/admin/money");
  await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();

  const revenue = page.getByRole("region", { name: "Platform revenue" });
  await expect(revenue.getByRole("table")).toBeVisible();
  await page.getByLabel("Show by", { exact: true }).selectOption("month");
  await expect(revenue.getByRole("rowheader").first()).toHaveText(/^\d{4}-\d{2}$/);

  const payouts = page.getByRole("region", { name: "Payouts", exact: true });
  const firstRow = payouts.getByRole("row").nth(1);
  await expect(firstRow).toContainText("Failed");
  await expect(firstRow).toContainText("no_account");
  await expect(firstRow.getByRole("button", { name: /^Hold payouts of / })).toBeVisible();
  await expect(page.getByText("No seller's payouts are on hold.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The refunded demo order: its sale, the refund and the refund sent, each balanced.
  const orders = await page.request.get("/api/admin/orders?q=keisha");
  expect(orders.ok()).toBe(true);
  const cancelled = ((await orders.json()).items as { id: string; status: string }[]).find(
    (o) => o.status === "cancelled",
  );
  expect(cancelled).toBeTruthy();
  await page.goto(`/admin/orders/${cancelled?.id}`);
  const ledger = page.getByRole("region", { name: "Ledger" });
  await expect(ledger.getByRole("heading", { level: 3 })).toHaveCount(3);
  await expect(ledger.getByRole("heading", { level: 3 }).first()).toContainText("sale");
  await expectNoSeriousA11yViolations(page);
});
