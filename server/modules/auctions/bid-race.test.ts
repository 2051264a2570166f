import { sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type AuctionBook,
  decideBid,
  type IncrementBand,
  incrementFor,
  minNextBidCents,
} from "../../../core/bidding";
import type { Db } from "../../db/client";
import { rows } from "../../db/rows";
import { secondInstance, setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser, signedInAgent } from "../../test/factories";
import { settleDueAuctions } from "./auction-settlement";
import { PLACE_BID, type PlaceBidRow, placeBidParams } from "./bidding.service";
import { loadIncrementBands } from "./increment-bands";

// Bids that reach the database at the same instant, on a PostgreSQL server. One instance no longer
// lets that happen (bid-floors.ts refuses beaten bids, BIDS_AT_ONCE sends one bid per auction at a
// time), so these tests go around it: many connections calling place_bid() directly, and two app
// instances each sending their own bid on one auction. PGlite has one connection: nothing races there.
//
// The invariants, checked after every race:
// - every accepted bid is one step of the proxy rule (decideBid) applied to the state the step
//   before left, in the order the database took them: no accepted bid was decided on a stale state;
// - so the price never falls, and the final price is the proxy rule's from the maxima alone: the
//   second-highest maximum plus one increment, capped at the highest (as it stood at the last bid by
//   anyone else), which leads, an equal maximum losing to the earlier one;
// - every refusal quoted a minimum the auction really had at some point;
// - exactly one leader, whose bids are the only active ones; the bid count is the visible bids';
// - after two instances settle it at once: one order, for the leader at the price, one bid won.

const t = setUpTestApp();
let bands: IncrementBand[];
beforeAll(async () => {
  bands = await loadIncrementBands(t.database.db);
  await recordSteps(t.database.db);
});

const START = 1000;

