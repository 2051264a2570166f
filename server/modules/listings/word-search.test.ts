import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ListingPage } from "../../../core/contracts/browse";
import { setUpTestApp } from "../../test/build-test-app";
import { createListing, createUser } from "../../test/factories";

// Issue 30 point 5: search matches whole words and their forms, a phrase in quotes as that phrase,
// ranks by relevance (Best Match, the default with words) and offers "Did you mean" when a
// misspelling finds nothing.

const t = setUpTestApp();

async function browse(query: string): Promise<ListingPage> {
  const response = await t.app.inject({ method: "GET", url: `/api/listings?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListingPage;
}

const titles = (page: ListingPage) => page.items.map((l) => l.title);

/** A UTC day some days back, at the given second after midnight. */
function dayAt(daysAgo: number, second: number): Date {
  const start = new Date();
  start.setUTCHours(0, 0, 0, 0);
  return new Date(start.getTime() - daysAgo * 86_400_000 + second * 1000);
}

async function ratedSeller(total: number, count: number) {
  const user = await createUser(t.database.db, "rated");
  await t.database.db.execute(
    sql`update users set rating_total = ${total}, rating_count = ${count} where id = ${user.id}`,
  );
  return user;
}

describe("matching words", () => {
  beforeAll(async () => {
    const db = t.database.db;
    await createListing(db, { title: "Teak Table", description: "Seats six." });
    await createListing(db, { title: "Folding Tables, pair", description: "Light." });
    await createListing(db, {
      title: "Adjustable Dumbbells",
      description: "From 2 to 24 kg, zqvadjust.",
    });
  });

  it("finds whole words and their forms, not the word inside another", async () => {
    const table = titles(await browse("search=table&pageSize=100"));
    expect(table).toContain("Teak Table");
    expect(table).toContain("Folding Tables, pair");
    expect(table).not.toContain("Adjustable Dumbbells");
    const tables = titles(await browse("search=TABLES&pageSize=100"));
    expect(tables).toContain("Teak Table");
    expect(tables).toContain("Folding Tables, pair");
    // A part of a word is not a word: it finds nothing.
    expect((await browse("search=justabl")).total).toBe(0);
  });

  it("keeps title-only search by words", async () => {
    expect(titles(await browse("search=table&includeDescription=false&pageSize=100"))).toContain(
      "Teak Table",
    );
    expect((await browse("search=zqvadjust&includeDescription=false")).total).toBe(0);
    expect(titles(await browse("search=zqvadjust"))).toEqual(["Adjustable Dumbbells"]);
  });
});

describe("Best Match and phrases", () => {
  beforeAll(async () => {
    const db = t.database.db;
    const top = await ratedSeller(50, 10); // 5.0
    const middle = await ratedSeller(30, 10); // 3.0
    const unrated = await createUser(db, "unrated");
    // Older, the word in the title.
    await createListing(db, { title: "Quillback lamp", createdAt: dayAt(5, 10) });
    // Newest of all, the word only in the description.
    await createListing(db, {
      title: "Brass lamp",
      description: "Shaped like a quillback.",
      createdAt: dayAt(1, 50),
    });
    // Same day, the word in the title: the seller's rating decides, not the time of day.
    await createListing(db, {
      title: "Quillback mug",
      sellerId: unrated.id,
      createdAt: dayAt(1, 40),
    });
    await createListing(db, {
      title: "Quillback bowl",
      sellerId: middle.id,
      createdAt: dayAt(1, 30),
    });
    await createListing(db, { title: "Quillback vase", sellerId: top.id, createdAt: dayAt(1, 20) });
  });

  it("ranks title over description, then the fresher, then the better-rated seller", async () => {
    expect(titles(await browse("search=quillback&sort=best_match"))).toEqual([
      "Quillback vase",
      "Quillback bowl",
      "Quillback mug",
      "Quillback lamp",
      "Brass lamp",
    ]);
  });

  it("is the default order with words, newest without", async () => {
    const ranked = await browse("search=quillback&sort=best_match");
    expect((await browse("search=quillback")).items).toEqual(ranked.items);
    expect((await browse("q=quillback")).items).toEqual(ranked.items);
    expect(titles(await browse("search=quillback&sort=newest"))[0]).toBe("Brass lamp");
    expect((await browse("")).items).toEqual((await browse("sort=newest")).items);
  });

  it("matches a phrase in quotes as that phrase", async () => {
    expect(titles(await browse("search=quillback%20lamp"))).toEqual([
      "Quillback lamp",
      "Brass lamp",
    ]);
    expect(titles(await browse(`search=${encodeURIComponent('"quillback lamp"')}`))).toEqual([
      "Quillback lamp",
    ]);
    expect((await browse(`search=${encodeURIComponent('"lamp quillback"')}`)).total).toBe(0);
  });
});

describe("Did you mean", () => {
  beforeAll(async () => {
    await createListing(t.database.db, { title: "Marimbula, hand built", description: "Bass." });
  });

  it("offers the nearest title word for a misspelling that finds nothing, and it finds", async () => {
    const typo = await browse("search=marimbulla");
    expect(typo.total).toBe(0);
    expect(typo.suggestion).toBe("marimbula");
    expect(titles(await browse(`search=${typo.suggestion}`))).toEqual(["Marimbula, hand built"]);
    // The rest of the text is kept: a known word and the quotes.
    const phrase = await browse(`search=${encodeURIComponent('"marimbulla hand"')}`);
    expect(phrase.suggestion).toBe('"marimbula hand"');
  });

  it("offers the whole word for a part of one", async () => {
    // The demo data lists an iPhone: a part of the word finds nothing, and is offered the word.
    // ("iphon" would find it: it is the word's English stem.)
    const part = await browse("search=ipho");
    expect(part.total).toBe(0);
    expect(part.suggestion).toBe("iphone");
  });

  it("offers nothing when there are results, or when nothing near would find any", async () => {
    expect((await browse("search=marimbula")).suggestion).toBeUndefined();
    expect((await browse("search=qqqzzzxxx")).suggestion).toBeUndefined();
    // Near, but not in this category: the suggestion would find nothing there.
    const elsewhere = await browse("search=marimbulla&category=no-such-category");
    expect(elsewhere.suggestion).toBeUndefined();
  });

  it("knows the words of a title changed after listing", async () => {
    const listing = await createListing(t.database.db, { title: "Plain box" });
    await t.database.db.execute(
      sql`update listings set title = 'Cuatro zwenkwiel box' where id = ${listing.id}`,
    );
    expect((await browse("search=zwenkwel")).suggestion).toBe("zwenkwiel");
  });
});
