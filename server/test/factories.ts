import { eq, isNull } from "drizzle-orm";
import type { App } from "../app";
import type { Db } from "../db/client";
import { sessions } from "../db/schema/accounts";
import { auctionSettings } from "../db/schema/auctions";
import { categories, territories } from "../db/schema/catalog";
import { listingImages, listings } from "../db/schema/listings";
import { users } from "../db/schema/users";
import { hashToken, newToken } from "../plugins/session";
import { Agent } from "./agent";

type ListingInsert = typeof listings.$inferInsert;

/** Inserts a listing (and its auction settings when `auction` is given) for one test's edge case. */
export async function createListing(
  db: Db,
  overrides: Partial<ListingInsert> & {
    auction?: Partial<typeof auctionSettings.$inferInsert> & { endTime: Date };
    images?: number;
  } = {},
) {
  const { auction, images = 1, ...fields } = overrides;
  const [seller] = await db.select({ id: users.id }).from(users).limit(1);
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(isNull(categories.parentId))
    .limit(1);
  const [territory] = await db.select({ id: territories.id }).from(territories).limit(1);
  if (!seller || !category || !territory) throw new Error("createListing needs the demo data");
  const [listing] = await db
    .insert(listings)
    .values({
      sellerId: seller.id,
      categoryId: category.id,
      territoryId: territory.id,
      title: "Test listing",
      description: "A listing made by a test.",
      kind: auction ? "auction" : "fixed_price",
      priceCents: 1000,
      quantity: 1,
      condition: "new",
      ...fields,
    })
    .returning();
  if (!listing) throw new Error("insert failed");
  if (auction) {
    await db
      .insert(auctionSettings)
      .values({ listingId: listing.id, startPriceCents: listing.priceCents, ...auction });
  }
  for (let i = 0; i < images; i++) {
    await db.insert(listingImages).values({
      listingId: listing.id,
      position: i,
      url: `/uploads/test/${listing.id}-${i}.webp`,
      thumbUrl: `/uploads/test/${listing.id}-${i}-thumb.webp`,
      width: 800,
      height: 800,
    });
  }
  return listing;
}

export async function userByUsername(db: Db, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user;
}

let userCounter = 0;

/**
 * A confirmed user without a password (tests sign them in directly). Their Deliver to is, unless
 * `deliverTo` says otherwise (null: never chose), the territory createListing lists in: checkout
 * needs one (issue 29), and there it charges what every listing charged before.
 */
export async function createUser(
  db: Db,
  name = "bidder",
  { deliverTo }: { deliverTo?: string | null } = {},
) {
  userCounter++;
  const [territory] = await db.select({ slug: territories.slug }).from(territories).limit(1);
  const username = `${name}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  const [user] = await db
    .insert(users)
    .values({
      email: `${username}@test.example`,
      username,
      fullName: `${name} ${userCounter}`,
      emailConfirmedAt: new Date(),
      deliverTo: deliverTo === undefined ? (territory?.slug ?? null) : deliverTo,
    })
    .returning();
  if (!user) throw new Error("insert failed");
  return user;
}

/** An agent already signed in as `userId`, by writing its session row the way sign-in does. */
export async function signedInAgent(app: App, db: Db, userId: string): Promise<Agent> {
  const agent = new Agent(app);
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  agent.cookies.set("tw_session", token);
  await agent.get("/api/auth/session");
  return agent;
}
