/** Pure bidding rules shared by the bid engine and the bid form. */

export interface IncrementBand {
  startCents: number;
  /** Exclusive; null for the open top band. */
  endCents: number | null;
  incrementCents: number;
}

/** The increment of the band `amountCents` falls in; the top band's when above every band. */
export function incrementFor(amountCents: number, bands: readonly IncrementBand[]): number {
  const band = bands.find(
    (b) => amountCents >= b.startCents && (b.endCents === null || amountCents < b.endCents),
  );
  // A table with a gap should not make bidding free: fall back to one cent, the spec's bid step.
  return band?.incrementCents ?? 1;
}

/** The smallest acceptable next bid: the start price with no bids, else current plus its increment. */
export function minNextBidCents(
  auction: { startPriceCents: number; currentBidCents: number | null },
  bands: readonly IncrementBand[],
): number {
  if (auction.currentBidCents === null) return auction.startPriceCents;
  return auction.currentBidCents + incrementFor(auction.currentBidCents, bands);
}
