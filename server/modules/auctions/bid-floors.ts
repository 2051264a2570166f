import { type AuctionChanged, topics } from "../../../core/events";
import type { Database, NamedStatement } from "../../db/client";
import type { Bus } from "../../plugins/realtime-bus";

/**
 * What one instance knows of the auctions being bid on through it, so that a bid the database
 * would certainly refuse is refused without asking it (decision 0013). In a bidding war most bids
 * arrive already beaten: their bidder saw a price that has moved since. Each of them cost a round
 * trip and a statement; with a thousand people bidding at once on one lot they crowded out the
 * bids that could win.
 *
 * The rule rests on one fact: an auction's price never falls (place_bid() is the only writer of
 * current_bid_cents, and each of its branches keeps or raises it; its leader's maximum is never
 * below it). So any price this instance has heard of (from the database's answer to a bid, from
 * an `auction.updated` event on the bus, from the read that started following the auction) is a
 * floor of the price now, and a bid whose amount and maximum are both at or below that floor is
 * refused by place_bid() whoever the leader is: a challenger needs the price plus an increment; the
 * leader needs a maximum above their own, which is at least the price. Such a bid is answered "too
 * low" at once. A bid above the floor goes to the database as before, so no bid the database would
 * accept is ever refused here.
 *
 * The answer may name an older minimum than the database would, and within CONFIRM_MS of the last
 * sign that the auction was open to bids, a change no event announces (the seller suspended, the
 * listing taken down without an end) is not yet seen: those bids are answered "too low" rather than
 * "not found". Either way they are refused and nothing is written.
 */

/** How long a sign that the auction takes bids (an answer from the database, an event) holds. */
export const CONFIRM_MS = 2_000;
/** An auction nobody bid on through this instance for this long is no longer followed. */
const IDLE_MS = 60_000;
/** Beyond this many followed auctions, a new one is not followed (its bids all go to the database). */
const MAX_AUCTIONS = 10_000;

interface Floor {
  /** Null until the read that started following the auction has answered. */
  sellerId: string | null;
  priceCents: number | null;
  minNextCents: number;
  leaderId: string | null;
  bidCount: number;
  endsAtMs: number;
  open: boolean;
  confirmedAtMs: number;
  usedAtMs: number;
  stop: () => void;
}

/** What a bid is checked against: a price the auction has reached, and its minimum then. */
export interface KnownPrice {
  priceCents: number;
  minNextCents: number;
}

/** The auction's facts after a change, as place_bid() answers them or an event carries them. */
export interface HeardState {
  priceCents: number | null;
  minNextCents: number;
  leaderId: string | null;
  bidCount: number;
  endsAt: Date | string;
  open: boolean;
}

const START_FOLLOWING: NamedStatement = {
  name: "bid_floor_start",
  text: `select l.seller_id, l.moderation = 'visible' and s.settled_at is null
      and auction_open(l.status, l.auction_ends_at) as open,
    s.current_bid_cents, s.leader_id, s.bid_count, s.end_time,
    auction_min_next_bid(s.start_price_cents, s.current_bid_cents) as min_next_cents
    from listings l join auction_settings s on s.listing_id = l.id where l.id = $1::uuid`,
};

interface StartRow extends Record<string, unknown> {
  seller_id: string;
  open: boolean;
  current_bid_cents: number | null;
  leader_id: string | null;
  bid_count: number;
  end_time: Date | string;
  min_next_cents: number;
}

