import { z } from "zod";
import { BID_MESSAGES } from "../bidding";
import { auctionStateSchema, bidHistoryItemSchema } from "./browse";
import { pageOf } from "./common";

export { BID_MESSAGES };

const cents = z
  .number({ message: BID_MESSAGES.invalid })
  .int(BID_MESSAGES.invalid)
  .positive(BID_MESSAGES.invalid)
  .max(1_000_000_000, BID_MESSAGES.invalid);

export const placeBidSchema = z.object({
  amountCents: cents,
  /** Optional proxy maximum: the system bids for you up to it, only as much as needed. */
  maxAmountCents: cents.nullish(),
});
export type PlaceBidInput = z.input<typeof placeBidSchema>;

export const placeBidResultSchema = z.object({
  auction: auctionStateSchema,
  /** False when a proxy maximum answered at once: the bid stands, but someone else leads. */
  leading: z.boolean(),
  message: z.string(),
});
export type PlaceBidResult = z.infer<typeof placeBidResultSchema>;

export const BID_STATUSES = ["active", "outbid", "won", "lost"] as const;

export const myBidSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  maxAmountCents: z.number().int().nullable(),
  placedAt: z.string(),
  status: z.enum(BID_STATUSES),
  /** A won auction's order while it awaits the bidder's payment (they pay at /checkout?order=). */
  payOrderId: z.string().nullable(),
  listing: z.object({
    id: z.string(),
    title: z.string(),
    image: z
      .object({ thumbUrl: z.string(), width: z.number().int(), height: z.number().int() })
      .nullable(),
    endsAt: z.string(),
    ended: z.boolean(),
    currentBidCents: z.number().int().nullable(),
  }),
});
export type MyBid = z.infer<typeof myBidSchema>;
export const myBidsPageSchema = pageOf(myBidSchema);
export type MyBidsPage = z.infer<typeof myBidsPageSchema>;

/** What the live channel sends for a subscribed auction (core/events.ts presents it). */
export const auctionUpdateSchema = z.object({
  listingId: z.string(),
  status: z.enum(["active", "ended", "sold"]),
  auction: auctionStateSchema,
  /** The bids this change recorded, newest first, for the history to show without a refetch. */
  bids: z.array(bidHistoryItemSchema),
});
export type AuctionUpdate = z.infer<typeof auctionUpdateSchema>;
