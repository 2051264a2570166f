import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { bound, expect, test } from "./fixtures/test";

// The accessibility check every story runs (fixtures/test.ts) must judge what a visitor sees, not a
// frame of a colour change: a button enabled while axe ran was once read half-way from grey to coral.
test("the accessibility check reads colours at rest, not half-way through a transition", async ({
  page,
}) => {
  test.setTimeout(bound(120_000));
  await page.goto("/help");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Proceed to checkout";
    // Disabled grey, as the app's buttons start, then coral, caught half-way (a negative delay) and
    // moving slowly: far longer than the check waits for transitions to end, so without its own
    // care it reads the blend of the two (about 1.3:1). Both ends pass on their own.
    Object.assign(button.style, {
      background: "#cbd5e1",
      color: "#334155",
      padding: "8px",
      fontSize: "14px",
    });
    document.querySelector("main")?.prepend(button);
    button.getBoundingClientRect();
    button.style.transition = "background-color 600s linear -300s, color 600s linear -300s";
    Object.assign(button.style, { background: "#c2410c", color: "#ffffff" });
  });
  await expectNoSeriousA11yViolations(page);
});
