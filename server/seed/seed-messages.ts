import path from "node:path";
import { sql } from "drizzle-orm";
import { notificationText } from "../../core/notifications";
import type { Db } from "../db/client";
import { rows } from "../db/rows";
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messages,
} from "../db/schema/messages";
import { notifications } from "../db/schema/notifications";
import { PRIVATE_PREFIX, type Storage } from "../plugins/storage";
import { renderSeedImageWebp, type SeedImageJob } from "./seed-images";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Where the demo's image attachments are kept: a seed picture as WebP, in private storage. */
const SEED_ATTACHMENTS = `${PRIVATE_PREFIX}messages/seed/`;

interface DemoListing {
  id: string;
  title: string;
  sellerId: string;
  /** The listing's second picture (its first is on every card): the seller's "close-up". */
  imageUrl: string | null;
  thumbUrl: string | null;
}

/** Active listings of a demo seller, newest first, with their second picture. */
async function listingsOf(tx: Db, email: string, count: number): Promise<DemoListing[]> {
  return rows<DemoListing>(
    tx,
    sql`select l.id, l.title, l.seller_id as "sellerId", i.url as "imageUrl", i.thumb_url as "thumbUrl"
        from listings l
        join users u on u.id = l.seller_id and u.email = ${email}
        left join listing_images i on i.listing_id = l.id and i.position = 1
        where l.status = 'active' and l.kind = 'fixed_price'
        order by (i.url is not null) desc, l.created_at desc, l.id
        limit ${count}`,
  );
}

async function userId(tx: Db, email: string): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(tx, sql`select id from users where email = ${email}`);
  return row?.id;
}

interface DemoMessage {
  from: "buyer" | "seller";
  text: string;
  ago: number;
  /** Unread by its recipient. */
  unread?: boolean;
  /** Sends the listing's second picture as an image attachment. */
  photo?: boolean;
}

interface DemoConversation {
  buyer: string;
  seller: string;
  /** Which of the seller's listings (0 = newest). */
  listing: number;
  messages: (title: string) => DemoMessage[];
}

const demo = (name: string) => `${name}@demo.tradewinds.test`;

/**
 * Keisha has two conversations with unread replies (one with a photo), Jean-Luc a finished one
 * with Marcus, and Devon a question Aaliyah has not read yet.
 */
const CONVERSATIONS: DemoConversation[] = [
  {
    buyer: demo("keisha"),
    seller: demo("marcus"),
    listing: 0,
    messages: (title) => [
      {
        from: "buyer",
        text: `Hi Marcus, is the ${title} still available? Could you ship it to Nassau?`,
        ago: 3 * HOUR,
      },
      {
        from: "seller",
        text: "Hi Keisha! Yes, it's available. Shipping to Nassau takes 3 to 5 days.",
        ago: 2 * HOUR + 50 * MINUTE,
      },
      {
        from: "buyer",
        text: "Great. Is the price firm, or would you take a little less for two?",
        ago: 2 * HOUR + 45 * MINUTE,
      },
      {
        from: "seller",
        text: "For two I can do 10% off. Let me know and I'll set it up for you.",
        ago: 22 * MINUTE,
        unread: true,
      },
      {
        from: "seller",
        text: "I could also meet you in town next week if you'd rather collect them.",
        ago: 20 * MINUTE,
        unread: true,
      },
    ],
  },
  {
    buyer: demo("keisha"),
    seller: demo("aaliyah"),
    listing: 0,
    messages: (title) => [
      {
        from: "buyer",
        text: `Hello! Could you send me a close-up of the ${title}? I'd like to see the detail.`,
        ago: DAY,
      },
      {
        from: "seller",
        text: "Of course, here it is. Happy to answer anything else!",
        ago: 40 * MINUTE,
        unread: true,
        photo: true,
      },
    ],
  },
  {
    buyer: demo("jeanluc"),
    seller: demo("marcus"),
    listing: 1,
    messages: (title) => [
      {
        from: "buyer",
        text: `Bonjour Marcus, does the ${title} come with its original packaging?`,
        ago: 2 * DAY,
      },
      { from: "seller", text: "It does, and the receipt too.", ago: 2 * DAY - HOUR },
      { from: "buyer", text: "Perfect, thank you. I'll order it this week.", ago: DAY + 3 * HOUR },
    ],
  },
  {
    buyer: demo("devon"),
    seller: demo("aaliyah"),
    listing: 1,
    messages: (title) => [
      {
        from: "buyer",
        text: `Hi Aaliyah, would you combine shipping if I buy the ${title} and something else of yours?`,
        ago: 5 * HOUR,
        unread: true,
      },
    ],
  },
];

/**
 * Demo conversations between demo buyers and sellers about the sellers' listings, so /messages
 * shows something on a fresh `npm start`: some unread (with their message_received notices, stored
 * as already emailed), one with an image attachment whose bytes writeSeedAttachments copies into
 * private storage. Run once, inside the seed's transaction, after the listings are in.
 */
