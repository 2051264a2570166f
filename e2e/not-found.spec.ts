import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { expect, test } from "./fixtures/test";

test("a visitor who types an address that does not exist sees Page Not Found and returns home", async ({
  page,
}) => {
  await page.goto("/no-such-page/anywhere");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(
    page.getByText("The page you're looking for doesn't exist or has been moved."),
  ).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found | Tradewinds");
  // The site around it still works: header search and categories are there.
  await expect(page.getByRole("searchbox", { name: "Search for anything" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Return Home" }).click();
  await expect(page).toHaveURL("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Bid, buy and sell across the islands" }),
  ).toBeVisible();
});

test("a visitor who reaches a missing page from the site goes back to where they were", async ({
  page,
}) => {
  await page.goto("/listings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Browse Listings");
  // Every link on the site leads somewhere real (e2e/links.spec.ts), so the app is moved to an
  // unknown path in its own history, as following a stale link inside it would.
  await page.evaluate(() => {
    window.history.pushState({ usr: null, key: "stale", idx: 1 }, "", "/seller-toolbox");
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  });
  await expect(page).toHaveURL("/seller-toolbox");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");

  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/listings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Browse Listings");

  // Opened directly, with nothing to go back to, Go Back leads home.
  await page.goto("/404");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/");
});
