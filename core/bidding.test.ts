import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AuctionBook,
  type AuctionFacts,
  auctionState,
  decideBid,
  type IncrementBand,
  incrementFor,
  isAuctionEnded,
  minNextBidCents,
  minNextBidWith,
} from "./bidding";

const bands: IncrementBand[] = [
  { startCents: 0, endCents: 100, incrementCents: 5 },
  { startCents: 100, endCents: 500, incrementCents: 25 },
  { startCents: 500, endCents: 2500, incrementCents: 50 },
  { startCents: 2500, endCents: 10000, incrementCents: 100 },
  { startCents: 10000, endCents: null, incrementCents: 250 },
];

/**
 * The reference model, written from the definition rather than step by step: each bidder's
 * maximum is the highest they ever offered; the leader has the highest maximum (the earliest on a
 * tie); the price is the second-highest maximum plus one increment, capped at the leader's maximum,
 * or the start price alone, and lifted to the reserve when the leader's maximum covers it. A leader
 * raising their own maximum faces no new competition, so the price stays (bar a now-met reserve).
 */
function createReference(start: number, reserve: number | null) {
  const best = new Map<string, { max: number; at: number }>();
  let leader: string | null = null;
  let price: number | null = null;
  let at = 0;
  return (bidder: string, max: number) => {
    const prev = best.get(bidder);
    if (!prev || max > prev.max) best.set(bidder, { max, at: at++ });
    if (bidder === leader && price !== null) {
      if (reserve !== null && max >= reserve) price = Math.max(price, reserve);
      return { leader, price };
    }
    const ranked = [...best].sort((a, b) => b[1].max - a[1].max || a[1].at - b[1].at);
    const [first, second] = ranked;
    if (!first) return { leader, price };
    leader = first[0];
    let next = second
      ? Math.min(first[1].max, second[1].max + incrementFor(second[1].max, bands))
      : start;
    if (reserve !== null && first[1].max >= reserve) next = Math.max(next, reserve);
    price = Math.max(next, start);
    return { leader, price };
  };
}

