import type { Page } from "@playwright/test";
import sharp from "sharp";
import {
  apiPost,
  createConfirmedAccount,
  DEMO_PASSWORD,
  GOOD_PASSWORD,
  linkFromOutbox,
  signInOnLoginPage,
  signInThroughApi,
  uniqueEmail,
} from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { listThroughApi } from "./fixtures/listings";
import { newPerson } from "./fixtures/people";
import { bound, expect, test } from "./fixtures/test";

const DAY = 24 * 3600 * 1000;

/** The toast region (sonner), where the spec's messages appear. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text });

const topStrip = (page: Page) => page.locator("header").first();

test("a visitor registers, confirms the email from the dev outbox and signs in", async ({
  page,
}) => {
  // Seven pages and an axe check: over 30 s on a busy two-core machine.
  test.setTimeout(bound(60_000));
  const { email, username } = uniqueEmail("reg");

  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  const form = page.getByRole("form", { name: "Create an account" });
  await expect(form.getByRole("radio", { name: "Personal account" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: /Send me emails about deals/ })).toBeChecked();
  await expect(page.getByRole("link", { name: "User Agreement" })).toHaveAttribute(
    "href",
    "/user-agreement",
  );
  await expect(page.getByRole("link", { name: "User Privacy Notice" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expectNoSeriousA11yViolations(page);

  // Sending it empty shows the spec's messages on the fields.
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("First name is required")).toBeVisible();
  await expect(form.getByText("Last name is required")).toBeVisible();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();

  await form.getByRole("radio", { name: "Business account" }).check();
  await form.getByLabel("First name").fill("Renée");
  await form.getByLabel("Last name").fill("Joseph");
  await form.getByLabel("Email", { exact: true }).fill(email);

  // The checklist ticks each rule as the password meets it.
  const checklist = form.getByRole("list", { name: "Password requirements" });
  const rule = (label: string) => checklist.getByRole("listitem").filter({ hasText: label });
  const password = form.getByLabel("Password", { exact: true });
  await password.fill("sea");
  await expect(rule("One lowercase letter")).toHaveAttribute("data-met", "true");
  await expect(rule("One uppercase letter")).toHaveAttribute("data-met", "false");
  await expect(rule("At least 8 characters")).toHaveAttribute("data-met", "false");
  await password.fill("Seabreeze");
  await expect(rule("One uppercase letter")).toHaveAttribute("data-met", "true");
  await expect(rule("At least 8 characters")).toHaveAttribute("data-met", "true");
  await expect(rule("One number")).toHaveAttribute("data-met", "false");
  await password.fill(GOOD_PASSWORD);
  for (const label of ["One number", "One special character"]) {
    await expect(rule(label)).toHaveAttribute("data-met", "true");
  }
  // Show password reveals what was typed.
  await form.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");

  await form.getByRole("button", { name: "Create account" }).click();
  await expect(toast(page, "Account created successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`We sent the link to ${email}.`)).toBeVisible();
  // Issue 24: one success message, the spec's toast; the page does not say it a second time.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  await expect(page.getByText(/^Registration successful!/)).toHaveCount(0);

  // Signing in before confirming is refused, with a way to get the email again.
  await page.goto("/login");
  await signInOnLoginPage(page, email, GOOD_PASSWORD);
  await expect(page.getByText("Please verify your email address before signing in.")).toBeVisible();
  await page.getByRole("button", { name: "Resend confirmation email" }).click();
  await expect(
    toast(page, "If that account is waiting for confirmation, we've sent a new link."),
  ).toBeVisible();

  // The developer's outbox shows the email; its link confirms the account.
  await page.goto("/dev/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Dev outbox" })).toBeVisible();
  const newest = page.getByRole("article").filter({ hasText: email }).first();
  await expect(
    newest.getByRole("heading", { name: "Confirm your Tradewinds email address" }),
  ).toBeVisible();
  await newest.getByRole("link", { name: /\/confirm-email\?token=/ }).click();
  await expect(page).toHaveURL(/\/confirm-email\?token=/);
  await expect(
    page.getByText("Your email address is confirmed. You can sign in now."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Sign in", exact: true }).last().click();

  await expect(page).toHaveURL(/\/login$/);
  await signInOnLoginPage(page, email, GOOD_PASSWORD);
  await expect(toast(page, "Successfully signed in!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(topStrip(page).getByRole("button", { name: `Hi, ${username}` })).toBeVisible();
});

test("sign-in errors read as the spec says", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/register",
  );
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  await expect(form.getByText("Please enter your password")).toBeVisible();

  await signInOnLoginPage(page, "keisha@demo.tradewinds.test", "not-the-password");
  await expect(
    toast(page, "Invalid email or password. Please check your credentials and try again."),
  ).toBeVisible();
  await expect(form.getByText("Invalid email or password", { exact: true })).toHaveCount(2);
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  // The API unreachable: the network message.
  await page.route("**/api/auth/login", (route) => route.abort("internetdisconnected"));
  await signInOnLoginPage(page, "keisha@demo.tradewinds.test", DEMO_PASSWORD);
  await expect(
    toast(page, "Unable to connect to the server. Please check your internet connection."),
  ).toBeVisible();
  // A server failure: the generic sign-in message.
  await page.unroute("**/api/auth/login");
  await page.route("**/api/auth/login", (route) =>
    route.fulfill({
      status: 500,
      json: { error: { code: "internal_error", message: "Something went wrong on our side." } },
    }),
  );
  await signInOnLoginPage(page, "keisha@demo.tradewinds.test", DEMO_PASSWORD);
  await expect(toast(page, "An error occurred during sign in. Please try again.")).toBeVisible();
});

