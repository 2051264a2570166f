import type { Page } from "@playwright/test";
import { apiPost } from "./fixtures/accounts";
import { bound, expect, test } from "./fixtures/test";

// Delivery by destination (issue 29): the listing page judges shipping for the buyer's Deliver
// to: whether it ships there, the cost, and an estimated delivery window; an item that does not
// ship there cannot be bought or bid on from there.

const shippingNote = (page: Page) => page.getByRole("region", { name: "Shipping and returns" });

async function deliverTo(page: Page, territory: string) {
  await shippingNote(page).getByLabel("Deliver to").selectOption({ label: territory });
}

test("a buyer in Jamaica sees the cost and an estimated delivery window, remembered on their account @phone", async ({
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("delseller");
  const buyer = await newPerson("delbuyer", { deliverTo: null });
  const listing = await listSomething(seller, {
    title: "Blue Mountain coffee beans",
    territory: "barbados",
    priceCents: 2_400,
    shippingCents: 500,
    handlingDays: 2,
    shippingOptions: [
      { group: "same_territory", service: "standard", costCents: 500 },
      { group: "caribbean", service: "expedited", costCents: 1_250 },
    ],
  });

  await buyer.page.goto(`/listing/${listing.id}`);
  const note = shippingNote(buyer.page);
  await expect(note.getByText("Ships from Barbados", { exact: true })).toBeVisible();
  await expect(note.getByText("Ships within 2 business days of payment")).toBeVisible();
  await deliverTo(buyer.page, "Jamaica");
  await expect(
    note.getByText("Shipping to Jamaica: $12.50, Expedited shipping", { exact: true }),
  ).toBeVisible();
  await expect(
    note.getByText(
      /^Estimated between (Mon|Tue|Wed|Thu|Fri), [A-Z][a-z]{2} \d{1,2} and (Mon|Tue|Wed|Thu|Fri), [A-Z][a-z]{2} \d{1,2}$/,
    ),
  ).toBeVisible();
  await expect(
    buyer.page
      .getByRole("region", { name: "Buy It Now" })
      .getByRole("button", { name: "Buy It Now" }),
  ).toBeEnabled();

  // Kept on the account: the checkout charges, and the bids are judged, by it.
  await expect
    .poll(async () => (await buyer.page.request.get("/api/me/deliver-to")).json())
    .toEqual({ deliverTo: "jamaica" });
  await buyer.page.reload();
  await expect(shippingNote(buyer.page).getByLabel("Deliver to")).toHaveValue("jamaica");

  // The checkout review charges Jamaica's shipping, and says where it goes.
  await buyer.page
    .getByRole("region", { name: "Buy It Now" })
    .getByRole("button", { name: "Buy It Now" })
    .click();
  await expect(buyer.page).toHaveURL(/\/checkout\?listing=/);
  await expect(buyer.page.getByLabel("Deliver to")).toHaveValue("jamaica");
  await expect(buyer.page.getByText("$12.50").first()).toBeVisible();
  await buyer.close();
  await seller.close();
});

test("an item that does not ship to Grenada cannot be bought or bid on from there @phone", async ({
  newPerson,
  listSomething,
}) => {
  test.setTimeout(bound(120_000));
  const seller = await newPerson("nogdseller");
  const buyer = await newPerson("nogdbuyer", { deliverTo: null });
  const onlyJamaica = [{ group: "same_territory", service: "standard", costCents: 0 }];
  const item = await listSomething(seller, {
    title: "Jerk seasoning crate",
    territory: "jamaica",
    shippingOptions: onlyJamaica,
  });
  const auction = await listSomething(seller, {
    kind: "auction",
    title: "Carved calabash bowl",
    territory: "jamaica",
    shippingOptions: onlyJamaica,
  });

  await buyer.page.goto(`/listing/${item.id}`);
  await deliverTo(buyer.page, "Grenada");
  await expect(
    shippingNote(buyer.page).getByText("Does not ship to Grenada", { exact: true }),
  ).toBeVisible();
  const buyBox = buyer.page.getByRole("region", { name: "Buy It Now" });
  await expect(buyBox.getByRole("note")).toContainText("Does not ship to Grenada.");
  await expect(buyBox.getByRole("button", { name: "Buy It Now" })).toBeDisabled();
  await expect(buyBox.getByRole("button", { name: "Add to Cart" })).toBeDisabled();

  // The server refuses it too, whatever the page does.
  const refused = await apiPost(buyer.page, "/api/checkout", {
    lines: [{ listingId: item.id, quantity: 1 }],
    deliverTo: "grenada",
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.code).toBe("does_not_ship_there");

  // The auction: no bidding from Grenada (the account's Deliver to is Grenada now).
  await buyer.page.goto(`/listing/${auction.id}`);
  const auctionBox = buyer.page.getByRole("region", { name: "Auction" });
  await expect(auctionBox.getByRole("note")).toContainText("Does not ship to Grenada.");
  await expect(auctionBox.getByRole("button", { name: "Place Bid" })).toBeDisabled();
  const bid = await apiPost(buyer.page, `/api/listings/${auction.id}/bids`, {
    amountCents: 5_000,
  });
  expect(bid.status()).toBe(422);

  // Delivered within Jamaica instead, it can be bought.
  await buyer.page.goto(`/listing/${item.id}`);
  await deliverTo(buyer.page, "Jamaica");
  await expect(
    shippingNote(buyer.page).getByText("Free shipping to Jamaica, Standard shipping", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(buyBox.getByRole("button", { name: "Buy It Now" })).toBeEnabled();
  await buyer.close();
  await seller.close();
});

test("checkout asks where the order goes before paying, and charges for it @phone", async ({
  newPerson,
  listSomething,
}, testInfo) => {
  test.setTimeout(bound(150_000));
  const seller = await newPerson("askseller");
  const buyer = await newPerson("askbuyer", { deliverTo: null });
  const offerer = await newPerson("askofferer", { deliverTo: null });
  const table = [
    { group: "same_territory", service: "standard", costCents: 500 },
    { group: "caribbean", service: "expedited", costCents: 1_250 },
  ];
  const item = await listSomething(seller, {
    title: "Sea moss gel",
    territory: "barbados",
    priceCents: 2_000,
    shippingOptions: table,
    acceptsOffers: true,
  });
  const shot = async (page: Page, name: string) => {
    if (testInfo.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`),
      fullPage: true,
    });
  };

  // Buy It Now by a buyer who never said where they are: the review asks first.
  const page = buyer.page;
  await page.goto(`/checkout?listing=${item.id}&quantity=1`);
  const pay = page.getByRole("button", { name: "Continue to Payment" });
  await expect(page.getByLabel("Deliver to")).toHaveValue("");
  await expect(page.getByText("Choose where this order is delivered to.")).toBeVisible();
  await expect(pay).toBeDisabled();
  await shot(page, "checkout-asks");
  await page.getByLabel("Deliver to").selectOption({ label: "Jamaica" });
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary).toContainText("$12.50");
  await expect(pay).toBeEnabled();
  await shot(page, "checkout-jamaica");
  await pay.click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
  const unpaid = await (await page.request.get("/api/me/orders/unpaid")).json();
  expect(unpaid.items[0]).toMatchObject({ deliverTo: "jamaica", shippingCents: 1_250 });

  // An agreed offer of a buyer who never said: paying it asks too, and prices the choice.
  const made = await apiPost(offerer.page, `/api/listings/${item.id}/offers`, {
    amountCents: 1_800,
    quantity: 1,
  });
  expect(made.status()).toBe(201);
  const accepted = await apiPost(seller.page, `/api/offers/${(await made.json()).id}/accept`, {});
  expect(accepted.status()).toBe(200);
  const orderId = (await accepted.json()).orderId as string;
  await offerer.page.goto(`/checkout?order=${orderId}`);
  const payOffer = offerer.page.getByRole("button", { name: "Continue to Payment" });
  await expect(offerer.page.getByLabel("Deliver to")).toHaveValue("");
  await expect(payOffer).toBeDisabled();
  await offerer.page.getByLabel("Deliver to").selectOption({ label: "Grenada" });
  await expect(offerer.page.getByLabel("Deliver to")).toHaveValue("grenada");
  await expect(offerer.page.getByRole("region", { name: "Order Summary" })).toContainText("$12.50");
  await expect(payOffer).toBeEnabled();
  await shot(offerer.page, "checkout-offer-grenada");
  await payOffer.click();
  await expect(offerer.page).toHaveURL(/\/pay\/sandbox\//);
  await buyer.close();
  await offerer.close();
  await seller.close();
});
