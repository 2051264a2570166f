import type { Page } from "@playwright/test";
import { uniqueEmail } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { OIDC_IDENTITY_COOKIE, type OidcIdentity } from "./fixtures/oidc-server";
import { expect, test } from "./fixtures/test";

// Google sign-in runs against the local OpenID Connect provider Playwright starts
// (e2e/fixtures/oidc-server.ts); Facebook is not configured in the test server.

/** Who the provider will say signed in, for this browser. */
async function actAs(page: Page, identity: OidcIdentity) {
  await page.context().addCookies([
    {
      name: OIDC_IDENTITY_COOKIE,
      value: encodeURIComponent(JSON.stringify(identity)),
      domain: "127.0.0.1",
      path: "/",
    },
  ]);
}

test("a visitor signs in with Google and comes back signed in where they were going", async ({
  page,
}) => {
  const { email, username } = uniqueEmail("goog");
  await actAs(page, { sub: `google-${username}`, email, name: "Anaïs Celestine" });

  await page.goto("/account/settings");
  await expect(page).toHaveURL(/\/login\?returnTo=%2Faccount%2Fsettings$/);
  await page.getByRole("button", { name: "Sign in with Google" }).click();

  // Through the provider and /auth/callback, back on the page that asked for sign-in.
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole("button", { name: `Hi, ${username}` })).toBeVisible();
  const profile = page.getByRole("form", { name: "Name and username" });
  await expect(profile.getByLabel("Full name")).toHaveValue("Anaïs Celestine");
  await expect(page.getByText(email)).toBeVisible();

  // The provider's sessions are long ones, like remember me.
  const session = (await page.context().cookies()).find((c) => c.name === "tw_session");
  expect(session?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);

  // Signing in again with the same Google account reaches the same Tradewinds account.
  await page.context().clearCookies({ name: "tw_session" });
  await actAs(page, { sub: `google-${username}`, email, name: "Anaïs Celestine" });
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: `Hi, ${username}` })).toBeVisible();
});

test("Sign up with Google from the register page creates a confirmed account at once", async ({
  page,
}) => {
  const { email, username } = uniqueEmail("gsup");
  await actAs(page, { sub: `google-${username}`, email, name: "Dario Frederick" });
  await page.goto("/register");
  await page.getByRole("button", { name: "Sign up with Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: `Hi, ${username}` })).toBeVisible();
});

test("a provider that is not configured is shown as unavailable, not offered", async ({ page }) => {
  const unavailable = (name: string) =>
    page.getByRole("button", { name: `${name} (not available)`, exact: true });

  await page.goto("/login");
  await expect(unavailable("Sign in with Facebook")).toBeDisabled();
  // Google is configured in this test server, and stays offered.
  await expect(
    page.getByRole("button", { name: "Sign in with Google", exact: true }),
  ).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  await page.goto("/register");
  await expect(unavailable("Sign up with Facebook")).toBeDisabled();
  await expect(
    page.getByRole("button", { name: "Sign up with Google", exact: true }),
  ).toBeEnabled();
});

test("a failed provider sign-in comes back to /login with a readable reason", async ({ page }) => {
  // The callback without the flow's cookie: the server sends the visitor back with a reason.
  await page.goto("/auth/callback?code=forged&state=forged");
  await expect(page).toHaveURL(/\/login\?oauthError=expired$/);
  await expect(
    page.getByText(
      "Your sign-in with Google or Facebook took too long or was interrupted. Please try again.",
    ),
  ).toBeVisible();
});
