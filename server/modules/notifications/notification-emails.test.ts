import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderNumber } from "../../../core/cart";
import { auctionSettings } from "../../db/schema/auctions";
import { notifications } from "../../db/schema/notifications";
import type { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { settleDueAuctions } from "../auctions/auction-settlement";
import { smtpMailer } from "../mail/mailer";
import { sendPendingNotificationEmails } from "./notification-emails.service";

// A real SMTP server on this machine stands in for the mail provider; it can be told to refuse.
const received: { to: string; subject: string; text: string }[] = [];
// A refusal's SMTP code: 450 passes (try again later), 550 is for good.
let refuse: 450 | 550 | null = null;
let smtp: SMTPServer;
const t = setUpTestApp();
let deps: Parameters<typeof sendPendingNotificationEmails>[0];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(_address, _session, callback) {
      callback(
        refuse
          ? Object.assign(new Error("Mailbox unavailable"), { responseCode: refuse })
          : undefined,
      );
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo[0]?.address ?? "",
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  deps = {
    db: t.database.db,
    mailer: smtpMailer(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`),
    publicUrl: "http://localhost:3000",
  };
});
afterAll(async () => {
  deps?.mailer.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(async () => {
  // Each test starts with nothing due and an empty mailbox.
  await sendPendingNotificationEmails(deps);
  received.length = 0;
  refuse = null;
});

async function auction(reservePriceCents: number | null = null) {
  const seller = await createUser(t.database.db, "seller");
  const listing = await createListing(t.database.db, {
    sellerId: seller.id,
    title: `Mahogany chest ${Math.random().toString(36).slice(2, 7)}`,
    priceCents: 1000,
    auction: { endTime: new Date(Date.now() + 3_600_000), reservePriceCents },
  });
  return { listing, seller };
}

/** A fresh auction where ana bids $10.00 and ben outbids her at $15.00 (price $10.50). */
async function anaOutbidByBen() {
  const { listing, seller } = await auction();
  const ana = await bidder("ana");
  const ben = await bidder("ben");
  await bid(ana, listing.id, 1000);
  await bid(ben, listing.id, 1500);
  return { listing, seller, ana, ben };
}

async function endAndSettle(listingId: string) {
  await t.database.db
    .update(auctionSettings)
    .set({ endTime: new Date(Date.now() - 1000) })
    .where(eq(auctionSettings.listingId, listingId));
  expect(await settleDueAuctions(t.database.db)).toContain(listingId);
}

async function bidder(name: string): Promise<{ agent: Agent; id: string; email: string }> {
  const user = await createUser(t.database.db, name);
  return {
    agent: await signedInAgent(t.app, t.database.db, user.id),
    id: user.id,
    email: user.email,
  };
}

async function bid(who: { agent: Agent }, listingId: string, amountCents: number) {
  const res = await who.agent.post(`/api/listings/${listingId}/bids`, { amountCents });
  expect(res.statusCode, res.body).toBe(201);
}

const due = async (userId: string) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
    (n) => n.emailDueAt !== null,
  );

describe("sendPendingNotificationEmails", () => {
  it("emails an outbid bidder once, after the bid, with the listing and its price", async () => {
    const { listing, ana } = await anaOutbidByBen();
    // The bid did not send it: it waits, stored with the notification, for the worker.
    expect(received).toHaveLength(0);
    expect(await due(ana.id)).toHaveLength(1);

    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received).toEqual([
      {
        to: ana.email,
        subject: `You've been outbid on ${listing.title}`,
        text: expect.stringContaining("The current bid is US $10.50."),
      },
    ]);
    expect(received[0]?.text).toContain(`http://localhost:3000/listing/${listing.id}`);
    expect(await due(ana.id)).toHaveLength(0);
    expect(await sendPendingNotificationEmails(deps)).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("makes one email of several outbid notices on one listing, at the price when sent", async () => {
    const { listing, ana, ben } = await anaOutbidByBen();
    await bid(ana, listing.id, 2000);
    await bid(ben, listing.id, 2500);
    await bid(ana, listing.id, 3000);

    expect(await sendPendingNotificationEmails(deps)).toBe(4);
    expect(received.map((m) => m.to).sort()).toEqual([ana.email, ben.email].sort());
    for (const mail of received) expect(mail.text).toContain("The current bid is US $26.00.");
  });

  it("keeps an email the mail server refused, and sends it when its lease ends", async () => {
    const { ana } = await anaOutbidByBen();

    refuse = 450;
    await sendPendingNotificationEmails(deps);
    expect(received).toHaveLength(0);
    // Leased, not lost: not due again at once...
    const [leased] = await due(ana.id);
    expect(leased?.emailDueAt?.getTime()).toBeGreaterThan(Date.now());
    refuse = null;
    expect(await sendPendingNotificationEmails(deps)).toBe(0);

    // ...but once the lease has run out.
    await t.database.db.execute(
      sql`update notifications set email_due_at = now() - interval '1 second' where user_id = ${ana.id}`,
    );
    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received.map((m) => m.to)).toEqual([ana.email]);
    expect(await due(ana.id)).toHaveLength(0);
  });

  it("drops an email the mail server refuses for good, and keeps the notification", async () => {
    const { ana } = await anaOutbidByBen();

    refuse = 550;
    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received).toHaveLength(0);
    expect(await due(ana.id)).toHaveLength(0);
    const stored = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ana.id));
    expect(stored.map((n) => n.kind)).toEqual(["outbid"]);
  });

  it("emails other notifications with their own message and link", async () => {
    const ana = await bidder("ana");
    await t.database.db.insert(notifications).values({
      userId: ana.id,
      kind: "message_received",
      message: "marlon sent you a message.",
      link: "/messages",
      emailDueAt: new Date(Date.now() - 1000),
    });

    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe(ana.email);
    expect(received[0]?.text).toContain("marlon sent you a message.");
    expect(received[0]?.text).toContain("http://localhost:3000/messages");
  });

  it("does not email a kind the user turned off; the notification stays in the app", async () => {
    const { listing, ana, ben } = await anaOutbidByBen();
    // Turned off after the notice was stored, before the worker ran: the choice when sending counts.
    const off = await ana.agent.request("PUT", "/api/me/notification-preferences", {
      outbid: { email: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received).toHaveLength(0);
    expect(await due(ana.id)).toHaveLength(0);
    const list = (await ana.agent.get("/api/me/notifications")).json();
    expect(list.items).toMatchObject([
      { kind: "outbid", link: `/listing/${listing.id}`, read: false },
    ]);
    expect(list.unreadCount).toBe(1);

    // Others' choices are their own: ben, outbid in turn, still gets his email.
    await bid(ana, listing.id, 2000);
    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received.map((m) => m.to)).toEqual([ben.email]);

    // Turned back on, the next one is emailed again.
    await ana.agent.request("PUT", "/api/me/notification-preferences", { outbid: { email: true } });
    await bid(ben, listing.id, 3000);
    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received.map((m) => m.to)).toEqual([ben.email, ana.email]);
  });

  it("emails a kind that is off by default only once the user turns it on", async () => {
    const ana = await bidder("ana");
    const store = (message: string) =>
      t.database.db.insert(notifications).values({
        userId: ana.id,
        kind: "watched_item_ending",
        message,
        link: "/watchlist/items",
        emailDueAt: new Date(Date.now() - 1000),
      });
    await store('"Carved calabash bowl" on your watchlist is ending soon.');
    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received).toHaveLength(0);

    await ana.agent.request("PUT", "/api/me/notification-preferences", {
      watched_item_ending: { email: true },
    });
    await store('"Steel pan" on your watchlist is ending soon.');
    expect(await sendPendingNotificationEmails(deps)).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]?.text).toContain('"Steel pan" on your watchlist is ending soon.');
  });

  it("emails the winner and the seller when an auction settles, at the final price", async () => {
    const { listing, seller, ana, ben } = await anaOutbidByBen();
    await sendPendingNotificationEmails(deps); // ana's outbid notice
    received.length = 0;

    await endAndSettle(listing.id);
    // Settlement sends nothing itself: its notices wait, stored with the order, for the worker.
    expect(received).toHaveLength(0);
    expect(await sendPendingNotificationEmails(deps)).toBe(2);
    const byTo = new Map(received.map((m) => [m.to, m]));
    expect(byTo.get(ben.email)?.subject).toBe(`You won ${listing.title}`);
    expect(byTo.get(ben.email)?.text).toContain(`You won "${listing.title}" for US $10.50.`);
    // The won order's own page (its id is the auction's order's).
    expect(byTo.get(ben.email)?.text).toMatch(/http:\/\/localhost:3000\/orders\/[0-9a-f-]{36}/);
    expect(byTo.get(seller.email)?.subject).toBe(`Your auction has ended: ${listing.title}`);
    expect(byTo.get(seller.email)?.text).toContain(
      `"${listing.title}" sold for $10.50. The buyer has been asked to pay.`,
    );
    expect(byTo.has(ana.email)).toBe(false);
  });

  it("tells the seller and the leader when the reserve was not met", async () => {
    const { listing, seller } = await auction(50_000);
    const ana = await bidder("ana");
    await bid(ana, listing.id, 1000);

    await endAndSettle(listing.id);
    expect(await sendPendingNotificationEmails(deps)).toBe(2);
    const byTo = new Map(received.map((m) => [m.to, m]));
    expect(byTo.get(seller.email)?.text).toContain(
      `"${listing.title}" ended without a sale: the reserve price was not met.`,
    );
    expect(byTo.get(ana.email)?.text).toContain(
      `"${listing.title}" ended without a sale: the reserve price was not met.`,
    );
    expect(byTo.get(ana.email)?.text).toContain(`http://localhost:3000/listing/${listing.id}`);
  });

  it("emails the buyer the paid order's items and each seller their sale", async () => {
    const shop = await createUser(t.database.db, "shop");
    const stall = await createUser(t.database.db, "stall");
    const sauce = await createListing(t.database.db, {
      sellerId: shop.id,
      title: "Scotch bonnet pepper sauce",
      priceCents: 1250,
      shippingCents: 0,
      quantity: 5,
    });
    const basket = await createListing(t.database.db, {
      sellerId: stall.id,
      title: "Woven palm basket",
      priceCents: 3000,
      shippingCents: 0,
      quantity: 1,
    });
    const ana = await bidder("ana");
    const res = await ana.agent.post("/api/checkout", {
      lines: [
        { listingId: sauce.id, quantity: 2 },
        { listingId: basket.id, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = (res.json().redirectUrl as string).split("/pay/sandbox/")[1];
    const paid = await ana.agent.post(`/api/payments/sandbox/sessions/${session}/pay`, {
      cardNumber: "4242 4242 4242 4242",
      expiry: "12/40",
      cvc: "123",
      name: "Ana Test",
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paying sent nothing itself: the emails wait, stored with the payment, for the worker.
    expect(received).toHaveLength(0);

    // The buyer's, each seller's sale, and each seller's first-sale "set up payouts" (neither has
    // told us where to send their money yet: issue 26).
    expect(await sendPendingNotificationEmails(deps)).toBe(5);
    const number = orderNumber(res.json().orderId);
    const onboarding = received.filter((m) => m.text.includes("Set up payouts"));
    expect(onboarding.map((m) => m.to).sort()).toEqual([shop.email, stall.email].sort());
    const byTo = new Map(received.filter((m) => !onboarding.includes(m)).map((m) => [m.to, m]));
    expect(byTo.get(ana.email)?.subject).toBe(`Payment received for order ${number}`);
    expect(byTo.get(ana.email)?.text).toContain("2 × Scotch bonnet pepper sauce");
    expect(byTo.get(ana.email)?.text).toContain("1 × Woven palm basket");
    expect(byTo.get(ana.email)?.text).toContain(
      `http://localhost:3000/orders/${res.json().orderId}`,
    );
    expect(byTo.get(shop.email)?.subject).toBe("You sold Scotch bonnet pepper sauce");
    expect(byTo.get(shop.email)?.text).toContain(
      `a buyer paid for 2 × "Scotch bonnet pepper sauce" (order ${number})`,
    );
    expect(byTo.get(stall.email)?.subject).toBe("You sold Woven palm basket");
    expect(byTo.get(stall.email)?.text).not.toContain("pepper sauce");
  });

  it("sends each email once when two workers run at the same time", async () => {
    const { listing } = await auction();
    const people = await Promise.all(["ana", "ben", "cat", "dan", "eve"].map((n) => bidder(n)));
    let amount = 1000;
    for (const person of people) {
      await bid(person, listing.id, amount);
      amount += 500;
    }
    const [a, b] = await Promise.all([
      sendPendingNotificationEmails(deps),
      sendPendingNotificationEmails(deps),
    ]);
    expect(a + b).toBe(4);
    expect(received.map((m) => m.to).sort()).toEqual(
      people
        .slice(0, 4)
        .map((p) => p.email)
        .sort(),
    );
  });
});
