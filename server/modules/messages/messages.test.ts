import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAT_MESSAGES,
  type Conversation,
  conversationPageSchema,
  conversationSchema,
  MESSAGE_LIMITS,
  messagePageSchema,
  messageSchema,
  startedConversationSchema,
} from "../../../core/contracts/messages";
import { messageCreatedSchema, messagesReadSchema } from "../../../core/events";
import { notificationText } from "../../../core/notifications";
import { buildApp } from "../../app";
import { openDatabase } from "../../db/client";
import { rows } from "../../db/rows";
import { reports as reportsTable } from "../../db/schema/moderation";
import { notifications } from "../../db/schema/notifications";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { EventReader } from "../../test/event-reader";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { smtpMailer } from "../mail/mailer";
import { sendPendingNotificationEmails } from "../notifications/notification-emails.service";

const t = setUpTestApp();
let base = "";
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

interface Person {
  id: string;
  username: string;
  email: string;
  agent: Agent;
}

async function person(name: string): Promise<Person> {
  const user = await createUser(t.database.db, name);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    agent: await signedInAgent(t.app, t.database.db, user.id),
  };
}

/** `from` starts (or reopens) a conversation with `to`, with a message unless text is blank. */
async function start(from: Person, to: Person, body: Record<string, unknown> = {}) {
  const res = await from.agent.post("/api/me/conversations", {
    recipientId: to.id,
    text: "Hello there",
    ...body,
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return startedConversationSchema.parse(res.json());
}

async function send(from: Person, conversationId: string, text: string, attachments?: string[]) {
  const res = await from.agent.post(`/api/me/conversations/${conversationId}/messages`, {
    text,
    ...(attachments ? { attachments } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return messageSchema.parse(res.json());
}

async function folder(who: Person, name: string, search?: string) {
  const query = new URLSearchParams({ folder: name, ...(search ? { search } : {}) });
  const res = await who.agent.get(`/api/me/conversations?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return conversationPageSchema.parse(res.json());
}

const ids = (page: { items: Conversation[] }) => page.items.map((c) => c.id);

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
    .png()
    .toBuffer();

async function attach(who: Person, name = "photo.png", data?: Buffer) {
  const res = await who.agent.upload(
    "/api/me/message-attachments",
    name,
    "image/png",
    data ?? (await png()),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; thumbUrl: string | null };
}

describe("signed out", () => {
  it("answers 401 on every messages route", async () => {
    const visitor = new Agent(t.app);
    const id = "00000000-0000-4000-8000-000000000000";
    const answers = await Promise.all([
      visitor.get("/api/me/conversations"),
      visitor.post("/api/me/conversations", { recipientId: id, text: "hi" }),
      visitor.get(`/api/me/conversations/${id}`),
      visitor.patch(`/api/me/conversations/${id}`, { folder: "archived" }),
      visitor.get(`/api/me/conversations/${id}/messages`),
      visitor.post(`/api/me/conversations/${id}/messages`, { text: "hi" }),
      visitor.post(`/api/me/conversations/${id}/read`),
      visitor.post(`/api/me/conversations/${id}/reports`, { reason: "spam" }),
      visitor.post("/api/me/blocks", { userId: id }),
      visitor.delete(`/api/me/blocks/${id}`),
      visitor.get(`/api/me/message-attachments/${id}`),
      visitor.upload("/api/me/message-attachments", "a.png", "image/png", await png()),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().error.code).toBe("unauthorized");
    }
  });
});

describe("a conversation is its two participants' alone", () => {
  it("answers 404 to anyone else on every endpoint, attachments and reports included", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const eve = await person("eve");
    const photo = await attach(ana);
    const { conversation } = await start(ana, ben, { attachments: [photo.id] });
    const id = conversation.id;

    const answers = [
      await eve.agent.get(`/api/me/conversations/${id}`),
      await eve.agent.patch(`/api/me/conversations/${id}`, { folder: "archived" }),
      await eve.agent.get(`/api/me/conversations/${id}/messages`),
      await eve.agent.post(`/api/me/conversations/${id}/messages`, { text: "let me in" }),
      await eve.agent.post(`/api/me/conversations/${id}/read`),
      await eve.agent.post(`/api/me/conversations/${id}/reports`, { reason: "spam" }),
      await eve.agent.get(photo.url),
      await eve.agent.get(photo.thumbUrl as string),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(404);
      expect(["conversation_not_found", "attachment_not_found"]).toContain(res.json().error.code);
    }
    // The same answer as for an id that does not exist: nothing tells the two apart.
    const unknown = await eve.agent.get(
      "/api/me/conversations/00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(answers[0]?.json());
    for (const name of ["inbox", "sent", "archived", "trash"])
      expect(ids(await folder(eve, name))).not.toContain(id);

    // Nothing changed for the two of them.
    expect((await ben.agent.get(`/api/me/conversations/${id}/messages`)).json().items).toHaveLength(
      1,
    );
    expect((await ben.agent.get(photo.url)).statusCode).toBe(200);
    expect(
      conversationSchema.parse((await ana.agent.get(`/api/me/conversations/${id}`)).json()),
    ).toMatchObject({ folder: "inbox", otherUser: { id: ben.id, username: ben.username } });
    const reports = await t.database.db
      .select()
      .from(reportsTable)
      .where(eq(reportsTable.conversationId, id));
    expect(reports).toEqual([]);
  });
});

describe("POST /api/me/conversations", () => {
  it("refuses to start one with yourself", async () => {
    const ana = await person("ana");
    const res = await ana.agent.post("/api/me/conversations", { recipientId: ana.id, text: "me" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: "cannot_message_self",
      message: CHAT_MESSAGES.cannotMessageSelf,
    });
  });

  it("answers 404 for an unknown recipient or listing, 422 for a listing neither party sells", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const nobody = "00000000-0000-4000-8000-000000000000";
    const unknownUser = await ana.agent.post("/api/me/conversations", { recipientId: nobody });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error.code).toBe("user_not_found");
    const unknownListing = await ana.agent.post("/api/me/conversations", {
      recipientId: ben.id,
      listingId: nobody,
    });
    expect(unknownListing.statusCode).toBe(404);
    expect(unknownListing.json().error.code).toBe("listing_not_found");
    const carl = await createUser(t.database.db, "carl");
    const carls = await createListing(t.database.db, { sellerId: carl.id });
    const notTheirs = await ana.agent.post("/api/me/conversations", {
      recipientId: ben.id,
      listingId: carls.id,
    });
    expect(notTheirs.statusCode).toBe(422);
    expect(notTheirs.json().error.code).toBe("listing_not_theirs");
  });

  it("starts one about a listing with the message, then reopens the same one", async () => {
    const buyer = await person("buyer");
    const seller = await person("seller");
    const listing = await createListing(t.database.db, {
      sellerId: seller.id,
      title: "Carved calabash bowl",
      priceCents: 4500,
    });
    const first = await buyer.agent.post("/api/me/conversations", {
      recipientId: seller.id,
      listingId: listing.id,
      text: "Is it still available?",
    });
    expect(first.statusCode, first.body).toBe(201);
    const started = startedConversationSchema.parse(first.json());
    expect(started.conversation).toMatchObject({
      otherUser: { id: seller.id, username: seller.username },
      listing: { id: listing.id, title: "Carved calabash bowl", priceCents: 4500 },
      lastMessage: { senderId: buyer.id, text: "Is it still available?", attachmentCount: 0 },
      unreadCount: 0,
      folder: "inbox",
      blockedByMe: false,
      blockedMe: false,
    });
    expect(started.conversation.listing?.thumbUrl).toMatch(/^\/uploads\//);
    expect(started.message).toMatchObject({ senderId: buyer.id, read: false, attachments: [] });

    // Either side starting again about the same listing lands in the same conversation.
    const again = await buyer.agent.post("/api/me/conversations", {
      recipientId: seller.id,
      listingId: listing.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      conversation: { id: started.conversation.id },
      message: null,
    });
    const fromSeller = await start(seller, buyer, { listingId: listing.id, text: "Yes it is!" });
    expect(fromSeller.conversation.id).toBe(started.conversation.id);
    const page = messagePageSchema.parse(
      (await buyer.agent.get(`/api/me/conversations/${started.conversation.id}/messages`)).json(),
    );
    expect(page.items.map((m) => m.text)).toEqual(["Is it still available?", "Yes it is!"]);

    // Another listing, or none, is another conversation; and none reopens too.
    const other = await createListing(t.database.db, { sellerId: seller.id });
    const second = await start(buyer, seller, { listingId: other.id });
    const general = await start(buyer, seller);
    const generalAgain = await start(buyer, seller, { text: "" });
    expect(
      new Set([started.conversation.id, second.conversation.id, general.conversation.id]).size,
    ).toBe(3);
    expect(generalAgain.conversation.id).toBe(general.conversation.id);
  });

  it("reopens a trashed conversation into the starter's inbox", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben);
    await ana.agent.patch(`/api/me/conversations/${conversation.id}`, { folder: "trash" });
    const reopened = await start(ana, ben, { text: "" });
    expect(reopened.conversation).toMatchObject({ id: conversation.id, folder: "inbox" });
  });
});

describe("sending messages", () => {
  it("refuses blank text without attachments, and text over the limit", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben);
    const url = `/api/me/conversations/${conversation.id}/messages`;
    for (const body of [{ text: "" }, { text: "   \n\t " }, {}]) {
      const res = await ana.agent.post(url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: "message_empty",
        message: CHAT_MESSAGES.empty,
      });
    }
    const tooLong = await ana.agent.post(url, { text: "x".repeat(MESSAGE_LIMITS.textMax + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.text).toBe("Messages can be at most 5000 characters.");
    const longest = await send(ana, conversation.id, "y".repeat(MESSAGE_LIMITS.textMax));
    expect(longest.text).toHaveLength(MESSAGE_LIMITS.textMax);
  });

  it("takes the sender's own unsent attachments only, at most five", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben);
    const url = `/api/me/conversations/${conversation.id}/messages`;

    const six = [];
    for (let i = 0; i < 6; i++) six.push((await attach(ana, `p${i}.png`)).id);
    const tooMany = await ana.agent.post(url, { text: "", attachments: six });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.attachments).toBe("Attach at most 5 files.");

    const bens = await attach(ben);
    const notMine = await ana.agent.post(url, { text: "look", attachments: [six[0], bens.id] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.code).toBe("attachment_invalid");
    // Refused whole: the sender's own attachment is still unsent and usable.
    const sent = await send(ana, conversation.id, "", six.slice(0, 5));
    expect(sent.attachments.map((a) => a.id)).toEqual(six.slice(0, 5));
    expect(sent.attachments[0]).toMatchObject({ type: "image", name: "p0.png" });

    const twice = await ana.agent.post(url, { text: "again", attachments: [six[0]] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe("attachment_invalid");
    const duplicated = await ana.agent.post(url, { text: "dup", attachments: [six[5], six[5]] });
    expect(duplicated.statusCode).toBe(400);
    expect(duplicated.json().error.code).toBe("attachment_invalid");
    const unknown = await ana.agent.post(url, {
      attachments: ["00000000-0000-4000-8000-000000000000"],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("pages older messages with `before`, oldest first", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "m1" });
    for (let i = 2; i <= 35; i++) await send(i % 2 ? ana : ben, conversation.id, `m${i}`);
    const url = `/api/me/conversations/${conversation.id}/messages`;
    const newest = messagePageSchema.parse((await ben.agent.get(url)).json());
    expect(newest.items).toHaveLength(MESSAGE_LIMITS.pageSize);
    expect(newest.items[0]?.text).toBe("m6");
    expect(newest.items.at(-1)?.text).toBe("m35");
    expect(newest.hasMore).toBe(true);
    const older = messagePageSchema.parse(
      (await ben.agent.get(`${url}?before=${newest.items[0]?.id}`)).json(),
    );
    expect(older.items.map((m) => m.text)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(older.hasMore).toBe(false);
    const small = messagePageSchema.parse((await ben.agent.get(`${url}?limit=2`)).json());
    expect(small.items.map((m) => m.text)).toEqual(["m34", "m35"]);
  });
});

describe("blocking", () => {
  it("stops messages both ways until lifted, and shows who blocked whom", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben);
    const url = `/api/me/conversations/${conversation.id}/messages`;

    for (let i = 0; i < 2; i++) {
      const blocked = await ana.agent.post("/api/me/blocks", { userId: ben.id });
      expect(blocked.statusCode, blocked.body).toBe(204);
    }
    for (const [who, path] of [
      [ben, url],
      [ana, url],
    ] as const) {
      const res = await who.agent.post(path, { text: "hello?" });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: "user_blocked",
        message: CHAT_MESSAGES.blocked,
      });
    }
    const restart = await ben.agent.post("/api/me/conversations", {
      recipientId: ana.id,
      text: "new one?",
    });
    expect(restart.statusCode).toBe(403);
    expect(restart.json().error.message).toBe(CHAT_MESSAGES.blocked);
    expect((await ana.agent.get(`/api/me/conversations/${conversation.id}`)).json()).toMatchObject({
      blockedByMe: true,
      blockedMe: false,
    });
    expect((await ben.agent.get(`/api/me/conversations/${conversation.id}`)).json()).toMatchObject({
      blockedByMe: false,
      blockedMe: true,
    });
    // Reading what was said stays possible.
    expect((await ben.agent.get(url)).statusCode).toBe(200);

    for (let i = 0; i < 2; i++)
      expect((await ana.agent.delete(`/api/me/blocks/${ben.id}`)).statusCode).toBe(204);
    await send(ben, conversation.id, "Thanks for unblocking me");
  });

  it("refuses blocking yourself or somebody unknown", async () => {
    const ana = await person("ana");
    const self = await ana.agent.post("/api/me/blocks", { userId: ana.id });
    expect(self.statusCode).toBe(422);
    const unknown = await ana.agent.post("/api/me/blocks", {
      userId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("user_not_found");
  });
});

describe("suspended accounts", () => {
  const setSuspended = (id: string, suspended: boolean) =>
    t.database.db.execute(
      suspended
        ? sql`update users set suspended_at = now(), suspension_reason = 'Spam.' where id = ${id}`
        : sql`update users set suspended_at = null, suspension_reason = null where id = ${id}`,
    );

  it("takes no message to a suspended user and says so, until they are reinstated", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben);
    const id = conversation.id;
    expect(conversation.otherSuspended).toBe(false);
    await setSuspended(ben.id, true);

    const shown = conversationSchema.parse(
      (await ana.agent.get(`/api/me/conversations/${id}`)).json(),
    );
    expect(shown.otherSuspended).toBe(true);
    expect((await folder(ana, "sent")).items[0]?.otherSuspended).toBe(true);

    const { id: attachment } = await attach(ana);
    for (const [path, body] of [
      [`/api/me/conversations/${id}/messages`, { text: "Are you there?" }],
      [`/api/me/conversations/${id}/messages`, { attachments: [attachment] }],
      ["/api/me/conversations", { recipientId: ben.id, text: "Hello again" }],
      [
        "/api/me/conversations",
        {
          recipientId: ben.id,
          listingId: (await createListing(t.database.db, { sellerId: ben.id })).id,
          text: "About your listing",
        },
      ],
    ] as const) {
      const res = await ana.agent.post(path, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toEqual({
        code: "recipient_suspended",
        message: CHAT_MESSAGES.suspended,
      });
    }
    // Nothing was written, the attachment is still hers to send, and he was told of nothing new.
    const page = messagePageSchema.parse(
      (await ana.agent.get(`/api/me/conversations/${id}/messages`)).json(),
    );
    expect(page.items.map((m) => m.text)).toEqual(["Hello there"]);
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ben.id), eq(notifications.kind, "message_received")));
    expect(notices).toHaveLength(1);
    // Reopening without a word still opens the thread, which shows the suspension.
    const reopened = await start(ana, ben, { text: "" });
    expect(reopened.conversation).toMatchObject({ id, otherSuspended: true });
    expect(reopened.message).toBeNull();

    await setSuspended(ben.id, false);
    expect(
      conversationSchema.parse((await ana.agent.get(`/api/me/conversations/${id}`)).json())
        .otherSuspended,
    ).toBe(false);
    await send(ana, id, "Welcome back", [attachment]);
  });
});

describe("folders", () => {
  it("archives, trashes and restores per user: the other side keeps it in the inbox", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben);
    await send(ben, conversation.id, "Hi Ana");
    const id = conversation.id;
    const move = (to: string) => ana.agent.patch(`/api/me/conversations/${id}`, { folder: to });

    const archived = await move("archived");
    expect(archived.statusCode, archived.body).toBe(200);
    expect(conversationSchema.parse(archived.json()).folder).toBe("archived");
    expect(ids(await folder(ana, "inbox"))).not.toContain(id);
    expect(ids(await folder(ana, "archived"))).toEqual([id]);
    expect(ids(await folder(ben, "inbox"))).toEqual([id]);

    await move("trash");
    const anas = await folder(ana, "trash");
    expect(ids(anas)).toEqual([id]);
    expect(anas.folderCounts).toEqual({ inbox: 0, sent: 0, archived: 0, trash: 1 });
    expect(ids(await folder(ben, "inbox"))).toEqual([id]);

    await move("inbox");
    expect(ids(await folder(ana, "inbox"))).toEqual([id]);
    expect(ids(await folder(ana, "trash"))).toEqual([]);

    // A new message from the other side brings a trashed conversation back to the inbox.
    await move("trash");
    await send(ben, conversation.id, "Still there?");
    expect(ids(await folder(ana, "inbox"))).toEqual([id]);

    const bad = await ana.agent.patch(`/api/me/conversations/${id}`, { folder: "sent" });
    expect(bad.statusCode).toBe(400);
  });

  it("lists in Sent what you wrote in, in the Inbox what the other side wrote", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "Are you there?" });
    const id = conversation.id;
    expect(ids(await folder(ana, "sent"))).toEqual([id]);
    expect(ids(await folder(ana, "inbox"))).toEqual([]);
    expect(ids(await folder(ben, "inbox"))).toEqual([id]);
    expect(ids(await folder(ben, "sent"))).toEqual([]);

    await send(ben, id, "Yes!");
    expect(ids(await folder(ana, "inbox"))).toEqual([id]);
    const bens = await folder(ben, "sent");
    expect(ids(bens)).toEqual([id]);
    expect(bens.folderCounts).toEqual({ inbox: 1, sent: 1, archived: 0, trash: 0 });
  });

  it("shows a conversation opened without a word to the other side only once it has a message", async () => {
    const ana = await person("ana");
    const cleo = await person("cleo");
    const listing = await createListing(t.database.db, { sellerId: ana.id });
    // Purchase History's Contact seller opens the thread with nothing written yet.
    const empty = await start(cleo, ana, { listingId: listing.id, text: "" });
    expect(empty.message).toBeNull();
    const id = empty.conversation.id;
    for (const name of ["inbox", "sent", "archived", "trash"]) {
      const anas = await folder(ana, name);
      expect(ids(anas)).toEqual([]);
      expect(anas.total).toBe(0);
      expect(anas.unreadTotal).toBe(0);
      expect(anas.folderCounts).toEqual({ inbox: 0, sent: 0, archived: 0, trash: 0 });
    }
    expect(ids(await folder(cleo, "inbox"))).toEqual([]);
    expect(ids(await folder(cleo, "sent"))).toEqual([]);

    // The first message brings it to her inbox, unread, and to his Sent.
    await send(cleo, id, "Has my order shipped yet?");
    const inbox = await folder(ana, "inbox");
    expect(inbox.items.map((c) => [c.id, c.unreadCount, c.lastMessage?.text])).toEqual([
      [id, 1, "Has my order shipped yet?"],
    ]);
    expect(inbox.unreadTotal).toBe(1);
    expect(inbox.folderCounts).toEqual({ inbox: 1, sent: 0, archived: 0, trash: 0 });
    expect(ids(await folder(cleo, "sent"))).toEqual([id]);
  });

  it("says which folders list it, so restoring an unanswered one says Sent, not Inbox", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "Are you there?" });
    const id = conversation.id;
    expect(conversation.listedIn).toEqual(["sent"]);
    const move = async (to: string) => {
      const res = await ana.agent.patch(`/api/me/conversations/${id}`, { folder: to });
      expect(res.statusCode, res.body).toBe(200);
      return conversationSchema.parse(res.json()).listedIn;
    };

    expect(await move("trash")).toEqual(["trash"]);
    // Nobody answered: restored, it lists under Sent only, as before it was trashed.
    expect(await move("inbox")).toEqual(["sent"]);
    expect(ids(await folder(ana, "sent"))).toEqual([id]);
    expect(ids(await folder(ana, "inbox"))).toEqual([]);
    expect(await move("archived")).toEqual(["archived"]);

    // Once answered it is in both of hers, and in both of his.
    await send(ben, id, "Yes, I am.");
    const anas = conversationSchema.parse(
      (await ana.agent.get(`/api/me/conversations/${id}`)).json(),
    );
    expect(anas.listedIn).toEqual(["inbox", "sent"]);
    expect(await move("trash")).toEqual(["trash"]);
    expect(await move("inbox")).toEqual(["inbox", "sent"]);
    expect(ids(await folder(ana, "inbox"))).toEqual([id]);
    const bens = conversationSchema.parse(
      (await ben.agent.get(`/api/me/conversations/${id}`)).json(),
    );
    expect(bens.listedIn).toEqual(["inbox", "sent"]);
  });

  it("searches message text, the other user's name and the listing's title", async () => {
    const ana = await person("ana");
    const ben = await person("bartholomew");
    const cleo = await person("cleo");
    const listing = await createListing(t.database.db, {
      sellerId: ben.id,
      title: "Hand-woven straw hat",
    });
    const hat = await start(ana, ben, { listingId: listing.id, text: "Nice hat" });
    const rum = await start(cleo, ana, { text: "Fancy some aged 100% rum_cake?" });
    await send(ana, rum.conversation.id, "Yes please");

    const search = async (q: string) => ids(await folder(ana, "inbox", q)).sort();
    expect(await search("straw")).toEqual([]);
    // Ana wrote in both, but only Cleo's conversation has a message to her: search Sent for Ben's.
    expect(ids(await folder(ana, "sent", "STRAW"))).toEqual([hat.conversation.id]);
    expect(ids(await folder(ana, "sent", "bartholo"))).toEqual([hat.conversation.id]);
    expect(await search("rum_cake")).toEqual([rum.conversation.id]);
    // % and _ are letters here, not wildcards.
    expect(await search("100%")).toEqual([rum.conversation.id]);
    expect(await search("rum%cake")).toEqual([]);
    expect(await search("cleo")).toEqual([rum.conversation.id]);
    expect(await search("nothing like this")).toEqual([]);
  });
});

describe("unread counts and reading", () => {
  it("counts unread messages per conversation and in all, and marks them read", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "One" });
    await send(ana, conversation.id, "Two");
    const second = await start(ana, ben, {
      listingId: (await createListing(t.database.db, { sellerId: ben.id })).id,
      text: "Three",
    });

    const inbox = await folder(ben, "inbox");
    expect(inbox.unreadTotal).toBe(3);
    expect(inbox.items.map((c) => [c.id, c.unreadCount])).toEqual([
      [second.conversation.id, 1],
      [conversation.id, 2],
    ]);
    expect((await folder(ana, "sent")).unreadTotal).toBe(0);

    // Ben was notified once per message.
    const notices = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ben.id), eq(notifications.kind, "message_received")));
    expect(notices).toHaveLength(3);
    expect(notices.find((n) => n.conversationId === conversation.id)).toMatchObject({
      message: notificationText("message_received", { from: ana.username }),
      link: `/messages/${conversation.id}`,
      readAt: null,
    });

    const read = await ben.agent.post(`/api/me/conversations/${conversation.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ unreadTotal: 1 });
    const messages = messagePageSchema.parse(
      (await ana.agent.get(`/api/me/conversations/${conversation.id}/messages`)).json(),
    );
    expect(messages.items.map((m) => m.read)).toEqual([true, true]);
    // Reading the chat reads its notices too, and no others.
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, ben.id));
    expect(
      after.filter((n) => n.kind === "message_received" && n.readAt === null).map((n) => n.id),
    ).toEqual(notices.filter((n) => n.conversationId === second.conversation.id).map((n) => n.id));

    // Trashed conversations leave the badge.
    await ben.agent.patch(`/api/me/conversations/${second.conversation.id}`, { folder: "trash" });
    expect((await folder(ben, "inbox")).unreadTotal).toBe(0);
    // Marking read again changes nothing; the sender's own messages are never "to" them.
    expect((await ana.agent.post(`/api/me/conversations/${conversation.id}/read`)).json()).toEqual({
      unreadTotal: 0,
    });
  });
});