describe("decideBid", () => {
  it("matches the reference model of proxy bidding on random bid sequences", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.integer({ min: 1, max: 20000 }), { nil: null }),
        fc.array(
          fc.record({
            bidder: fc.constantFrom("ana", "ben", "cy", "dee"),
            // Offsets above the minimum, so most bids are valid and some are not.
            over: fc.integer({ min: -300, max: 3000 }),
            extra: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
          }),
          { maxLength: 25 },
        ),
        (start, reserve, attempts) => {
          let book: AuctionBook = {
            startPriceCents: start,
            reservePriceCents: reserve,
            currentBidCents: null,
            leaderId: null,
            leaderMaxCents: null,
          };
          const reference = createReference(start, reserve);
          let lastVisible = 0;
          for (const attempt of attempts) {
            const amount = Math.max(1, minNextBidCents(book, bands) + attempt.over);
            const max = attempt.extra === null ? null : amount + attempt.extra;
            const decision = decideBid(
              book,
              { bidderId: attempt.bidder, amountCents: amount, maxAmountCents: max },
              bands,
            );
            if (!decision.ok) continue;
            const expected = reference(attempt.bidder, max ?? amount);
            for (const [i, v] of decision.visible.entries()) {
              // The visible history only ever climbs; only a tie repeats an amount, and then the
              // second of the pair is the leader's answer.
              if (v.amountCents === lastVisible) expect(i).toBe(1);
              else expect(v.amountCents).toBeGreaterThan(lastVisible);
              lastVisible = v.amountCents;
            }
            // The highest visible bid is always the leader's.
            const top = decision.visible.at(-1);
            if (top) expect(top.bidderId).toBe(decision.book.leaderId);
            // The price never falls: what the instances' bid floors rest on (decision 0014).
            expect(decision.book.currentBidCents ?? 0).toBeGreaterThanOrEqual(
              book.currentBidCents ?? 0,
            );
            book = decision.book;
            expect(book.leaderId).toBe(expected.leader);
            expect(book.currentBidCents).toBe(expected.price);
            expect(book.currentBidCents ?? 0).toBeLessThanOrEqual(book.leaderMaxCents ?? 0);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  const open: AuctionBook = {
    startPriceCents: 1000,
    reservePriceCents: null,
    currentBidCents: null,
    leaderId: null,
    leaderMaxCents: null,
  };

  it("opens at the start price even with a higher maximum", () => {
    const d = decideBid(open, { bidderId: "ana", amountCents: 1000, maxAmountCents: 5000 }, bands);
    expect(d).toMatchObject({
      ok: true,
      book: { currentBidCents: 1000, leaderId: "ana", leaderMaxCents: 5000 },
    });
  });

  it("refuses a bid under the start price or under current plus increment", () => {
    expect(decideBid(open, { bidderId: "ana", amountCents: 999 }, bands)).toEqual({
      ok: false,
      reason: "too_low",
      minimumCents: 1000,
    });
    const book = { ...open, currentBidCents: 1200, leaderId: "ana", leaderMaxCents: 1200 };
    expect(decideBid(book, { bidderId: "ben", amountCents: 1249 }, bands)).toEqual({
      ok: false,
      reason: "too_low",
      minimumCents: 1250,
    });
  });

  it("moves the price only as far as competition needs", () => {
    const book = { ...open, currentBidCents: 1000, leaderId: "ana", leaderMaxCents: 5000 };
    const d = decideBid(book, { bidderId: "ben", amountCents: 2000 }, bands);
    expect(d).toMatchObject({ ok: true, book: { leaderId: "ana", currentBidCents: 2050 } });
  });

  it("lets the earlier of two equal maximums win", () => {
    const book = { ...open, currentBidCents: 1000, leaderId: "ana", leaderMaxCents: 3000 };
    const d = decideBid(book, { bidderId: "ben", amountCents: 3000 }, bands);
    expect(d).toMatchObject({ ok: true, book: { leaderId: "ana", currentBidCents: 3000 } });
  });

  it("does not raise the price when the leader raises their own maximum", () => {
    const book = { ...open, currentBidCents: 1000, leaderId: "ana", leaderMaxCents: 3000 };
    const d = decideBid(book, { bidderId: "ana", amountCents: 4000 }, bands);
    expect(d).toMatchObject({
      ok: true,
      book: { currentBidCents: 1000, leaderMaxCents: 4000 },
      visible: [],
    });
  });

  it("meets a reserve the leader's maximum covers", () => {
    const book = { ...open, reservePriceCents: 2500 };
    const d = decideBid(book, { bidderId: "ana", amountCents: 1000, maxAmountCents: 3000 }, bands);
    expect(d).toMatchObject({ ok: true, book: { currentBidCents: 2500 } });
  });

  it("refuses a maximum below the bid", () => {
    expect(
      decideBid(open, { bidderId: "ana", amountCents: 2000, maxAmountCents: 1500 }, bands),
    ).toEqual({
      ok: false,
      reason: "max_below_amount",
    });
  });
});

describe("auctionState", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");
  const facts: AuctionFacts = {
    startPriceCents: 1000,
    currentBidCents: null,
    bidCount: 0,
    endsAt: "2026-03-01T13:00:00.000Z",
    reservePriceCents: null,
    buyItNowPriceCents: 9000,
    leaderId: null,
    status: "active",
    minNextBidCents: 1000,
  };

  it("presents an open auction without bids: the start price is the minimum, Buy It Now offered", () => {
    expect(auctionState(facts, now)).toEqual({
      startPriceCents: 1000,
      currentBidCents: null,
      bidCount: 0,
      minNextBidCents: 1000,
      endsAt: "2026-03-01T13:00:00.000Z",
      ended: false,
      hasReserve: false,
      // No reserve, nothing to meet.
      reserveMet: false,
      buyItNowPriceCents: 9000,
      leaderId: null,
    });
  });

  it("presents the minimum next bid that travels with the facts", () => {
    const state = auctionState(
      { ...facts, currentBidCents: 2450, bidCount: 3, leaderId: "ana", minNextBidCents: 2500 },
      now,
    );
    expect(state.minNextBidCents).toBe(2500);
    expect(state.buyItNowPriceCents).toBeNull();
  });

  it("finds the minimum next bid from one band's increment as from the table, as decideBid does", () => {
    for (const currentBidCents of [null, 0, 99, 100, 2450, 499, 500, 1_000_000]) {
      const auction = { startPriceCents: 1000, currentBidCents };
      const increment = incrementFor(currentBidCents ?? 1000, bands);
      expect(minNextBidWith(auction, increment)).toBe(minNextBidCents(auction, bands));
    }
  });

  it("reports a reserve as met only once the current price reaches it", () => {
    const reserved = { ...facts, reservePriceCents: 5000 };
    expect(auctionState(reserved, now)).toMatchObject({
      hasReserve: true,
      reserveMet: false,
    });
    expect(auctionState({ ...reserved, currentBidCents: 4999, bidCount: 1 }, now).reserveMet).toBe(
      false,
    );
    expect(auctionState({ ...reserved, currentBidCents: 5000, bidCount: 1 }, now).reserveMet).toBe(
      true,
    );
  });

  it("ends at the effective end, or when the listing is no longer on sale", () => {
    expect(isAuctionEnded({ status: "active", endsAt: now }, now)).toBe(true);
    expect(isAuctionEnded({ status: "active", endsAt: new Date(now.getTime() + 1) }, now)).toBe(
      false,
    );
    expect(isAuctionEnded({ ...facts, status: "sold" }, now)).toBe(true);
    expect(isAuctionEnded({ ...facts, status: "ended" }, now)).toBe(true);
    const over = auctionState({ ...facts, endsAt: new Date(now.getTime() - 1) }, now);
    expect(over).toMatchObject({ ended: true, buyItNowPriceCents: null });
  });
});
