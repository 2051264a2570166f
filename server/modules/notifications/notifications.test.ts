import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notificationPageSchema } from "../../../core/contracts/notifications";
import { formatMoney } from "../../../core/money";
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_REGISTRY,
  notificationText,
} from "../../../core/notifications";
import { rows } from "../../db/rows";
import { notifications } from "../../db/schema/notifications";
import { users } from "../../db/schema/users";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { notify } from "./notifications.service";

const t = setUpTestApp();

async function person(name: string) {
  const user = await createUser(t.database.db, name);
  return { id: user.id, agent: await signedInAgent(t.app, t.database.db, user.id) };
}

/** `count` notifications for `userId`, the first the oldest, a minute apart (or all at `sameTime`). */
async function stored(userId: string, count: number, sameTime?: Date) {
  const base = Date.now() - count * 60_000;
  const made = await t.database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        kind: "item_sold" as const,
        message: `Notice ${i + 1}`,
        link: `/my/selling?n=${i + 1}`,
        createdAt: sameTime ?? new Date(base + i * 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return made.map((m) => m.id);
}

const put = (agent: Agent, body: unknown) =>
  agent.request("PUT", "/api/me/notification-preferences", body);

describe("signed out", () => {
  it("answers 401 on every notification route", async () => {
    const visitor = new Agent(t.app);
    const id = "00000000-0000-4000-8000-000000000000";
    const answers = await Promise.all([
      visitor.get("/api/me/notifications"),
      visitor.post(`/api/me/notifications/${id}/read`),
      visitor.post("/api/me/notifications/read-all"),
      visitor.get("/api/me/notification-preferences"),
      put(visitor, { outbid: { email: false } }),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
  });
});

describe("GET /api/me/notifications", () => {
  it("lists only your own, newest first, with the unread count", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    await stored(ana.id, 3);
    await stored(ben.id, 2);

    const res = await ana.agent.get("/api/me/notifications");
    expect(res.statusCode, res.body).toBe(200);
    const page = notificationPageSchema.parse(res.json());
    expect(page.items.map((n) => n.text)).toEqual(["Notice 3", "Notice 2", "Notice 1"]);
    expect(page).toMatchObject({ total: 3, unreadCount: 3, page: 1, nextCursor: null });
    expect(page.items[0]).toMatchObject({
      kind: "item_sold",
      link: "/my/selling?n=3",
      read: false,
      readAt: null,
    });
    expect(Date.parse(page.items[0]?.createdAt ?? "")).toBeGreaterThan(
      Date.parse(page.items[1]?.createdAt ?? ""),
    );
  });

  it("pages by cursor without losing or repeating any, even when their times are equal", async () => {
    const ana = await person("ana");
    const same = new Date(Date.now() - 3_600_000);
    const ids = [...(await stored(ana.id, 3)), ...(await stored(ana.id, 4, same))];

    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: number[] = [];
    do {
      const url: string = `/api/me/notifications?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await ana.agent.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = notificationPageSchema.parse(res.json());
      expect(page.total).toBe(7);
      expect(page.pageSize).toBe(3);
      pages.push(page.page);
      seen.push(...page.items.map((n) => n.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([1, 2, 3]);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    // The three a minute apart are the newest.
    expect(seen.slice(0, 3)).toEqual(ids.slice(0, 3).reverse());

    // A notification arriving meanwhile does not shift the next page.
    const first = notificationPageSchema.parse(
      (await ana.agent.get("/api/me/notifications?limit=3")).json(),
    );
    await notify(t.database.db, [{ userId: ana.id, kind: "order_paid", message: "New one" }]);
    const second = notificationPageSchema.parse(
      (
        await ana.agent.get(
          `/api/me/notifications?limit=3&cursor=${encodeURIComponent(first.nextCursor ?? "")}`,
        )
      ).json(),
    );
    expect(second.items.map((n) => n.id)).toEqual(seen.slice(3, 6));
    expect(second.unreadCount).toBe(8);
  });

  it("also pages by page number, as other lists do", async () => {
    const ana = await person("ana");
    await stored(ana.id, 5);
    const res = await ana.agent.get("/api/me/notifications?page=2&pageSize=2");
    const page = notificationPageSchema.parse(res.json());
    expect(page.items.map((n) => n.text)).toEqual(["Notice 3", "Notice 2"]);
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(page.nextCursor).not.toBeNull();
  });

  it("refuses a malformed cursor or limit with a 400 naming the field", async () => {
    const ana = await person("ana");
    for (const [query, field] of [
      ["cursor=yesterday", "cursor"],
      ["cursor=2026-01-01T00:00:00.000000Z_not-a-uuid", "cursor"],
      ["limit=0", "limit"],
      ["limit=101", "limit"],
      ["pageSize=many", "pageSize"],
    ] as const) {
      const res = await ana.agent.get(`/api/me/notifications?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
  });
});

describe("marking read", () => {
  it("marks one of your own read, once, and lowers the count", async () => {
    const ana = await person("ana");
    const [first, second] = await stored(ana.id, 2);

    const res = await ana.agent.post(`/api/me/notifications/${first}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      unreadCount: 1,
      notification: { id: first, read: true, text: "Notice 1" },
    });
    const readAt = res.json().notification.readAt as string;
    expect(Date.parse(readAt)).toBeGreaterThan(Date.now() - 60_000);

    // Again: still read at the first time.
    const again = await ana.agent.post(`/api/me/notifications/${first}/read`);
    expect(again.json()).toMatchObject({ unreadCount: 1, notification: { readAt } });

    const list = (await ana.agent.get("/api/me/notifications")).json();
    expect(list.unreadCount).toBe(1);
    expect(list.items.map((n: { id: string; read: boolean }) => [n.id, n.read])).toEqual([
      [second, false],
      [first, true],
    ]);
  });

  it("answers 404 for someone else's notification, and leaves it unread", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const [bens] = await stored(ben.id, 1);

    const res = await ana.agent.post(`/api/me/notifications/${bens}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("notification_not_found");
    expect((await ben.agent.get("/api/me/notifications")).json().unreadCount).toBe(1);

    const unknown = await ana.agent.post(
      "/api/me/notifications/00000000-0000-4000-8000-000000000000/read",
    );
    expect(unknown.statusCode).toBe(404);
    expect((await ana.agent.post("/api/me/notifications/nope/read")).statusCode).toBe(400);
  });

  it("marks all of yours read, nobody else's", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    await stored(ana.id, 3);
    await stored(ben.id, 2);

    const res = await ana.agent.post("/api/me/notifications/read-all");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 0 });
    const list = (await ana.agent.get("/api/me/notifications")).json();
    expect(list.unreadCount).toBe(0);
    expect(list.items.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await ben.agent.get("/api/me/notifications")).json().unreadCount).toBe(2);
  });
});