describe("reports", () => {
  it("stores a participant's report for moderation", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ben, ana, { text: "Buy cheap watches!!!" });
    const res = await ana.agent.post(`/api/me/conversations/${conversation.id}/reports`, {
      reason: "spam",
      comment: "  Unsolicited ads  ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(reportsTable)
      .where(eq(reportsTable.id, res.json().id));
    expect(stored).toMatchObject({
      subjectKind: "conversation",
      conversationId: conversation.id,
      reportedUserId: ben.id,
      reporterId: ana.id,
      reason: "spam",
      comment: "Unsolicited ads",
      status: "open",
    });
    const bad = await ana.agent.post(`/api/me/conversations/${conversation.id}/reports`, {
      reason: "boring",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.reason).toBe("Choose a reason");
  });
});

describe("many sends at once", () => {
  // The pool-exhaustion deadlock bench:messages found: each send held a pooled connection in its
  // transaction while asking the pool for another to count its limit. With a pool of 2 and ten
  // sends at once, every connection waited for one and none was freed (the test would time out).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "never wait on each other for a pooled connection",
    { tags: ["postgres"], timeout: 20_000 },
    async () => {
      const [current] = await rows<{ db: string }>(
        t.database.db,
        sql`select current_database() as db`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${current?.db}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 2 });
      const app = await buildApp({ config: t.app.config, database, logger: false });
      try {
        await app.ready();
        const people = await Promise.all(
          Array.from({ length: 10 }, (_, i) => createUser(t.database.db, `crowd${i}`)),
        );
        const pairs = [];
        for (let i = 0; i < people.length; i += 2) {
          const from = people[i] as { id: string };
          const to = people[i + 1] as { id: string };
          pairs.push({ agent: await signedInAgent(app, database.db, from.id), to: to.id });
        }
        const started = await Promise.all(
          pairs.map(({ agent, to }) =>
            agent.post("/api/me/conversations", { recipientId: to, text: "First" }),
          ),
        );
        expect(started.map((r) => r.statusCode)).toEqual(pairs.map(() => 201));
        const sent = await Promise.all(
          pairs.flatMap(({ agent }, i) => {
            const id = startedConversationSchema.parse(started[i]?.json()).conversation.id;
            return [1, 2].map((n) =>
              agent.post(`/api/me/conversations/${id}/messages`, { text: `Again ${n}` }),
            );
          }),
        );
        expect(sent.map((r) => r.statusCode)).toEqual(sent.map(() => 201));
      } finally {
        await app.close();
        await database.close();
      }
    },
  );
});

