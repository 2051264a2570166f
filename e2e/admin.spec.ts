import type { Page } from "@playwright/test";
import { apiPost, createConfirmedAccount } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

// Issue 19: reports reach the moderators' queue, and staff act on them in the admin area. Every
// test that changes something uses fresh accounts and listings: other specs share the demo data.

const MODERATOR = "moderator@demo.tradewinds.test";
const ADMIN = "admin@demo.tradewinds.test";
const THANKS = "Thanks. Our moderators will review your report.";

const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

/** The story's fixed-price listings, under the titles the story reads. */
const ADMIN_LISTING = { titleAsIs: true, priceCents: 5_400, quantity: 2 };

interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
}

test("a buyer reports a listing, a moderator removes it from the queue, the seller is emailed and the listing leaves search", async ({
  newPerson,
  signedIn,
  listSomething,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("repsel");
  const buyer = await newPerson("repbuy");
  const title = `Mahogany mask ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...ADMIN_LISTING, title })).id;

  // The buyer reports it from the listing page.
  await buyer.page.goto(`/listing/${listingId}`);
  await buyer.page.getByRole("button", { name: "Report this listing" }).click();
  const dialog = buyer.page.getByRole("dialog", { name: "Report this listing" });
  await expect(dialog).toBeVisible();
  // No reason yet: the dialog says so and sends nothing.
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose a reason");
  await dialog.getByRole("radio", { name: "Counterfeit" }).check();
  await dialog
    .getByLabel("Comment (optional)")
    .fill("The same mask is sold as an original elsewhere.");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(buyer.page, THANKS)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The moderator finds it in the open queue, takes it and removes the listing with a reason.
  const moderator = await signedIn(MODERATOR);
  await moderator.page.goto("/admin/reports");
  await expect(moderator.page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  const report = moderator.page.getByRole("article").filter({ hasText: title });
  await expect(report).toBeVisible();
  await expect(report.getByText("The same mask is sold as an original elsewhere.")).toBeVisible();
  await expect(report.getByRole("heading", { name: "Listing: Counterfeit" })).toBeVisible();
  await report.getByRole("button", { name: "Assign to me" }).click();
  await expect(toast(moderator.page, "The report is yours: find it under Assigned.")).toBeVisible();
  await expect(report).toHaveCount(0);
  await moderator.page.getByRole("link", { name: "Assigned" }).click();
  await expect(report.getByText("to you")).toBeVisible();

  await report.getByRole("button", { name: "Remove listing" }).click();
  const confirm = moderator.page.getByRole("dialog", { name: "Remove listing" });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(moderator.page);
  // A reason is required.
  await confirm.getByRole("button", { name: "Remove listing" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Please give a reason");
  const reason = "Counterfeit goods are not allowed on Tradewinds.";
  await confirm.getByLabel("Reason (sent to the user)").fill(reason);
  await confirm.getByRole("button", { name: "Remove listing" }).click();
  await expect(toast(moderator.page, "Report resolved: listing removed.")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(moderator.page.getByRole("article").filter({ hasText: title })).toHaveCount(0);

  // It is under Resolved, with what was done and why.
  await moderator.page.getByRole("link", { name: "Resolved" }).click();
  const resolved = moderator.page.getByRole("article").filter({ hasText: title });
  await expect(resolved.getByText("Listing removed", { exact: false })).toBeVisible();
  await expect(resolved.getByText(reason)).toBeVisible();

  // The seller is emailed the reason.
  await expect
    .poll(
      async () => {
        const response = await seller.page.request.get("/api/dev/outbox");
        const { items } = (await response.json()) as { items: OutboxEmail[] };
        return items.some(
          (email) =>
            email.to === seller.email && email.text.includes(title) && email.text.includes(reason),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Gone from search and from its page.
  await buyer.page.goto(`/listings?search=${encodeURIComponent(title)}`);
  // The search may match other listings on a word; this one is not among them.
  await expect(buyer.page.getByText(/items? found|No listings found/).first()).toBeVisible();
  await expect(buyer.page.getByRole("link", { name: title })).toHaveCount(0);
  await buyer.page.goto(`/listing/${listingId}`);
  await expect(buyer.page.getByRole("heading", { name: title })).toHaveCount(0);

  // The seller sees why on /my/selling.
  await seller.page.goto("/my/selling");
  const row = seller.page.getByRole("listitem").filter({ hasText: title });
  await expect(row.getByText("Removed by a moderator.")).toBeVisible();
  await expect(row.getByText(reason)).toBeVisible();

  // Such emails cannot be turned off: the settings show them on, and locked.
  await seller.page.goto("/account/settings");
  const removedEmail = seller.page.getByRole("checkbox", { name: "Email for Listing removed" });
  await expect(removedEmail).toBeChecked();
  await expect(removedEmail).toBeDisabled();

  await Promise.all([seller.close(), buyer.close(), moderator.close()]);
});

test("a visitor reports a listing on a phone: sign in first, then the report goes @phone", async ({
  page,
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(90_000));
  const seller = await newPerson("phsel");
  const title = `Calabash bowl ${Date.now().toString(36)}`;
  const listingId = (await listSomething(seller, { ...ADMIN_LISTING, title })).id;
  const reporter = await createConfirmedAccount(page, "phrep");

  await page.goto(`/listing/${listingId}`);
  await page.getByRole("button", { name: "Report this listing" }).click();
  await expect(toast(page, "Please login to report this.")).toBeVisible();
  const modal = page.getByRole("dialog", { name: "Sign in to Tradewinds" });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Email").fill(reporter.email);
  await modal.getByLabel("Password", { exact: true }).fill(reporter.password);
  await modal.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(modal).toBeHidden();

  // The report carries on after signing in.
  const dialog = page.getByRole("dialog", { name: "Report this listing" });
  await expect(dialog).toBeVisible();
  for (const reason of ["Prohibited item", "Counterfeit", "Misleading", "Offensive", "Other"]) {
    await expect(dialog.getByRole("radio", { name: reason })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("radio", { name: "Misleading" }).check();
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, THANKS)).toBeVisible();

  // The seller's store has its own Report, with the user reasons.
  await page.goto(`/listing/${listingId}`);
  await page.getByRole("link", { name: seller.username }).first().click();
  await page.getByRole("button", { name: "Report", exact: true }).click();
  const storeDialog = page.getByRole("dialog", { name: `Report ${seller.username}` });
  await storeDialog.getByRole("radio", { name: "Scam or fraud" }).check();
  await storeDialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, THANKS)).toBeVisible();

  // A seller has no Report on their own listing.
  await seller.page.goto(`/listing/${listingId}`);
  await expect(seller.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(seller.page.getByRole("button", { name: "Report this listing" })).toHaveCount(0);

  await seller.close();
});

test("the admin area is staff only: an ordinary user gets Page Not Found and no Admin entry", async ({
  newPerson,
}) => {
  const user = await newPerson("noadm");
  await user.page.goto("/admin/reports");
  await expect(user.page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await user.page.getByRole("button", { name: `Hi, ${user.username}` }).click();
  await expect(user.page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await user.close();
});

// Each page of the admin area is checked by axe once its data has loaded; one test a few pages,
// so that a slow machine's axe runs do not add up against a single test's time.
const ADMIN_PAGES = [
  ["Reports", "Reports"],
  ["Users", "Users"],
  ["Listings", "Listings"],
  ["Orders", "Orders"],
  ["Audit log", "Audit log"],
  ["Listing rules", "Listing rules"],
] as const;

test("an admin opens the area from the account menu: the dashboard is accessible", async ({
  signedIn,
}) => {
  const admin = await signedIn(ADMIN);
  const { page } = admin;
  await page.goto("/");
  await page.getByRole("button", { name: "Hi, admin" }).click();
  await page.getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("img", { name: /New users per day/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await admin.close();
});

for (const pages of [ADMIN_PAGES.slice(0, 3), ADMIN_PAGES.slice(3)]) {
  test(`the admin pages ${pages.map(([link]) => link).join(", ")} are accessible`, async ({
    signedIn,
  }) => {
    test.setTimeout(bound(90_000));
    const admin = await signedIn(ADMIN);
    const { page } = admin;
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Admin" });
    for (const [link, heading] of pages) {
      await nav.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    }
    await admin.close();
  });
}

test("an admin finds a user, warns them with a reason, and the warning is in the audit log", async ({
  newPerson,
  signedIn,
}) => {
  test.setTimeout(bound(90_000));
  const user = await newPerson("warned");
  const admin = await signedIn(ADMIN);
  const { page } = admin;
  await page.goto("/admin/users");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await page.getByLabel("Search users").fill(user.username);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: user.username, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: user.username })).toBeVisible();
  await expect(page.getByLabel("Staff role", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Warn" }).click();
  const warn = page.getByRole("dialog", { name: "Warn user" });
  await warn.getByLabel("Reason (sent to the user)").fill("Please keep messages civil.");
  await warn.getByRole("button", { name: "Warn" }).click();
  await expect(toast(page, "Warning sent.")).toBeVisible();
  await nav.getByRole("link", { name: "Audit log" }).click();
  const entry = page.getByRole("row").filter({ hasText: "Please keep messages civil." });
  await expect(entry.getByRole("cell", { name: "User warned" })).toBeVisible();
  await Promise.all([user.close(), admin.close()]);
});

test("a moderator sees the rules but cannot change them, and has no staff role select", async ({
  newPerson,
  signedIn,
}) => {
  const user = await newPerson("modview");
  const moderator = await signedIn(MODERATOR);
  const { page } = moderator;
  await page.goto("/admin/rules");
  await expect(page.getByRole("heading", { level: 1, name: "Listing rules" })).toBeVisible();
  await expect(page.getByText("Only an admin can change the rules.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add word" })).toHaveCount(0);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(user.username);
  await page.getByRole("main").getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: user.username, exact: true }).click();
  await expect(page.getByRole("button", { name: "Suspend" })).toBeVisible();
  await expect(page.getByLabel("Staff role", { exact: true })).toHaveCount(0);
  await Promise.all([user.close(), moderator.close()]);
});

test("a listing that matches a rule is held: the seller is told why, and a moderator approves it", async ({
  newPerson,
  signedIn,
}) => {
  test.setTimeout(bound(120_000));
  // A word of this test's own, so that no other listing is held by it.
  const word = `tortoiseshell${Date.now().toString(36)}`;
  const admin = await signedIn(ADMIN);
  await admin.page.goto("/admin/rules");
  await admin.page.getByLabel("Word or phrase").fill(word);
  await admin.page.getByRole("button", { name: "Add word" }).click();
  await expect(toast(admin.page, `Rule "${word}" added.`)).toBeVisible();

  // The seller lists through the wizard and hears at once that it waits for review.
  const seller = await newPerson("heldsel");
  const { page } = seller;
  const title = `Vintage ${word} comb`;
  await page.goto("/sell/create");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Handicrafts" });
  await page.getByLabel("Territory").selectOption({ label: "Jamaica" });
  await page.getByLabel("Condition").selectOption({ label: "Like New" });
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("textbox", { name: "Description" }).fill("An old comb from Kingston.");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Price", { exact: true }).fill("25");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Shipping price").fill("0");
  await page.getByRole("button", { name: "List it now" }).click();
  await expect(toast(page, "Your listing is held for review before it goes live.")).toBeVisible();
  await expect(toast(page, `Contains "${word}"`)).toBeVisible();
  await expect(toast(page, "Listing created successfully!")).toHaveCount(0);
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(
    row.getByText("Held for review: not public until a moderator approves it."),
  ).toBeVisible();

  // A moderator finds it among the held listings and approves it.
  const moderator = await signedIn(MODERATOR);
  await moderator.page.goto("/admin/listings?moderation=held");
  await moderator.page.getByRole("button", { name: `Approve ${title}` }).click();
  const approve = moderator.page.getByRole("dialog", { name: `Approve listing: ${title}` });
  await approve.getByLabel("Reason (sent to the user)").fill("Checked: it is a plastic replica.");
  await approve.getByRole("button", { name: "Approve" }).click();
  await expect(toast(moderator.page, "Listing approved.")).toBeVisible();

  await page.reload();
  await expect(row).toBeVisible();
  await expect(row.getByText("Held for review", { exact: false })).toHaveCount(0);

  // The admin deletes the rule again.
  await admin.page.reload();
  await admin.page.getByRole("button", { name: `Delete rule ${word}` }).click();
  await expect(toast(admin.page, `Rule "${word}" deleted.`)).toBeVisible();
  await expect(admin.page.getByRole("button", { name: `Delete rule ${word}` })).toHaveCount(0);

  await Promise.all([admin.close(), seller.close(), moderator.close()]);
});

test("a removed listing says Removed in the seller's Selling, and a removed auction's leader is told it was cancelled", async ({
  newPerson,
  signedIn,
  listSomething,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("rmsel");
  const buyer = await newPerson("rmbuy");
  const moderator = await signedIn(MODERATOR);
  const stamp = Date.now().toString(36);
  const fixedTitle = `Calabash bowl ${stamp}`;
  const fixedId = (await listSomething(seller, { ...ADMIN_LISTING, title: fixedTitle })).id;
  // An auction with no reserve that the buyer leads when the moderator removes it.
  const auctionTitle = `Carved drum ${stamp}`;
  const listed = await apiPost(seller.page, "/api/listings", {
    kind: "auction",
    title: auctionTitle,
    category: "handicrafts",
    territory: "jamaica",
    condition: "good",
    description: "A goatskin drum carved in Port Antonio.",
    priceCents: 2_000,
    durationDays: 7,
    quantity: 1,
    shippingCents: 0,
  });
  expect(listed.status(), await listed.text()).toBe(201);
  const auctionId = ((await listed.json()) as { id: string }).id;
  const bid = await apiPost(buyer.page, `/api/listings/${auctionId}/bids`, { amountCents: 2_000 });
  expect(bid.status(), await bid.text()).toBe(201);

  const reason = "Listed in the wrong place.";
  for (const id of [fixedId, auctionId]) {
    const removed = await apiPost(moderator.page, `/api/admin/listings/${id}/remove`, { reason });
    expect(removed.status(), await removed.text()).toBe(200);
  }

  // The seller's Selling says Removed, not a green Active.
  await seller.page.goto("/my/selling");
  const row = seller.page.getByRole("listitem").filter({ hasText: fixedTitle });
  await expect(row.getByText("Removed by a moderator.")).toBeVisible();
  await expect(row.getByText("Removed", { exact: true })).toBeVisible();
  await expect(row.getByText("Active", { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(seller.page);

  // Restored, the auction stays ended; its leader hears it was cancelled, not that a reserve
  // (it has none) was missed.
  const restored = await apiPost(moderator.page, `/api/admin/listings/${auctionId}/restore`, {
    reason: "Moved back after review.",
  });
  expect(restored.status(), await restored.text()).toBe(200);
  await buyer.page.goto(`/listing/${auctionId}`);
  await expect(buyer.page.getByRole("heading", { name: auctionTitle })).toBeVisible();
  await expect(
    buyer.page.getByText("This auction was removed by a moderator and ended without a winner."),
  ).toBeVisible();
  await expect(buyer.page.getByText("The reserve price was not met", { exact: false })).toHaveCount(
    0,
  );

  await Promise.all([seller.close(), buyer.close(), moderator.close()]);
});

test("on a 390 px phone no admin page scrolls sideways: wide tables scroll in their own box", async ({
  newPerson,
  signedIn,
}) => {
  test.setTimeout(bound(120_000));
  const admin = await signedIn(ADMIN);
  const { page } = admin;
  // The audit log has at least this entry to show.
  const user = await newPerson("narrow");
  const me = (await (await user.page.request.get("/api/auth/session")).json()) as {
    user: { id: string };
  };
  const warned = await apiPost(page, `/api/admin/users/${me.user.id}/warn`, {
    reason: "Please answer buyers' questions within two days of being asked.",
  });
  expect(warned.status(), await warned.text()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  const pageOverflow = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  const paths = ["/admin", ...ADMIN_PAGES.map(([link]) => link)];
  for (const [index, link] of paths.entries()) {
    if (index === 0) await page.goto("/admin");
    else {
      await page.getByRole("button", { name: /admin menu/ }).click();
      await page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: link })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: link })).toBeVisible();
    }
    await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await pageOverflow(), `${link} overflows the page`).toBe(0);
  }
  // The detail pages of a user and of an order hold tables too.
  await page.goto("/admin/orders");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
  expect(await pageOverflow(), "an order's page overflows").toBe(0);
  await page.goto("/admin/users?search=keisha");
  await page.getByRole("link", { name: "keisha", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /keisha/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
  expect(await pageOverflow(), "a user's page overflows").toBe(0);
  await Promise.all([admin.close(), user.close()]);
});

test("a reported conversation with a very long word wraps in the report at desktop and phone widths", async ({
  newPerson,
  signedIn,
}) => {
  test.setTimeout(bound(90_000));
  const reporter = await newPerson("lwrep");
  const other = await newPerson("lwoth");
  const otherId = (
    (await (await other.page.request.get("/api/auth/session")).json()) as { user: { id: string } }
  ).user.id;
  // One unbroken word of 150 letters: break-words alone lets it widen a grid or flex parent.
  const word = `Spam${"m".repeat(146)}`;
  const started = await apiPost(reporter.page, "/api/me/conversations", {
    recipientId: otherId,
    text: "Hello, is this still for sale?",
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  const replied = await apiPost(other.page, `/api/me/conversations/${conversation.id}/messages`, {
    text: word,
  });
  expect(replied.ok(), await replied.text()).toBe(true);
  const reported = await apiPost(
    reporter.page,
    `/api/me/conversations/${conversation.id}/reports`,
    {
      reason: "spam",
      comment: word,
    },
  );
  expect(reported.status(), await reported.text()).toBe(201);
  const { id } = (await reported.json()) as { id: string };

  const moderator = await signedIn(MODERATOR);
  const { page } = moderator;
  /** At each width: nothing to scroll sideways to, and the message and comment inside the card. */
  const fits = async (where: string) => {
    const card = page.getByRole("article").filter({ hasText: word });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
      await expect(card.getByRole("list", { name: "Latest messages" })).toContainText(word);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);
      const cardBox = await card.boundingBox();
      for (const text of [
        card.getByRole("listitem").filter({ hasText: word }),
        card.locator("blockquote"),
      ]) {
        const box = await text.boundingBox();
        expect(box && cardBox && box.x + box.width).toBeLessThanOrEqual(
          (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
        );
      }
      await page.screenshot({
        path: test.info().outputPath(`report-long-word-${where}-${width}.png`),
      });
    }
  };

  // The report's own page, then the queue (under Assigned once the moderator takes it).
  await page.goto(`/admin/reports/${id}`);
  await fits("page");
  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(toast(page, "The report is yours: find it under Assigned.")).toBeVisible();
  await page.goto("/admin/reports?status=assigned");
  await fits("queue");
  await Promise.all([reporter.close(), other.close(), moderator.close()]);
});
