import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

// "Auction open", "Buy It Now still open" and "minimum next bid" are an auction's rules, named once
// in this folder (auction-rules.ts for queries written in TypeScript, auction-rules.sql's functions
// for SQL) and used by every reader. A copy written out elsewhere drifts the day the rule changes
// (one read auction_settings.end_time while the rest read listings.auction_ends_at), so this scan
// fails on one anywhere in server/ outside this folder and the auctions module, as
// errors-registry.test.ts does for loose error codes. Test files are not scanned: a test may write a rule out on purpose, as the
// independent answer the app's queries are checked against (search-equivalence.test.ts).

const SERVER_DIR = join(import.meta.dirname, "../..");
/** Where the rules may be written out: here, and the auctions module (place_bid(), settlement). */
const RULE_DIRS = [import.meta.dirname, join(import.meta.dirname, "../auctions")];
const inRuleDir = (file: string) => RULE_DIRS.some((dir) => file.startsWith(dir + sep));

/** Each rule as it is written out by hand, in SQL inside TypeScript or in a .sql file. */
const COPIES: { rule: string; use: string; pattern: RegExp }[] = [
  {
    rule: "auction open (the end compared with now)",
    use: "auctionOpen or auctionBeforeEnd (auction-rules.ts), auction_open() in SQL",
    // now() alone: "ends within the hour" (now() + an interval) is another question.
    pattern:
      /\b(?:auction_ends_at|end_time)\s*(?:<=|>=|<|>)\s*now\(\)(?!\s*[-+])|\bnow\(\)\s*(?:<=|>=|<|>)\s*(?:\w+\.)?(?:auction_ends_at|end_time)\b/gi,
  },
  {
    rule: "auction open (drizzle's comparison helpers)",
    use: "auctionOpen or auctionBeforeEnd (auction-rules.ts), auction_open() in SQL",
    pattern: /\b(?:gt|gte|lt|lte)\(\s*(?:auctionSettings\.endTime|listings\.auctionEndsAt)\b/g,
  },
  {
    rule: "Buy It Now still open",
    use: "buyItNowOpen or listingBuyItNowOpen (auction-rules.ts), auction_buy_it_now_open() in SQL",
    pattern:
      /\w*buy_it_now_price_cents\s+is\s+not\s+null\s+and\s+(?:coalesce\s*\(\s*)?(?:\w+\.)?\w*bid_count\b/gi,
  },
  {
    rule: "minimum next bid",
    use: "minNextBid (auction-rules.ts), auction_min_next_bid() in SQL",
    pattern: /\bbid_increment_for\s*\(/gi,
  },
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(?:ts|sql)$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** Every hand-written copy of a rule in `files`, by file and line. */
function findCopies(files: { path: string; text: string }[]): Finding[] {
  const findings: Finding[] = [];
  for (const { path, text } of files) {
    for (const { rule, pattern } of COPIES) {
      for (const match of text.matchAll(pattern)) {
        const line = text.slice(0, match.index).split("\n").length;
        findings.push({ file: path, line, rule, text: match[0].replace(/\s+/g, " ") });
      }
    }
  }
  return findings;
}

const read = (path: string) => ({
  path: relative(SERVER_DIR, path).split(sep).join("/"),
  text: readFileSync(path, "utf8"),
});

describe("auction SQL boundary", () => {
  it("leaves auction open, Buy It Now open and the minimum next bid to the auction rules and the auctions module", () => {
    const outside = sourceFiles(SERVER_DIR).filter(
      (file) => !inRuleDir(file) && !file.endsWith(".test.ts"),
    );
    const findings = findCopies(outside.map(read));
    const uses = Object.fromEntries(COPIES.map((c) => [c.rule, c.use]));
    expect(
      findings.map((f) => `${f.file}:${f.line}: "${f.text}" (${f.rule}: use ${uses[f.rule]})`),
    ).toEqual([]);
  });

  it("recognises each rule where the auctions module writes it", () => {
    const inside = RULE_DIRS.flatMap(sourceFiles)
      .filter((file) => !file.endsWith(".test.ts"))
      .map(read);
    const rules = new Set(findCopies(inside).map((f) => f.rule));
    // The drizzle helpers are not used in the module; the others must be found there, or the
    // patterns would pass anything.
    for (const { rule } of COPIES.filter((c) => !c.rule.includes("drizzle")))
      expect(rules, rule).toContain(rule);
  });

  it("finds a copy however it is spaced or cased", () => {
    const found = findCopies([
      {
        path: "x.ts",
        text: [
          "where a.end_time > now() and",
          "  L.AUCTION_ENDS_AT <=  NOW()",
          "  now() < s.end_time",
          "  (a.buy_it_now_price_cents is not null and coalesce(a.bid_count, 0) = 0",
          "  a.Buy_It_Now_Price_Cents IS NOT NULL\n   AND a.bid_count = 0",
          "  s.current_bid_cents + bid_increment_for(s.current_bid_cents)",
          "  gt(auctionSettings.endTime, sql`now()`)",
          // Not the rule: ending within the hour.
          "  a.end_time <= now() + make_interval(mins => 60)",
        ].join("\n"),
      },
    ]);
    expect(found.map((f) => f.line).sort()).toEqual([1, 2, 3, 4, 5, 7, 8]);
  });
});
