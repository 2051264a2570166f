import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/rows";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing } from "../../test/factories";

// The word signature (migration search_signature, decision 0018): a walk skips a listing whose
// signature lacks a bit of the search's. That is only right if no listing the words match is ever
// skipped, whatever the text: this checks the implication on every pair of a set of texts and
// searches chosen for what breaks parsers (stop words, apostrophes, accents, numbers, phrases,
// or, -word, a word in both title and description), in the database that evaluates both.

const t = setUpTestApp();

const TEXTS = [
  "Vintage Teak Table",
  "Folding tables, pair",
  "Adjustable dumbbells (pair) - 24 kg",
  "Grandma's calabash bowl, hand-carved in Grenada",
  "Crème brûlée torch, café grade",
  "iPhone 12 128GB unlocked",
  "The and of to a in",
  "Rock 'n' roll records from the 1960's",
  "steel pan — tenor, C-lead",
  "O'Neill wetsuit; size L/XL",
  "email me at seller@example.com or visit example.com/shop|deals",
  "",
];

const SEARCHES = [
  "vintage",
  "table",
  "tables pair",
  '"teak table"',
  "vintage or calabash",
  "table -teak",
  "grandma's",
  "calabash bowl grenada",
  "crème",
  "cafe",
  "iphone 12",
  "the",
  "rock n roll",
  "1960's",
  "o'neill",
  "tenor c-lead",
  "seller@example.com",
  "example.com/shop|deals",
  "pair -dumbbells",
  "-vintage",
];

describe("the word signature", () => {
  it("never rules out a listing the words match", async () => {
    const db = t.database.db;
    const pairs = await rows<{ text: string; search: string; matches: boolean; passes: boolean }>(
      db,
      sql`select d.text, s.search,
            v @@ q as matches,
            (search_signature(v) & search_query_signature(q)) = search_query_signature(q) as passes
          from jsonb_array_elements_text(${JSON.stringify(TEXTS)}::jsonb) as d(text)
          cross join jsonb_array_elements_text(${JSON.stringify(SEARCHES)}::jsonb) as s(search)
          cross join lateral (select
            setweight(to_tsvector('english', d.text), 'A')
              || setweight(to_tsvector('english', 'described: ' || d.text), 'B') as v,
            websearch_to_tsquery('english', s.search) as q) x`,
    );
    expect(pairs).toHaveLength(TEXTS.length * SEARCHES.length);
    const missed = pairs.filter((p) => p.matches && !p.passes);
    expect(missed).toEqual([]);
    // And it does rule some out: a signature that passes everything would make the walk slower.
    expect(pairs.filter((p) => !p.matches && !p.passes).length).toBeGreaterThan(100);
  });

  it("sets no bits for a search with or, -word or no words, so those test every listing", async () => {
    const found = await rows<{ search: string; bits: number }>(
      t.database.db,
      sql`select s.search,
            length(replace(search_query_signature(websearch_to_tsquery('english', s.search))::text,
              '0', '')) as bits
          from jsonb_array_elements_text(${JSON.stringify(["vintage or calabash", "table -teak", "the", "", "teak table"])}::jsonb)
            as s(search)`,
    );
    expect(Object.fromEntries(found.map((f) => [f.search, f.bits]))).toEqual({
      "vintage or calabash": 0,
      "table -teak": 0,
      the: 0,
      "": 0,
      // Two words, each a bit (or one, should both hash to the same bit).
      "teak table": expect.any(Number),
    });
    expect(found.find((f) => f.search === "teak table")?.bits).toBeGreaterThanOrEqual(1);
  });

  it("is kept by the database when a title or description changes", async () => {
    const db = t.database.db;
    const listing = await createListing(db, { title: "Mahogany rocking chair", description: "" });
    const passes = async (search: string) => {
      const [row] = await rows<{ passes: boolean }>(
        db,
        sql`select (search_sig & search_query_signature(websearch_to_tsquery('english', ${search})))
              = search_query_signature(websearch_to_tsquery('english', ${search})) as passes
            from listings where id = ${listing.id}`,
      );
      return row?.passes;
    };
    expect(await passes("mahogany chair")).toBe(true);
    await db.execute(
      sql`update listings set description = 'With a calabash cushion' where id = ${listing.id}`,
    );
    expect(await passes("calabash cushion")).toBe(true);
  });
});