describe("rate limits", () => {
  it(`lets a user send ${MESSAGE_LIMITS.messagesPerMinute} messages a minute`, async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "1" });
    for (let i = 2; i <= MESSAGE_LIMITS.messagesPerMinute; i++)
      await send(ana, conversation.id, String(i));
    const over = await ana.agent.post(`/api/me/conversations/${conversation.id}/messages`, {
      text: "one too many",
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("rate_limited");
    expect(over.json().error.message).toMatch(
      /^You're sending messages too quickly\. Please wait \d+ seconds and try again\.$/,
    );
    // Each sender has their own allowance.
    await send(ben, conversation.id, "My turn");
  });

  it(`lets a user start ${MESSAGE_LIMITS.conversationsPerHour} new conversations an hour; reopening is free`, async () => {
    const ana = await person("ana");
    const people: Person[] = [];
    for (let i = 0; i <= MESSAGE_LIMITS.conversationsPerHour; i++) people.push(await person("p"));
    for (const p of people.slice(0, MESSAGE_LIMITS.conversationsPerHour))
      await start(ana, p, { text: "" });
    const last = people[MESSAGE_LIMITS.conversationsPerHour] as Person;
    const over = await ana.agent.post("/api/me/conversations", { recipientId: last.id });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(
      /^You've started too many new conversations in the last hour\. Please wait \d+ minutes and try again\.$/,
    );
    await start(ana, people[0] as Person, { text: "Reopened" });
  });
});