/** A small deterministic generator: the same race every run, only the interleaving differs. */
function randomFrom(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * Records, in the order the database applied them, every change of an auction's state: a trigger on
 * auction_settings, whose update happens under the row lock that orders the bids. With the state
 * before and after, it keeps the bid this transaction recorded for a challenger that did not take
 * the lead (the one step whose bidder the states do not show). Test database only.
 */
async function recordSteps(db: Db) {
  await db.execute(sql`create table race_steps (
    seq bigserial primary key, listing_id uuid,
    old_price integer, old_leader uuid, old_max integer, old_count integer,
    price integer, leader uuid, leader_max integer, count integer,
    challenger uuid, challenger_max integer)`);
  await db.execute(
    sql.raw(`create function race_record() returns trigger language plpgsql as $$
    declare
      c_bidder uuid;
      c_max integer;
    begin
      if new.leader_id is not distinct from old.leader_id and new.leader_max_cents is not distinct from old.leader_max_cents then
        -- The bids this transaction inserted (their xmin is its id) by someone other than the leader.
        select b.bidder_id, b.max_amount_cents into c_bidder, c_max from bids b
        where b.listing_id = new.listing_id and b.bidder_id is distinct from new.leader_id
          and b.xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text;
      end if;
      insert into race_steps (listing_id, old_price, old_leader, old_max, old_count, price, leader,
                              leader_max, count, challenger, challenger_max)
      values (new.listing_id, old.current_bid_cents, old.leader_id, old.leader_max_cents, old.bid_count,
              new.current_bid_cents, new.leader_id, new.leader_max_cents, new.bid_count,
              c_bidder, c_max);
      return new;
    end $$`),
  );
  await db.execute(
    sql.raw(`create trigger race_record after update of current_bid_cents, leader_id, leader_max_cents, bid_count
      on auction_settings for each row execute function race_record()`),
  );
}

interface Attempt {
  bidderId: string;
  amountCents: number;
  maxAmountCents: number | null;
}
type Outcome = { accepted: true } | { accepted: false; minimumCents: number | null };
type Tried = { attempt: Attempt; outcome: Outcome };
const maxOf = (a: Attempt) => a.maxAmountCents ?? a.amountCents;

/** Checks the invariants above on one auction after its race. */
async function expectProxyRuleHeld(db: Db, listingId: string, attempts: Tried[]) {
  const steps = await rows<{
    old_price: number | null;
    old_leader: string | null;
    old_max: number | null;
    old_count: number;
    price: number;
    leader: string;
    leader_max: number;
    count: number;
    challenger: string | null;
    challenger_max: number | null;
  }>(db, sql`select * from race_steps where listing_id = ${listingId} order by seq`);
  const unmatched = attempts.filter((a) => a.outcome.accepted).map((a) => a.attempt);
  // One state change per accepted bid, none for a refusal.
  expect(steps).toHaveLength(unmatched.length);
  expect(steps.length).toBeGreaterThan(15);

  // Replay in the database's order: each step starts from the state the step before left, and is
  // decideBid's answer to one accepted bid.
  let book: AuctionBook = {
    startPriceCents: START,
    reservePriceCents: null,
    currentBidCents: null,
    leaderId: null,
    leaderMaxCents: null,
  };
  let visibleBids = 0;
  let capAtLastChallenge = 0;
  const minimums = new Set<number>([START]);
  const maxima = new Map<string, { max: number; at: number }>();
  steps.forEach((step, i) => {
    expect(
      { price: step.old_price, leader: step.old_leader, max: step.old_max, count: step.old_count },
      `step ${i}`,
    ).toEqual({
      price: book.currentBidCents,
      leader: book.leaderId,
      max: book.leaderMaxCents,
      count: visibleBids,
    });
    // Whose bid it was: a new leader, the leader raising their maximum, or a challenger who lost.
    const sameLeader = step.leader === step.old_leader && step.leader_max === step.old_max;
    const bidderId = sameLeader ? step.challenger : step.leader;
    const max = sameLeader ? step.challenger_max : step.leader_max;
    const after = (a: Attempt) => {
      const decision = decideBid(book, a, bands);
      return decision.ok ? decision : null;
    };
    const index = unmatched.findIndex((a) => {
      if (a.bidderId !== bidderId || maxOf(a) !== max) return false;
      const d = after(a);
      return (
        d?.book.currentBidCents === step.price &&
        d.book.leaderId === step.leader &&
        d.book.leaderMaxCents === step.leader_max
      );
    });
    expect(
      index,
      `step ${i}: no accepted bid gives ${JSON.stringify(step)} from ${JSON.stringify(book)}`,
    ).toBeGreaterThanOrEqual(0);
    const [bid] = unmatched.splice(index, 1) as [Attempt];
    const decision = after(bid);
    if (!decision) throw new Error("unreachable: matched above");
    if (bid.bidderId !== book.leaderId) capAtLastChallenge = decision.book.leaderMaxCents ?? 0;
    book = decision.book;
    visibleBids += decision.visible.length;
    expect(step.count, `step ${i}`).toBe(visibleBids);
    minimums.add(minNextBidCents(book, bands));
    if (book.leaderMaxCents !== null) minimums.add(book.leaderMaxCents + 1);
    const known = maxima.get(bid.bidderId);
    if (!known || maxOf(bid) > known.max) maxima.set(bid.bidderId, { max: maxOf(bid), at: i });
  });
  expect(unmatched).toEqual([]);

  // The price never falls.
  for (let i = 1; i < steps.length; i++) {
    expect(steps[i]?.price).toBeGreaterThanOrEqual(steps[i - 1]?.price ?? 0);
  }
  // From the maxima alone: the highest leads (the earliest to reach it on a tie), the price is the
  // second-highest maximum plus one increment, capped at the leader's maximum. The cap is that
  // maximum as it was at the last bid by anyone else: a leader raising their own maximum does not
  // move the price (core/bidding.ts), which matters only after a tie at the leader's old maximum.
  const ranked = [...maxima.entries()].sort((a, b) => b[1].max - a[1].max || a[1].at - b[1].at);
  expect(ranked.length).toBeGreaterThan(2);
  const [leader, second] = ranked;
  const secondMax = second?.[1].max;
  const expectedPrice =
    secondMax === undefined
      ? START
      : Math.max(START, Math.min(capAtLastChallenge, secondMax + incrementFor(secondMax, bands)));
  const [state] = await rows<{
    current_bid_cents: number;
    leader_id: string;
    leader_max_cents: number;
    bid_count: number;
  }>(
    db,
    sql`select current_bid_cents, leader_id, leader_max_cents, bid_count from auction_settings where listing_id = ${listingId}`,
  );
  expect(state).toEqual({
    current_bid_cents: expectedPrice,
    leader_id: leader?.[0],
    leader_max_cents: leader?.[1].max,
    bid_count: visibleBids,
  });

  // Every refusal quoted a minimum the auction had at some point (none from a torn or stale read).
  for (const { outcome } of attempts) {
    if (!outcome.accepted && outcome.minimumCents !== null)
      expect(minimums.has(outcome.minimumCents), String(outcome.minimumCents)).toBe(true);
  }

  // One leader: only their bids are active, and they have one. The count is the visible bids'.
  const bidRows = await rows<{ bidder_id: string; status: string }>(
    db,
    sql`select bidder_id, status from bids where listing_id = ${listingId}`,
  );
  expect(bidRows).toHaveLength(visibleBids);
  const active = new Set(bidRows.filter((b) => b.status === "active").map((b) => b.bidder_id));
  expect([...active]).toEqual([leader?.[0]]);
}

/** The minimum a too-low answer quotes ("Enter $1,234.50 or more"), in cents. */
function centsIn(text: string | undefined): number | null {
  const match = text?.match(/Enter \$([\d,]+)\.(\d\d) or more/);
  return match ? Number(match[1]?.replaceAll(",", "")) * 100 + Number(match[2]) : null;
}

/** A bid near what this caller last saw, often with a maximum from a coarse grid so maxima tie. */
function nextAttempt(random: () => number, bidderId: string, seen: number): Attempt {
  const amountCents = seen + Math.floor(random() * 4) * 50;
  const roll = random();
  const maxAmountCents =
    roll < 0.5 ? Math.max(amountCents, Math.ceil((seen + random() * 3000) / 500) * 500) : null;
  return { bidderId, amountCents, maxAmountCents };
}

describe("bids racing in the database", () => {
  it("keep the proxy rule when 16 connections call place_bid() at once, 480 bids on one auction", {
    tags: ["postgres"],
    timeout: 120_000,
  }, async () => {
    const db = t.database.db;
    const seller = await createUser(db, "seller");
    const listing = await createListing(db, {
      sellerId: seller.id,
      priceCents: START,
      auction: { endTime: new Date(Date.now() + 3_600_000) },
    });
    const bidders = await Promise.all(
      Array.from({ length: 12 }, async () => (await createUser(db, "racer")).id),
    );
    const [current] = await rows<{ db: string }>(db, sql`select current_database() as db`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${current?.db}`;
    const clients = Array.from(
      { length: 16 },
      () => new pg.Client({ connectionString: url.toString() }),
    );
    await Promise.all(clients.map((c) => c.connect()));
    const attempts: Tried[] = [];
    try {
      // Every connection ready, then all fire at once: 30 bids each, back to back.
      await Promise.all(
        clients.map(async (client, n) => {
          const random = randomFrom(n + 7);
          let seen = START;
          for (let i = 0; i < 30; i++) {
            const bidderId = bidders[Math.floor(random() * bidders.length)] as string;
            const attempt = nextAttempt(random, bidderId, seen);
            const { rows: result } = await client.query<PlaceBidRow>({
              name: PLACE_BID.name,
              text: PLACE_BID.text,
              values: placeBidParams(listing.id, bidderId, attempt, 0),
            });
            const row = result[0] as PlaceBidRow;
            if (row.outcome === "accepted") {
              attempts.push({ attempt, outcome: { accepted: true } });
              seen = row.min_next_cents;
            } else {
              expect(["too_low", "already_leading"]).toContain(row.outcome);
              attempts.push({
                attempt,
                outcome: { accepted: false, minimumCents: row.minimum_cents },
              });
              seen = Math.max(seen, row.minimum_cents ?? seen);
            }
          }
        }),
      );
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    expect(attempts).toHaveLength(480);
    await expectProxyRuleHeld(db, listing.id, attempts);
  });

  it("keep it when two app instances take bids on one auction at once, and it settles once", {
    tags: ["postgres"],
    timeout: 180_000,
  }, async () => {
    const db = t.database.db;
    const other = await secondInstance(t);
    try {
      const seller = await createUser(db, "seller");
      const listing = await createListing(db, {
        sellerId: seller.id,
        priceCents: START,
        auction: { endTime: new Date(Date.now() + 3_600_000) },
      });
      // Each bidder signed in on both instances; each request goes to one or the other.
      const bidders = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const user = await createUser(db, "racer");
          return {
            id: user.id,
            agents: [
              await signedInAgent(t.app, db, user.id),
              await signedInAgent(other.app, other.database.db, user.id),
            ],
          };
        }),
      );
      const attempts: Tried[] = [];
      const acceptedBy = [0, 0];
      await Promise.all(
        bidders.flatMap((b, n) =>
          // Two streams per bidder, one per instance: the bidder races against themselves too.
          b.agents.map(async (agent, side) => {
            const random = randomFrom(n * 2 + side + 101);
            let seen = START;
            for (let i = 0; i < 12; i++) {
              const attempt = nextAttempt(random, b.id, seen);
              const res = await agent.post(`/api/listings/${listing.id}/bids`, {
                amountCents: attempt.amountCents,
                maxAmountCents: attempt.maxAmountCents ?? undefined,
              });
              if (res.statusCode === 201) {
                acceptedBy[side] = (acceptedBy[side] ?? 0) + 1;
                attempts.push({ attempt, outcome: { accepted: true } });
                seen = res.json().auction.minNextBidCents;
              } else {
                expect(res.statusCode, res.body).toBe(422);
                const minimum = centsIn(res.json().error.fields?.amountCents);
                attempts.push({ attempt, outcome: { accepted: false, minimumCents: minimum } });
                const state = (await agent.get(`/api/listings/${listing.id}`)).json();
                seen = state.auction.minNextBidCents;
              }
            }
          }),
        ),
      );
      expect(attempts).toHaveLength(240);
      // Both instances took part in the race.
      expect(acceptedBy[0]).toBeGreaterThan(0);
      expect(acceptedBy[1]).toBeGreaterThan(0);
      await expectProxyRuleHeld(db, listing.id, attempts);

      // The end passes; both instances settle at once: one order, for the leader, at the price.
      const [before] = await rows<{ leader_id: string; current_bid_cents: number }>(
        db,
        sql`update auction_settings set end_time = now() - interval '1 second'
              where listing_id = ${listing.id} returning leader_id, current_bid_cents`,
      );
      const settled = await Promise.all([
        settleDueAuctions(db),
        settleDueAuctions(other.database.db),
      ]);
      expect(settled.flat().filter((id) => id === listing.id)).toHaveLength(1);
      const orders = await rows<{ buyer_id: string; subtotal_cents: number }>(
        db,
        sql`select o.buyer_id, o.subtotal_cents from auction_orders ao join orders o on o.id = ao.order_id
              where ao.listing_id = ${listing.id}`,
      );
      expect(orders).toEqual([
        { buyer_id: before?.leader_id, subtotal_cents: before?.current_bid_cents },
      ]);
      const statuses = await rows<{ bidder_id: string; status: string; n: number }>(
        db,
        sql`select bidder_id, status, count(*)::int as n from bids where listing_id = ${listing.id}
              group by bidder_id, status`,
      );
      // One bid won (the winner's last), every other lost; none left active or outbid.
      expect(statuses.filter((s) => s.status === "won")).toEqual([
        { bidder_id: before?.leader_id, status: "won", n: 1 },
      ]);
      expect(statuses.every((s) => s.status === "won" || s.status === "lost")).toBe(true);
    } finally {
      await other.close();
    }
  });
});