test("remember me keeps the session for 30 days; without it the session ends with the browser", async ({
  browser,
}) => {
  for (const rememberMe of [true, false]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/login");
    await signInOnLoginPage(page, "devon@demo.tradewinds.test", DEMO_PASSWORD, { rememberMe });
    await expect(toast(page, "Successfully signed in!")).toBeVisible();
    const session = (await context.cookies()).find((c) => c.name === "tw_session");
    expect(session?.httpOnly).toBe(true);
    if (rememberMe) {
      const expiresMs = (session?.expires ?? 0) * 1000;
      expect(expiresMs).toBeGreaterThan(Date.now() + 29 * DAY);
      expect(expiresMs).toBeLessThan(Date.now() + 31 * DAY);
    } else {
      expect(session?.expires).toBe(-1);
    }
    await context.close();
  }
});

test("signing out asks first, then the header offers Sign in and settings need signing in again @phone", async ({
  page,
}) => {
  await page.goto("/");
  await signInThroughApi(page, "jeanluc@demo.tradewinds.test", DEMO_PASSWORD);
  await page.reload();

  const account = topStrip(page).getByRole("button", { name: "Hi, jeanluc" });
  await account.click();
  await expect(account).toHaveAttribute("aria-expanded", "true");
  for (const [name, href] of [
    ["Bids & Offers", "/my/bids"],
    ["Purchase History", "/my/purchases"],
    ["Selling", "/my/selling"],
    ["Messages", "/messages"],
    ["Account Settings", "/account/settings"],
  ] as const) {
    await expect(page.getByRole("link", { name, exact: true }).first()).toHaveAttribute(
      "href",
      href,
    );
  }
  await page.getByRole("button", { name: "Sign Out" }).click();

  // The confirmation dialog: Cancel keeps the session.
  const dialog = page.getByRole("dialog", { name: "Sign out?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(account).toBeVisible();

  await account.click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await dialog.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(topStrip(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(account).toBeHidden();

  await page.goto("/account/settings");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Fsettings$/);
});

test("signing out from a page that needs an account goes home, not to the sign-in page", async ({
  page,
}) => {
  await page.goto("/");
  await signInThroughApi(page, "jeanluc@demo.tradewinds.test", DEMO_PASSWORD);
  // Set up before the click: the answer to the sign-out call, after which the page forgets the user.
  const signOutAnswered = () =>
    page.waitForResponse(
      (r) => r.url().endsWith("/api/auth/logout") && r.request().method() === "POST",
    );
  const signedOutHome = async (answered: Promise<unknown>) => {
    await answered;
    await expect(topStrip(page).getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Featured Deals" })).toBeVisible();
    // Still home once the ended session has reached every part of the page: two frames after the
    // answer, any redirect it causes has rendered.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expect(page).toHaveURL(/\/$/);
  };

  // From the account menu, on Bids & Offers.
  await page.goto("/my/bids");
  await expect(page.getByRole("heading", { level: 1, name: "Bids & Offers" })).toBeVisible();
  await topStrip(page).getByRole("button", { name: "Hi, jeanluc" }).click();
  await topStrip(page).getByRole("button", { name: "Sign Out" }).click();
  let answered = signOutAnswered();
  await page
    .getByRole("dialog", { name: "Sign out?" })
    .getByRole("button", { name: "Sign Out" })
    .click();
  await signedOutHome(answered);

  // From Account Settings' own Sign Out.
  await signInThroughApi(page, "jeanluc@demo.tradewinds.test", DEMO_PASSWORD);
  await page.goto("/account/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  answered = signOutAnswered();
  await page
    .getByRole("dialog", { name: "Sign out?" })
    .getByRole("button", { name: "Sign Out" })
    .click();
  await signedOutHome(answered);

  // A visitor who then asks for such a page is still sent to sign in, and back.
  await page.goto("/my/bids");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fmy%2Fbids$/);
});

test("a visitor's Place Bid opens the sign-in modal; after signing in there the bid goes on @phone", async ({
  page,
  request,
  browser,
}) => {
  // An auction of its own: on a shared one another story's bid, between reading the minimum and
  // confirming, makes the amount typed here too low and no confirmation opens.
  const seller = await newPerson(browser, "modalsel");
  const open = await listThroughApi(seller.page, {
    kind: "auction",
    title: "Hand-carved bird feeder",
    priceCents: 1_800,
  });
  await seller.context.close();
  const detail = (await (await request.get(`/api/listings/${open.id}`)).json()) as {
    auction: { minNextBidCents: number };
  };

  await page.goto(`/listing/${open.id}`);
  const panel = page.getByRole("region", { name: "Auction" });
  await panel
    .getByLabel("Your bid", { exact: true })
    .fill((detail.auction.minNextBidCents / 100).toFixed(2));
  await panel.getByRole("button", { name: "Place Bid" }).click();

  await expect(toast(page, "Please login to place a bid.")).toBeVisible();
  const modal = page.getByRole("dialog", { name: "Sign in to Tradewinds" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await expect(modal.getByLabel("Email")).toBeFocused();

  // A wrong password first: the modal's own message.
  await modal.getByLabel("Email").fill("kwame@demo.tradewinds.test");
  await modal.getByLabel("Password", { exact: true }).fill("wrong-password");
  await modal.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Invalid email or password.")).toBeVisible();

  await modal.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await modal.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(toast(page, "Welcome back!")).toBeVisible();
  await expect(modal).toBeHidden();

  // Still on the listing, and the bid carries on to its confirmation.
  await expect(page).toHaveURL(new RegExp(`/listing/${open.id}$`));
  const confirm = page.getByRole("dialog", { name: "Confirm your bid" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText("once placed, a bid cannot be undone")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(topStrip(page).getByRole("button", { name: "Hi, kwame" })).toBeVisible();
});

test("the modal's Register tab asks for a username, checks the passwords match and shows the server's answer", async ({
  page,
}) => {
  const { email, username } = uniqueEmail("modal");
  await page.goto("/");
  // Sell opens the modal for a visitor.
  await page.locator("header").getByRole("link", { name: "Sell" }).click();
  const modal = page.getByRole("dialog", { name: "Sign in to Tradewinds" });
  await expect(modal).toBeVisible();
  await modal.getByRole("tab", { name: "Login" }).press("ArrowRight");
  const register = page.getByRole("dialog", { name: "Create your Tradewinds account" });
  await expect(register.getByRole("tab", { name: "Register" })).toBeFocused();

  // The spec's short form: username, email, password twice; no names.
  await expect(register.getByLabel("First name")).toHaveCount(0);
  await expect(register.getByLabel("Last name")).toHaveCount(0);
  await register.getByRole("button", { name: "Register", exact: true }).click();
  await expect(register.getByText("Username is required")).toBeVisible();
  await register.getByLabel("Username").fill(username);
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
  await register.getByLabel("Confirm password").fill(`${GOOD_PASSWORD}x`);
  await register.getByRole("button", { name: "Register", exact: true }).click();
  await expect(register.getByText("Passwords do not match.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await register.getByLabel("Confirm password").fill(GOOD_PASSWORD);
  await register.getByRole("button", { name: "Register", exact: true }).click();
  await expect(
    register.getByText("Registration successful! Please check your email to confirm your account."),
  ).toBeVisible();

  // Escape closes it; the visitor stays where they were.
  await page.keyboard.press("Escape");
  await expect(register).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test("signed-in-only pages send a visitor to sign in and back; a signed-in visitor skips /login", async ({
  page,
}) => {
  await page.goto("/watchlist/items");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fwatchlist%2Fitems$/);

  await page.goto("/account/settings");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Fsettings$/);
  await signInOnLoginPage(page, "tamika@demo.tradewinds.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();

  // Other signed-in-only pages open for a signed-in visitor (Page Not Found while unbuilt).
  await page.goto("/watchlist/searches");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/watchlist\/searches$/);

  // Someone already signed in who opens /login goes home.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);
});

test("account settings: change the full name, and a taken username is refused", async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, "set");
  await signInThroughApi(page, account.email, account.password);
  await page.goto("/account/settings");

  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  const main = page.getByRole("main");
  for (const group of ["Personal Info", "Buying", "Selling", "Change password"]) {
    await expect(main.getByRole("region", { name: group, exact: true })).toBeVisible();
  }
  const buying = main.getByRole("region", { name: "Buying" });
  await expect(buying.getByRole("link", { name: /Bids & Offers/ })).toHaveAttribute(
    "href",
    "/my/bids",
  );
  const selling = main.getByRole("region", { name: "Selling", exact: true });
  await expect(selling.getByRole("link", { name: /List an item/ })).toHaveAttribute(
    "href",
    "/sell/create",
  );
  await expect(page.getByText(account.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const profile = page.getByRole("form", { name: "Name and username" });
  await expect(profile.getByLabel("Full name")).toHaveValue(account.fullName);
  await profile.getByLabel("Full name").fill("Marguerite Baptiste");
  await profile.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Your profile has been updated.")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("form", { name: "Name and username" }).getByLabel("Full name"),
  ).toHaveValue("Marguerite Baptiste");

  await profile.getByLabel("Username").fill("marcus");
  await profile.getByRole("button", { name: "Save changes" }).click();
  await expect(profile.getByText("That username is already taken.")).toBeVisible();
  await expect(profile.getByLabel("Username")).toBeFocused();

  // A file that is not a picture is refused before any upload.
  const chooser = page.getByLabel(/Choose a photo/);
  await chooser.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(
    page.getByText("Please choose an image file (JPEG, PNG, WebP or GIF)."),
  ).toBeVisible();

  // A picture is previewed, then uploaded, and becomes the profile photo.
  const picture = await sharp({
    create: { width: 320, height: 320, channels: 3, background: "#ff8063" },
  })
    .png()
    .toBuffer();
  await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByRole("img", { name: "Preview of your new profile photo" })).toBeVisible();
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(toast(page, "Your profile photo has been updated.")).toBeVisible();
  const photo = page.getByRole("img", { name: "Your profile photo" });
  await expect(photo).toHaveAttribute("src", /^\/uploads\//);
  await expect
    .poll(() => photo.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
});

test("a visitor who forgot the password resets it from the emailed link and signs in", async ({
  page,
}) => {
  const account = await createConfirmedAccount(page, "fgt");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText(
      "If an account exists for that email, we've sent a link to reset your password.",
    ),
  ).toBeVisible();

  const link = await linkFromOutbox(page.request, account.email, "/reset-password");
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  const newPassword = "Coral-Reef9";
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(toast(page, "Your password has been reset. You can sign in now.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signInOnLoginPage(page, account.email, newPassword);
  await expect(toast(page, "Successfully signed in!")).toBeVisible();
  await expect(
    topStrip(page).getByRole("button", { name: `Hi, ${account.username}` }),
  ).toBeVisible();

  // The link worked once.
  const again = await apiPost(page, "/api/auth/reset-password", {
    token: link.searchParams.get("token"),
    password: "Another-Pass1",
  });
  expect(again.status()).toBe(400);
});