export async function seedDemoMessages(tx: Db, now: Date): Promise<void> {
  const at = (ago: number) => new Date(now.getTime() - ago);
  const used = new Map<string, DemoListing[]>();
  for (const plan of CONVERSATIONS) {
    const [buyerId, sellerId] = [await userId(tx, plan.buyer), await userId(tx, plan.seller)];
    if (!buyerId || !sellerId) continue;
    if (!used.has(plan.seller)) used.set(plan.seller, await listingsOf(tx, plan.seller, 2));
    const listing = used.get(plan.seller)?.[plan.listing];
    if (!listing) continue;
    const script = plan.messages(listing.title);
    const first = script[0];
    const last = script[script.length - 1];
    if (!first || !last) continue;
    const [userA, userB] = buyerId < sellerId ? [buyerId, sellerId] : [sellerId, buyerId];
    const [conversation] = await tx
      .insert(conversations)
      .values({
        userA,
        userB,
        listingId: listing.id,
        startedBy: buyerId,
        createdAt: at(first.ago),
        lastMessageAt: at(last.ago),
      })
      .returning({ id: conversations.id });
    if (!conversation) continue;
    const lastSent = (who: "buyer" | "seller") => {
      const mine = script.filter((m) => m.from === who);
      const latest = mine[mine.length - 1];
      return latest ? at(latest.ago) : null;
    };
    await tx.insert(conversationParticipants).values([
      { conversationId: conversation.id, userId: buyerId, lastSentAt: lastSent("buyer") },
      { conversationId: conversation.id, userId: sellerId, lastSentAt: lastSent("seller") },
    ]);
    for (const m of script) {
      const [senderId, recipientId] =
        m.from === "buyer" ? [buyerId, sellerId] : [sellerId, buyerId];
      const [message] = await tx
        .insert(messages)
        .values({
          conversationId: conversation.id,
          senderId,
          recipientId,
          text: m.text,
          createdAt: at(m.ago),
          // Read a few minutes after it arrived.
          readAt: m.unread ? null : at(m.ago - 5 * MINUTE),
        })
        .returning({ id: messages.id });
      if (m.photo && message && listing.imageUrl) {
        // The listing's picture is an SVG; an attachment is served as WebP like any sent photo.
        const stem = path.posix.basename(listing.imageUrl).replace(/\.[a-z]+$/, "");
        await tx.insert(messageAttachments).values({
          uploaderId: senderId,
          messageId: message.id,
          type: "image",
          key: `${SEED_ATTACHMENTS}${stem}.webp`,
          thumbKey: `${SEED_ATTACHMENTS}${stem}-thumb.webp`,
          name: "close-up.jpg",
          // Set when the picture is stored (writeSeedAttachments): its bytes do not exist yet.
          size: 0,
          contentType: "image/webp",
          width: 800,
          height: 800,
          createdAt: at(m.ago),
        });
      }
    }
    // The recipient's notice of the latest unread message, as sending it would have stored.
    const unread = script.filter((m) => m.unread);
    const latest = unread[unread.length - 1];
    if (latest) {
      const [from, to] = latest.from === "buyer" ? [plan.buyer, sellerId] : [plan.seller, buyerId];
      await tx.insert(notifications).values({
        userId: to,
        kind: "message_received",
        message: notificationText("message_received", { from: from.split("@")[0] ?? from }),
        link: `/messages/${conversation.id}`,
        conversationId: conversation.id,
        createdAt: at(latest.ago),
      });
    }
  }
}

/**
 * Renders the seed pictures the demo attachments show (their keys name the listing's picture:
 * `<listing key>-<n>.webp` and `-thumb.webp`) into private storage, where the API serves them to
 * the conversation's participants, and records their size. Run on every start, like the pictures:
 * a fresh bucket must still find them; those already stored are skipped with one read each.
 */
export async function writeSeedAttachments(
  db: Db,
  storage: Storage,
  jobs: readonly SeedImageJob[],
): Promise<number> {
  const found = await rows<{ id: string; key: string; thumbKey: string | null }>(
    db,
    sql`select id, key, thumb_key as "thumbKey" from message_attachments
        where key like ${`${SEED_ATTACHMENTS}%`}`,
  );
  const byKey = new Map(jobs.map((j) => [j.key, j]));
  let written = 0;
  for (const attachment of found) {
    const missing = [];
    for (const key of [attachment.key, attachment.thumbKey]) {
      if (key && !(await storage.get(key))) missing.push(key);
    }
    if (missing.length === 0) continue;
    const picture = /^(.+)-(\d+)\.webp$/.exec(path.posix.basename(attachment.key));
    const job = picture ? byKey.get(picture[1] ?? "") : undefined;
    if (!picture || !job) continue;
    const { large, thumb } = await renderSeedImageWebp(job, Number(picture[2]));
    for (const key of missing) {
      await storage.put(key, key === attachment.key ? large : thumb, "image/webp");
      written++;
    }
    await db.execute(
      sql`update message_attachments set size = ${large.length} where id = ${attachment.id}`,
    );
  }
  return written;
}
