import { request as playwrightRequest } from "@playwright/test";
import { apiPost } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana Ruiz" };

test("a seller makes an API token in settings, lists their sales with it from a script, and revokes it @phone", async ({
  newPerson,
  listSomething,
  baseURL,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("toksel");
  const buyer = await newPerson("tokbuy");
  const title = `Mahogany salad bowl ${Date.now().toString(36)}`;
  const listing = await listSomething(seller, { title, titleAsIs: true, priceCents: 3_800 });
  // The sale itself is not this story: bought and paid through the API.
  const checkout = await apiPost(buyer.page, "/api/checkout", {
    lines: [{ listingId: listing.id, quantity: 1 }],
  });
  expect(checkout.status()).toBe(201);
  const { orderId, redirectUrl } = (await checkout.json()) as {
    orderId: string;
    redirectUrl: string;
  };
  const session = redirectUrl.split("/pay/sandbox/")[1];
  expect(
    (await apiPost(buyer.page, `/api/payments/sandbox/sessions/${session}/pay`, CARD)).ok(),
  ).toBe(true);

  // In account settings: name it, give it the orders scope, 30 days.
  const page = seller.page;
  await page.goto("/account/settings");
  const section = page.getByRole("region", { name: "API tokens" });
  await expect(section.getByText("You have no API tokens.")).toBeVisible();
  await section.getByLabel("Token name").fill("Sales sync");
  await section.getByRole("checkbox", { name: "read", exact: true }).uncheck();
  await section.getByRole("button", { name: "Create token" }).click();
  await expect(section.getByText("Choose at least one scope")).toBeVisible();
  await section.getByRole("checkbox", { name: "orders", exact: true }).check();
  await section.getByLabel("Expires after").selectOption({ label: "30 days" });
  await section.getByRole("button", { name: "Create token" }).click();

  // Shown once, with Copy and the warning.
  const shown = section.getByRole("region", { name: "Your new token “Sales sync”" });
  await expect(shown).toContainText("Copy it now: you won't be able to see it again.");
  await expect(shown.getByRole("button", { name: "Copy token" })).toBeVisible();
  const secret = await shown.getByLabel("API token").inputValue();
  expect(secret).toMatch(/^tw_pat_/);
  const row = section.getByRole("listitem", { name: "Sales sync" });
  await expect(row).toContainText("orders");
  await expect(row).toContainText("Never used");
  await expect(row).toContainText(`…${secret.slice(-4)}`);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  await expect(section.getByText(secret)).toHaveCount(0);

  // From outside the browser: no cookies, only the Authorization header.
  const script = await playwrightRequest.newContext({ baseURL });
  const sales = await script.get("/api/me/sales", {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(sales.status()).toBe(200);
  const page1 = (await sales.json()) as { items: { orderId: string; title: string }[] };
  expect(page1.items.map((s) => s.orderId)).toContain(orderId);
  // Without the orders scope nothing else opens: the cart takes no token.
  const cart = await script.get("/api/me/cart", { headers: { authorization: `Bearer ${secret}` } });
  expect(cart.status()).toBe(403);
  // Node's own fetch does the same.
  const viaFetch = await fetch(`${baseURL}/api/me/sales`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(viaFetch.status).toBe(200);

  // The list shows its use; Revoke, and the script is refused at once.
  await page.reload();
  await expect(row).toContainText("Last used");
  await row.getByRole("button", { name: "Revoke Sales sync" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this token?" });
  await expect(confirm).toContainText("stops working at once");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: "Revoke Sales sync" })).toHaveCount(0);

  const after = await script.get("/api/me/sales", {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect(after.status()).toBe(401);
  expect(((await after.json()) as { error: { message: string } }).error.message).toBe(
    "This API token has been revoked.",
  );
  await script.dispose();
});