export class BidFloors {
  private readonly floors = new Map<string, Floor>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly database: Pick<Database, "run">,
    private readonly bus: Bus,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), IDLE_MS / 2);
    this.sweeper.unref();
  }

  /**
   * The price `bidderId` may be refused against on `listingId`, if this instance knows one it can
   * use: the auction open to bids lately, with a price, and the bidder neither its seller nor its
   * leader as last heard (their refusals read otherwise). Starts following the auction if it
   * does not yet.
   */
  knownPrice(listingId: string, bidderId: string): KnownPrice | undefined {
    const now = this.now();
    const floor = this.floors.get(listingId) ?? this.follow(listingId, now);
    if (!floor) return undefined;
    floor.usedAtMs = now;
    if (
      floor.sellerId === null ||
      floor.sellerId === bidderId ||
      floor.leaderId === bidderId ||
      floor.priceCents === null ||
      !floor.open ||
      floor.endsAtMs <= now ||
      now - floor.confirmedAtMs > CONFIRM_MS
    )
      return undefined;
    return { priceCents: floor.priceCents, minNextCents: floor.minNextCents };
  }

  /** Records the auction's state after a change (a newer one than known only: bids only add). */
  heard(listingId: string, state: HeardState): void {
    const floor = this.floors.get(listingId);
    if (!floor || state.bidCount < floor.bidCount) return;
    // Once closed, only more bids show it open again: news of the same bids may predate the end.
    if (state.open && !floor.open && state.bidCount === floor.bidCount) return;
    floor.priceCents = state.priceCents;
    floor.minNextCents = state.minNextCents;
    floor.leaderId = state.leaderId;
    floor.bidCount = state.bidCount;
    floor.endsAtMs = new Date(state.endsAt).getTime();
    floor.open = state.open;
    if (state.open) floor.confirmedAtMs = this.now();
  }

  /** The database just decided a bid against the auction open to bids (a refusal for its amount). */
  confirmOpen(listingId: string): void {
    const floor = this.floors.get(listingId);
    if (floor?.open) floor.confirmedAtMs = this.now();
  }

  /** The database answered that the auction takes no bids (ended, gone, held back). */
  closed(listingId: string): void {
    const floor = this.floors.get(listingId);
    if (floor) floor.open = false;
  }

  /** Stops following every auction. */
  close(): void {
    clearInterval(this.sweeper);
    for (const floor of this.floors.values()) floor.stop();
    this.floors.clear();
  }

  private follow(listingId: string, now: number): Floor | undefined {
    if (this.floors.size >= MAX_AUCTIONS) return undefined;
    const floor: Floor = {
      sellerId: null,
      priceCents: null,
      minNextCents: 0,
      leaderId: null,
      bidCount: -1,
      endsAtMs: 0,
      open: false,
      confirmedAtMs: 0,
      usedAtMs: now,
      stop: () => undefined,
    };
    this.floors.set(listingId, floor);
    // Subscribed before the read: an event committed while it runs is not missed, and whichever of
    // the two is newer (more bids) wins.
    floor.stop = this.bus.subscribe(topics.auction(listingId), (event) => {
      if (event.name !== "auction.updated") return;
      const changed = event.data as AuctionChanged;
      const price = changed.facts.currentBidCents;
      this.heard(listingId, {
        priceCents: price,
        minNextCents:
          price === null ? changed.facts.startPriceCents : price + changed.incrementCents,
        leaderId: changed.facts.leaderId,
        bidCount: changed.facts.bidCount,
        endsAt: changed.facts.endsAt,
        open: changed.status === "active",
      });
    });
    this.database.run<StartRow>(START_FOLLOWING, [listingId]).then(
      ([row]) => {
        if (this.floors.get(listingId) !== floor) return;
        if (!row) {
          this.forget(listingId);
          return;
        }
        floor.sellerId = row.seller_id;
        this.heard(listingId, {
          priceCents: row.current_bid_cents,
          minNextCents: row.min_next_cents,
          leaderId: row.leader_id,
          bidCount: row.bid_count,
          endsAt: row.end_time,
          open: row.open,
        });
      },
      // Not followed then; the next bid tries again.
      () => this.forget(listingId),
    );
    return floor;
  }

  private forget(listingId: string): void {
    this.floors.get(listingId)?.stop();
    this.floors.delete(listingId);
  }

  private sweep(): void {
    const idleSince = this.now() - IDLE_MS;
    for (const [listingId, floor] of this.floors)
      if (floor.usedAtMs < idleSince) this.forget(listingId);
  }
}