async function connect(who: Person) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live`, {
    headers: { cookie: who.agent.cookieHeader() },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const events = new EventReader((res.body as ReadableStream<Uint8Array>).getReader());
  // Connected and following once the snapshot arrives.
  await events.next("notifications.unread");
  return { events, close: () => controller.abort() };
}

describe("live", () => {
  it("tells both participants of a new message, and of it being read", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const eve = await person("eve");
    const { conversation } = await start(ana, ben, { text: "" });
    const [anas, bens, eves] = [await connect(ana), await connect(ben), await connect(eve)];

    const sent = await send(ana, conversation.id, "Live hello");
    const toBen = messageCreatedSchema.parse(await bens.events.next("message.created"));
    expect(toBen).toEqual({ message: sent, unreadTotal: 1 });
    const toAna = messageCreatedSchema.parse(await anas.events.next("message.created"));
    expect(toAna).toEqual({ message: sent, unreadTotal: 0 });
    // Ben's bell hears of the notice too.
    await bens.events.next("notification.created");
    await expect(eves.events.next("message.created", 300)).rejects.toThrow(/no message.created/);

    await ben.agent.post(`/api/me/conversations/${conversation.id}/read`);
    expect(messagesReadSchema.parse(await bens.events.next("messages.read"))).toEqual({
      conversationId: conversation.id,
      unreadTotal: 0,
    });
    expect(messagesReadSchema.parse(await anas.events.next("messages.read"))).toEqual({
      conversationId: conversation.id,
      unreadTotal: 0,
    });
    // Nothing left unread: no event for marking read again.
    await ben.agent.post(`/api/me/conversations/${conversation.id}/read`);
    await expect(anas.events.next("messages.read", 300)).rejects.toThrow(/no messages.read/);
    for (const tab of [anas, bens, eves]) tab.close();
  });

  it("tells of a long message too, in its own words, with the totals after it", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "First" });
    // Ben trashed it with one message unread: that one counts again once a new message brings it back.
    await ben.agent.patch(`/api/me/conversations/${conversation.id}`, { folder: "trash" });
    const [anas, bens] = [await connect(ana), await connect(ben)];

    // The next message.created a connection is told: `message`, with its reader's unread total.
    const told = async (tab: typeof anas, message: unknown, unreadTotal: number) =>
      expect(messageCreatedSchema.parse(await tab.events.next("message.created"))).toEqual({
        message,
        unreadTotal,
      });
    const quoted = `He said "no" \\ <b>&amp;</b> 'yes'`;
    const sent = await send(ana, conversation.id, quoted);
    expect(sent.text).toBe(quoted);
    await told(bens, sent, 2);
    await told(anas, sent, 0);
    // 5,000 characters of three bytes each: too long for a NOTIFY, so the payload is stored.
    const long = "€".repeat(MESSAGE_LIMITS.textMax);
    const sentLong = await send(ben, conversation.id, long);
    expect(sentLong.text).toBe(long);
    await told(anas, sentLong, 1);
    await told(bens, sentLong, 2);
    // Ana trashed it with Ben's long message unread and writes in it again: it counts for her too.
    await ana.agent.patch(`/api/me/conversations/${conversation.id}`, { folder: "trash" });
    const back = await send(ana, conversation.id, "Back again");
    await told(bens, back, 3);
    await told(anas, back, 1);
    // What was told and answered is what was stored, to the millisecond.
    const stored = await ben.agent.get(`/api/me/conversations/${conversation.id}/messages`);
    expect(stored.json().items.at(-1)).toEqual(back);
    for (const tab of [anas, bens]) tab.close();
  });
});

describe("message emails", () => {
  const received: { to: string; subject: string; text: string; html: string }[] = [];
  let smtp: SMTPServer;
  let deps: Parameters<typeof sendPendingNotificationEmails>[0];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({
              to: session.envelope.rcptTo[0]?.address ?? "",
              subject: mail.subject ?? "",
              text: mail.text ?? "",
              html: typeof mail.html === "string" ? mail.html : "",
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

  /** Runs the email worker as if the messages' email delay had passed; answers `to`'s emails. */
  async function deliver(to: Person) {
    await t.database.db.execute(
      sql`update notifications set email_due_at = now() where email_due_at > now()`,
    );
    received.length = 0;
    await sendPendingNotificationEmails(deps);
    return received.filter((m) => m.to === to.email);
  }

  async function due(userId: string) {
    return rows<{ id: string }>(
      t.database.db,
      sql`select id from notifications where user_id = ${userId} and email_due_at is not null`,
    );
  }

  it("waits a moment, then makes one email of several messages, quoting the first", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, {
      text: `Hello Ben, <b>is</b> the boat still for sale?\n\n${"Lots of detail. ".repeat(30)}`,
    });
    await send(ana, conversation.id, "And the trailer?");
    // Not yet: someone with the chat open reads it first.
    received.length = 0;
    await sendPendingNotificationEmails(deps);
    expect(received.filter((m) => m.to === ben.email)).toEqual([]);
    // One email is waiting, for both messages.
    expect(await due(ben.id)).toHaveLength(1);

    const mails = await deliver(ben);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe(ben.email);
    expect(mail?.subject).toBe(`You have a new message from ${ana.username}`);
    expect(mail?.text).toContain('"Hello Ben, <b>is</b> the boat still for sale? Lots of detail.');
    expect(mail?.text).toContain("…");
    expect(mail?.text).not.toContain("And the trailer?");
    expect(mail?.text).toContain("You have 1 more unread message from them.");
    expect(mail?.text).toContain(`http://localhost:3000/messages/${conversation.id}`);
    // The message's markup is text in the HTML part, never markup.
    expect(mail?.html).toContain("&#60;b&#62;is&#60;/b&#62;");
    expect(mail?.html).not.toContain("<b>is</b>");
    expect(await due(ben.id)).toHaveLength(0);

    // The next message, after that email, gets its own, about itself.
    await send(ana, conversation.id, "Ben?");
    const next = await deliver(ben);
    expect(next.map((m) => m.subject)).toEqual([`You have a new message from ${ana.username}`]);
    expect(next[0]?.text).toContain('"Ben?"');
    expect(next[0]?.text).not.toContain("more unread");
  });

  it("sends none when the recipient read the chat first, or turned message emails off", async () => {
    const ana = await person("ana");
    const ben = await person("ben");
    const { conversation } = await start(ana, ben, { text: "Quick question" });
    await ben.agent.post(`/api/me/conversations/${conversation.id}/read`);
    expect(await deliver(ben)).toEqual([]);
    expect(await due(ben.id)).toHaveLength(0);

    const off = await ben.agent.request("PUT", "/api/me/notification-preferences", {
      message_received: { email: false },
    });
    expect(off.statusCode).toBe(200);
    await send(ana, conversation.id, "Another one");
    expect(await deliver(ben)).toEqual([]);
    // The notice itself stays in the app.
    const list = (await ben.agent.get("/api/me/notifications")).json();
    expect(list.items[0]).toMatchObject({ kind: "message_received", read: false });
  });
});

describe("/uploads/private/", () => {
  it("is never served by the public static files, however the path is spelled", async () => {
    const ana = await person("ana");
    const photo = await attach(ana);
    const [row] = await rows<{ key: string }>(
      t.database.db,
      sql`select key from message_attachments where id = ${photo.id}`,
    );
    const key = row?.key as string;
    expect(key).toMatch(/^private\/messages\//);
    // The file is there, and the API serves it to its uploader...
    expect((await ana.agent.get(photo.url)).statusCode).toBe(200);
    // ...but no spelling of its public path does.
    const rest = key.slice("private/".length);
    const plain = await t.app.inject(`/uploads/${key}`);
    expect(plain.statusCode).toBe(404);
    for (const path of [
      `/uploads/${key}`,
      `/uploads/%70rivate/${rest}`,
      `/uploads/PRIVATE/${rest}`,
      `/uploads//private/${rest}`,
      `/uploads/seed/../private/${rest}`,
      `/uploads/seed/%2e%2e/private/${rest}`,
      `/uploads/private%2F${rest}`,
      "/uploads/private/",
    ]) {
      const res = await t.app.inject(path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.headers["content-type"] ?? "", path).not.toContain("image/");
    }
  });
});
