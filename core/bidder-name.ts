/**
 * How a bid history names a bidder to people other than the listing's seller and the bidder
 * themselves (eBay's privacy rule): the first and last letter with asterisks between, so a
 * regular can be followed through one auction's history without being named. Names of one or two
 * letters keep only the first, or masking would give the whole name away.
 */
export function maskBidderName(username: string): string {
  const letters = [...username];
  const first = letters[0] ?? "";
  if (letters.length <= 2) return `${first}***`;
  return `${first}***${letters[letters.length - 1]}`;
}
