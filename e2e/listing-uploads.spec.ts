import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createConfirmedAccount, signInThroughApi } from "./fixtures/accounts";
import { expectNoSeriousA11yViolations } from "./fixtures/axe";
import { uniqueTitle } from "./fixtures/listings";
import { bound, expect, test } from "./fixtures/test";

const PHOTO = path.join(import.meta.dirname, "fixtures", "photos", "hibiscus.jpg");

/** Uploads a photo as the page's seller, as the wizard does, and answers its address. */
async function uploadPhoto(page: Page): Promise<string> {
  await page.request.get("/api/auth/session");
  const csrf = (await page.context().cookies()).find((c) => c.name === "tw_csrf")?.value ?? "";
  const response = await page.request.post("/api/uploads", {
    headers: { "x-csrf-token": csrf },
    multipart: {
      file: { name: "hibiscus.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(PHOTO) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

const HEADER =
  "title,description,category,subcategory,territory,condition,format,price,quantity,shipping,return_policy_days,local_pickup,duration_days,reserve_price,buy_it_now_price,photo_urls";

/** A seller's file: a basket with a photo, a bowl (its price as given), and an auction. */
function csvFile(titles: string[], bowlPrice: string, photoUrl: string) {
  const [basket, bowl, drum] = titles;
  const lines = [
    HEADER,
    `${basket},"Woven from thatch palm in Treasure Beach, 30 cm across.",handicrafts,,jamaica,new,fixed_price,45.00,3,8.50,30,yes,,,,${photoUrl}`,
    `${bowl},Carved from mahogany and oiled.,handicrafts,,barbados,like-new,fixed_price,${bowlPrice},1,0,14,no,,,,`,
    `${drum},A goatskin drum tuned by hand.,handicrafts,,jamaica,good,auction,60.00,1,12.00,0,no,7,,150.00,`,
  ];
  return { name: "my-listings.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) };
}

test("a seller uploads a CSV with one bad row, fixes it, creates the listings and downloads them @phone", async ({
  page,
}, testInfo) => {
  // Account, photo, two files, the job and a download: about 40 s on a quiet machine.
  test.setTimeout(bound(150_000));
  const account = await createConfirmedAccount(page, "bulk");
  await signInThroughApi(page, account.email, account.password);
  const photoUrl = await uploadPhoto(page);
  const titles = [
    uniqueTitle("Palm basket"),
    uniqueTitle("Mahogany bowl"),
    uniqueTitle("Goatskin drum"),
  ];

  await page.goto("/my/selling");
  await page.getByRole("button", { name: "Upload listings" }).click();
  const panel = page.getByRole("region", { name: "Upload listings" });
  await expect(panel.getByRole("link", { name: "CSV template" })).toHaveAttribute(
    "href",
    "/api/my/listing-uploads/template.csv",
  );

  // The first file has a price that is not a number: the preview says so, in the form's words.
  await panel.getByLabel("CSV file").setInputFiles(csvFile(titles, "twelve", photoUrl));
  await expect(panel.getByText("3 rows: 2 ready, 1 with errors.")).toBeVisible();
  const badRow = panel.getByRole("row").filter({ hasText: titles[1] ?? "" });
  await expect(badRow).toContainText("Has errors");
  await expect(badRow).toContainText("price: Price must be a number");
  await expect(panel.getByRole("button", { name: "Create 2 listings" })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: testInfo.outputPath("preview.png"), fullPage: true });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Fixed and uploaded again: every row is ready, and the three are created.
  await panel.getByLabel("CSV file").setInputFiles(csvFile(titles, "12.00", photoUrl));
  await expect(panel.getByText("3 rows: 3 ready, 0 with errors.")).toBeVisible();
  await panel.getByRole("button", { name: "Create 3 listings" }).click();
  await expect(panel.getByText("Created 3 listings.")).toBeVisible({ timeout: bound(30_000) });
  await expect(panel.getByRole("link", { name: "View listing" })).toHaveCount(3);
  await page.screenshot({ path: testInfo.outputPath("done.png"), fullPage: true });

  // They are the seller's listings now, on this page and each on its own.
  for (const title of titles)
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
  await panel
    .getByRole("row")
    .filter({ hasText: titles[0] ?? "" })
    .getByRole("link", { name: "View listing" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: titles[0] })).toBeVisible();

  // Download listings gives them back as CSV.
  await page.goto("/my/selling");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download listings" }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, "utf8");
  for (const title of titles) expect(csv).toContain(title);
  expect(csv.split("\r\n")[0]).toContain("title,description,category");
});