describe("notification preferences", () => {
  it("start from the registry's defaults: outbid, wins, sales, payments and messages emailed", async () => {
    const ana = await person("ana");
    const res = await ana.agent.get("/api/me/notification-preferences");
    expect(res.statusCode, res.body).toBe(200);
    const prefs = res.json();
    expect(Object.keys(prefs).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) {
      expect(prefs[kind], kind).toEqual({ email: NOTIFICATION_REGISTRY[kind].emailByDefault });
    }
    for (const kind of ["outbid", "auction_won", "auction_sold", "item_sold", "order_paid"]) {
      expect(prefs[kind].email, kind).toBe(true);
    }
    expect(prefs.message_received.email).toBe(true);
    expect(prefs.saved_search_match.email).toBe(false);
  });

  it("change only the kinds named, are kept, and are each user's own", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const res = await put(ana.agent, {
      outbid: { email: false },
      saved_search_match: { email: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outbid: { email: false },
      saved_search_match: { email: true },
      auction_won: { email: true },
    });
    await put(ana.agent, { outbid: { email: true } });
    const now = (await ana.agent.get("/api/me/notification-preferences")).json();
    expect(now).toMatchObject({ outbid: { email: true }, saved_search_match: { email: true } });
    const bens = (await ben.agent.get("/api/me/notification-preferences")).json();
    expect(bens.saved_search_match).toEqual({ email: false });
  });

  it("refuse unknown kinds, a missing or non-boolean choice and an empty change with a 400", async () => {
    const ana = await person("ana");
    for (const body of [
      { sold: { email: false } },
      { outbid: { email: "no" } },
      { outbid: {} },
      { outbid: { email: false, sms: true } },
      {},
    ]) {
      const res = await put(ana.agent, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe("bad_request");
    }
    // Nothing was changed by the refusals.
    const prefs = (await ana.agent.get("/api/me/notification-preferences")).json();
    expect(prefs.outbid).toEqual({ email: true });
  });
});

describe("notification kinds", () => {
  it("stores only the registry's kinds", async () => {
    const ana = await createUser(t.database.db, "ana");
    await expect(
      t.database.db.execute(
        sql`insert into notifications (user_id, kind, message) values (${ana.id}, 'sold', 'x')`,
      ),
    ).rejects.toThrow();
  });

  it("words the outbid notice place_bid() stores as the registry does", async () => {
    const seller = await createUser(t.database.db, "seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: 'The "Blue" conch',
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const ana = await person("ana");
    const ben = await person("ben");
    expect(
      (await ana.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 1000 })).statusCode,
    ).toBe(201);
    const outbid = await ben.agent.post(`/api/listings/${listing.id}/bids`, { amountCents: 1500 });
    expect(outbid.statusCode).toBe(201);
    const price = outbid.json().auction.currentBidCents as number;

    const [notice] = (await ana.agent.get("/api/me/notifications")).json().items;
    expect(notice).toMatchObject({
      kind: "outbid",
      text: notificationText("outbid", { title: listing.title, price: formatMoney(price) }),
      link: `/listing/${listing.id}`,
    });
  });
});

describe("demo data", () => {
  it("gives Keisha an unread outbid notice and a read one", async () => {
    const [keisha] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "keisha@demo.tradewinds.test"));
    if (!keisha) throw new Error("no demo user keisha");
    const mine = await rows<{ kind: string; read: boolean; email_due: boolean }>(
      t.database.db,
      sql`select kind, read_at is not null as read, email_due_at is not null as email_due
          from notifications where user_id = ${keisha.id} order by created_at desc`,
    );
    expect(mine).toContainEqual({ kind: "outbid", read: false, email_due: false });
    expect(mine.some((n) => n.read)).toBe(true);
    // Nobody is emailed about demo data.
    expect(mine.every((n) => !n.email_due)).toBe(true);
  });
});
