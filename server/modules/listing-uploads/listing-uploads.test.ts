import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { LISTING_CSV_COLUMNS, type ListingUpload } from "../../../core/contracts/listing-uploads";
import { parseCsv } from "../../../core/csv";
import { FREE_LISTINGS_PER_MONTH } from "../../../core/fees";
import { rows } from "../../db/rows";
import { Agent } from "../../test/agent";
import { setUpTestApp } from "../../test/build-test-app";
import { createUser, signedInAgent } from "../../test/factories";
import { pruneAbandonedUploads, runListingUploads } from "./listing-upload-runs";

const t = setUpTestApp();
let seller: Agent;
let other: Agent;

type Row = Partial<Record<(typeof LISTING_CSV_COLUMNS)[number], string>>;

const good = (overrides: Row = {}): Row => ({
  title: "Hand-woven straw basket",
  description: "Woven in Saint Lucia from local straw.",
  category: "home",
  subcategory: "home-decor",
  territory: "jamaica",
  condition: "new",
  format: "fixed_price",
  price: "45.00",
  quantity: "3",
  shipping: "8.50",
  return_policy_days: "30",
  local_pickup: "yes",
  ...overrides,
});

/** Quoted as RFC 4180 says but never defused, so a file can say "-1" as a person types it. */
const field = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const fileOf = (list: Row[], columns: readonly string[] = LISTING_CSV_COLUMNS) =>
  Buffer.from(
    [[...columns], ...list.map((r) => columns.map((c) => r[c as keyof Row] ?? ""))]
      .map((record) => record.map(field).join(","))
      .join("\r\n")
      .concat("\r\n"),
  );

async function upload(data: Buffer, who = seller, name = "listings.csv") {
  return who.upload("/api/my/listing-uploads", name, "text/csv", data);
}

async function preview(list: Row[], who = seller): Promise<ListingUpload> {
  const res = await upload(fileOf(list), who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function photo(who = seller, color = "#0f766e") {
  const image = await sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const res = await who.upload("/api/uploads", "p.jpg", "image/jpeg", image);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string };
}

async function confirmAndRun(id: string, who = seller): Promise<ListingUpload> {
  const res = await who.post(`/api/my/listing-uploads/${id}/confirm`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().status).toBe("running");
  await runListingUploads(t.database.db, () => new Date(), 600_000);
  return (await who.get(`/api/my/listing-uploads/${id}`)).json();
}

async function countTitled(title: string) {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from listings where title = ${title}`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  const a = await createUser(t.database.db, "bulkseller");
  const b = await createUser(t.database.db, "bulkother");
  seller = await signedInAgent(t.app, t.database.db, a.id);
  other = await signedInAgent(t.app, t.database.db, b.id);
});

describe("the template", () => {
  it("names every column and its example rows preview as ready", async () => {
    const res = await seller.get("/api/my/listing-uploads/template.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const [header] = parseCsv(res.body);
    expect(header).toEqual([...LISTING_CSV_COLUMNS]);
    const checked = await upload(Buffer.from(res.body));
    expect(checked.statusCode, checked.body).toBe(201);
    expect(checked.json().counts).toMatchObject({ rows: 2, ready: 2, invalid: 0 });
  });
});

describe("files refused whole", () => {
  it("refuses a signed-out upload", async () => {
    const res = await upload(fileOf([good()]), new Agent(t.app));
    expect(res.statusCode).toBe(401);
  });

  it("refuses no file, text that is not UTF-8, a quote left open, bad and missing columns, no rows", async () => {
    const none = await seller.post("/api/my/listing-uploads", {});
    expect(none.statusCode).toBe(400);

    const cases: [Buffer, RegExp][] = [
      [Buffer.from([0x74, 0x69, 0x74, 0x6c, 0x65, 0xff, 0xfe, 0x0a]), /UTF-8/],
      [Buffer.from('title,description\n"open,x\n'), /quoted field is never closed/],
      [fileOf([good()], [...LISTING_CSV_COLUMNS, "prce"]), /Unknown column: prce/],
      [fileOf([good()], ["title", "description", "price"]), /missing: category, territory/],
      [fileOf([good()], [...LISTING_CSV_COLUMNS, "title"]), /title is named twice/],
      [fileOf([]), /no listings/],
      [Buffer.from(""), /empty/],
    ];
    for (const [data, message] of cases) {
      const res = await upload(data);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe("listing_file_invalid");
      expect(res.json().error.message).toMatch(message);
    }
  });

  it("refuses more than 1,000 rows and more than 2 MB", async () => {
    const many = await upload(fileOf(Array.from({ length: 1001 }, () => good())));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatchObject({ code: "listing_file_too_large" });
    expect(many.json().error.message).toMatch(/at most 1,000 listings; this one has 1,001/);

    const huge = await upload(
      fileOf([good({ description: "x".repeat(2 * 1024 * 1024) })]),
      seller,
      "huge.csv",
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe("listing_file_too_large");
  });
});

describe("each row checked as the sell form checks it", () => {
  it("gives every refusal in the form's words, by column, and creates nothing", async () => {
    const mine = await photo();
    const theirs = await photo(other, "#aa0000");
    const cases: [Row, string, string][] = [
      [good({ title: "" }), "title", "Title is required"],
      [good({ title: "x".repeat(121) }), "title", "Title must be at most 120 characters"],
      [good({ description: "" }), "description", "Description is required"],
      [good({ category: "spaceships" }), "category", "Choose a category"],
      [good({ subcategory: "dogs" }), "subcategory", "Choose a subcategory of the chosen category"],
      [good({ territory: "atlantis" }), "territory", "Choose a territory"],
      [good({ condition: "" }), "condition", "Condition is required"],
      [
        good({ condition: "mint" }),
        "condition",
        "Condition must be one of new, like-new, good, fair, poor",
      ],
      [good({ format: "barter" }), "format", "Choose Fixed Price or Auction"],
      [good({ price: "" }), "price", "Price must be a number"],
      [good({ price: "cheap" }), "price", "Price must be a number"],
      [good({ price: "0" }), "price", "Price must be at least $0.01"],
      [good({ price: "4.999" }), "price", "Price must be a whole number of cents"],
      [good({ price: "2000000" }), "price", "Price is too large"],
      [good({ quantity: "0" }), "quantity", "Quantity must be at least 1"],
      [good({ quantity: "1.5" }), "quantity", "Quantity must be a whole number"],
      [good({ quantity: "many" }), "quantity", "Quantity must be a number"],
      [good({ shipping: "-1" }), "shipping", "Shipping price must not be negative"],
      [
        good({ return_policy_days: "45" }),
        "return_policy_days",
        "Return policy must be one of 30, 14, 7, 0 days",
      ],
      [good({ local_pickup: "maybe" }), "local_pickup", "Local pickup must be yes or no"],
      [
        good({ format: "auction", duration_days: "2" }),
        "duration_days",
        "Duration must be 1, 3, 5, 7, 10 days",
      ],
      [
        good({ format: "auction", price: "100", reserve_price: "50" }),
        "reserve_price",
        "The reserve price must not be below the starting price",
      ],
      [
        good({ format: "auction", price: "100", buy_it_now_price: "100" }),
        "buy_it_now_price",
        "The Buy It Now price must be above the starting and reserve prices",
      ],
      [
        good({ photo_urls: theirs.url }),
        "photo_urls",
        "One of the photos is unknown. Please upload it again.",
      ],
      [
        good({ photo_urls: "https://elsewhere.example/uploads/a.webp" }),
        "photo_urls",
        "One of the photos is unknown. Please upload it again.",
      ],
      [
        good({ photo_urls: `${mine.url} ${mine.url}` }),
        "photo_urls",
        "The same photo is listed twice",
      ],
    ];
    const before = await countTitled("Hand-woven straw basket");
    const result = await preview(cases.map(([row]) => row));
    expect(result.status).toBe("previewed");
    expect(result.counts).toMatchObject({ rows: cases.length, invalid: cases.length, ready: 0 });
    for (const [i, [, column, message]] of cases.entries()) {
      const row = result.rows[i];
      expect(row?.line).toBe(i + 2);
      expect(row?.status, `line ${i + 2}`).toBe("invalid");
      expect(row?.errors[column], `line ${i + 2}: ${JSON.stringify(row?.errors)}`).toBe(message);
    }
    const confirm = await seller.post(`/api/my/listing-uploads/${result.id}/confirm`);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.code).toBe("listing_upload_empty");
    expect(await countTitled("Hand-woven straw basket")).toBe(before);
  });

  it("refuses a photo in two rows, one already on a listing, and a row with extra fields", async () => {
    const shared = await photo(seller, "#123456");
    const onListing = await photo(seller, "#654321");
    const created = await seller.post("/api/listings", {
      kind: "fixed_price",
      title: "Listed first",
      category: "home",
      territory: "jamaica",
      condition: "new",
      description: "Has the photo.",
      priceCents: 1000,
      shippingCents: 0,
      imageIds: [onListing.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const data = Buffer.concat([
      fileOf([
        good({ photo_urls: shared.url }),
        good({ photo_urls: `${t.app.publicUrl}${shared.url}` }),
        good({ photo_urls: onListing.url }),
      ]),
      Buffer.from("Extra,d,home,,jamaica,new,fixed_price,1,1,0,30,no,,,,,surprise\r\n"),
    ]);
    const res = await upload(data);
    expect(res.statusCode, res.body).toBe(201);
    const result: ListingUpload = res.json();
    expect(result.rows.map((r) => r.status)).toEqual(["ready", "invalid", "invalid", "invalid"]);
    expect(result.rows[1]?.errors.photo_urls).toBe("This photo is already used in line 2.");
    expect(result.rows[2]?.errors.photo_urls).toBe(
      "One of the photos is unknown. Please upload it again.",
    );
    expect(result.rows[3]?.errors.row).toBe(
      "This row has 17 fields; the first line names 16 columns.",
    );
  });

  it("refuses a control character in a cell as the API's guard does, and stores the row without it", async () => {
    const res = await upload(
      fileOf([good({ title: "Basket\u0000\u0007 with NUL" })]),
      seller,
      "n\u0000ul.csv",
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rows[0]).toMatchObject({
      status: "invalid",
      title: "Basket with NUL",
      errors: { title: "title contains a character that is not allowed." },
    });
  });

  it("reads a byte order mark, spaced column names, labels, dollars with signs and a quoted description", async () => {
    const text =
      "\uFEFFTitle,Description,Category,Territory,Condition,Price,Shipping,Return policy days\r\n" +
      'Carved mahogany bowl,"A bowl, hand carved.\nOiled, ""food safe"".",home,barbados,Like New,"$1,200.50",$0,14\r\n';
    const res = await upload(Buffer.from(text));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rows[0]).toMatchObject({ status: "ready", errors: {} });
  });
});

describe("confirming creates the ready rows, each a whole listing or none", () => {
  it("creates the good rows of a file with one bad row, and reports each", async () => {
    const pic = await photo(seller, "#00aa00");
    const result = await preview([
      good({ title: "Bulk good one", photo_urls: pic.url }),
      good({ title: "Bulk bad one", price: "free" }),
      good({
        title: "Bulk good auction",
        format: "auction",
        price: "20",
        duration_days: "3",
        reserve_price: "30",
      }),
    ]);
    expect(result.counts).toMatchObject({ rows: 3, ready: 2, invalid: 1 });
    expect(result.rows[1]?.errors).toEqual({ price: "Price must be a number" });

    const done = await confirmAndRun(result.id);
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ created: 2, invalid: 1, failed: 0, ready: 0 });
    expect(await countTitled("Bulk good one")).toBe(1);
    expect(await countTitled("Bulk bad one")).toBe(0);
    const created = done.rows.filter((r) => r.status === "created");
    for (const row of created) {
      expect(row.listingId).toBeTruthy();
      expect(row.moderation).toBe("visible");
    }
    const first = await seller.get(`/api/listings/${created[0]?.listingId}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().images).toHaveLength(1);
    const auction = await seller.get(`/api/listings/${created[1]?.listingId}/edit`);
    expect(auction.json()).toMatchObject({
      kind: "auction",
      priceCents: 2000,
      reservePriceCents: 3000,
      durationDays: 3,
    });

    // Confirming again changes nothing.
    const again = await seller.post(`/api/my/listing-uploads/${result.id}/confirm`);
    expect(again.statusCode).toBe(200);
    expect(again.json().counts.created).toBe(2);
  });

  it("reports a row refused at creation as failed and leaves nothing of it", async () => {
    const pic = await photo(seller, "#0000aa");
    const result = await preview([
      good({ title: "Bulk photo taken", photo_urls: pic.url }),
      good({ title: "Bulk fine" }),
    ]);
    expect(result.counts.ready).toBe(2);
    // Between preview and confirm the seller puts the photo on a listing of the form.
    const taken = await seller.post("/api/listings", {
      kind: "fixed_price",
      title: "Took the photo",
      category: "home",
      territory: "jamaica",
      condition: "new",
      description: "First.",
      priceCents: 1000,
      shippingCents: 0,
      imageIds: [pic.id],
    });
    expect(taken.statusCode).toBe(201);
    const done = await confirmAndRun(result.id);
    expect(done.rows.map((r) => r.status)).toEqual(["failed", "created"]);
    expect(done.rows[0]?.errors).toEqual({
      photo_urls: "One of the photos is unknown. Please upload it again.",
    });
    expect(done.rows[0]?.listingId).toBeNull();
    expect(await countTitled("Bulk photo taken")).toBe(0);
  });

  it("holds a row a safety rule matches, as the single create does", async () => {
    await t.database.db.execute(
      sql`insert into listing_rules (kind, value) values ('word', 'replica') on conflict do nothing`,
    );
    const result = await preview([good({ title: "Replica designer handbag" })]);
    const done = await confirmAndRun(result.id);
    expect(done.rows[0]).toMatchObject({ status: "created", moderation: "held" });
  });

  it("forgets a preview nobody confirmed within a week, and keeps confirmed ones", async () => {
    const stale = await preview([good({ title: "Never confirmed" })]);
    const kept = await preview([good({ title: "Confirmed long ago" })]);
    await confirmAndRun(kept.id);
    await t.database.db.execute(
      sql`update listing_uploads set created_at = now() - interval '8 days'
          where id in (${stale.id}::uuid, ${kept.id}::uuid)`,
    );
    expect(await pruneAbandonedUploads(t.database.db)).toBe(1);
    expect((await seller.get(`/api/my/listing-uploads/${stale.id}`)).statusCode).toBe(404);
    expect((await seller.get(`/api/my/listing-uploads/${kept.id}`)).json().status).toBe("done");
  });

  it("is 404 to another seller, to read or to confirm", async () => {
    const result = await preview([good({ title: "Not yours" })]);
    expect((await other.get(`/api/my/listing-uploads/${result.id}`)).statusCode).toBe(404);
    const confirm = await other.post(`/api/my/listing-uploads/${result.id}/confirm`);
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json().error.code).toBe("listing_upload_not_found");
    expect((await seller.get(`/api/my/listing-uploads/${result.id}`)).json().status).toBe(
      "previewed",
    );
  });
});

describe("several instances at once", () => {
  it("create each row exactly once", async () => {
    const list = Array.from({ length: 24 }, (_, i) => good({ title: `Shared run item ${i}` }));
    const result = await preview(list);
    await seller.post(`/api/my/listing-uploads/${result.id}/confirm`);
    const runs = await Promise.all(
      [1, 2, 3].map(() => runListingUploads(t.database.db, () => new Date(), 600_000)),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(24);
    const done: ListingUpload = (await seller.get(`/api/my/listing-uploads/${result.id}`)).json();
    expect(done).toMatchObject({ status: "done", counts: { created: 24 } });
    const [made] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from listings where title like 'Shared run item %'`,
    );
    expect(made?.n).toBe(24);
  });
});

describe("a file of 1,000 rows", () => {
  it("previews, creates every row in its own transaction and charges insertion fees as the single create", async () => {
    const big = await createUser(t.database.db, "bigshop");
    const shop = await signedInAgent(t.app, t.database.db, big.id);
    const list = Array.from({ length: 1000 }, (_, i) =>
      good({
        title: `Bulk item ${i + 1}`,
        price: `${(i % 50) + 1}.99`,
        territory: i % 2 ? "jamaica" : "barbados",
      }),
    );
    const result = await preview(list, shop);
    expect(result.counts).toMatchObject({ rows: 1000, ready: 1000 });
    const done = await confirmAndRun(result.id, shop);
    expect(done.status).toBe("done");
    expect(done.counts).toMatchObject({ rows: 1000, created: 1000, failed: 0 });
    expect(new Set(done.rows.map((r) => r.listingId)).size).toBe(1000);
    const [fees] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_journals j join listings l on l.id::text = j.source_id
          where j.purpose = 'insertion_fee' and l.seller_id = ${big.id}`,
    );
    expect(fees?.n).toBe(1000 - FREE_LISTINGS_PER_MONTH);
  }, 240_000);
});

describe("GET /api/my/listings.csv", () => {
  it("exports the seller's listings in the template's columns, formulas defused, and reads back", async () => {
    const made = await createUser(t.database.db, "exporter");
    const exporter = await signedInAgent(t.app, t.database.db, made.id);
    const result = await preview(
      [
        good({ title: '=HYPERLINK("http://x")', description: "-rm\nsecond line" }),
        good({
          title: "Exported auction",
          format: "auction",
          price: "20",
          duration_days: "3",
          reserve_price: "30",
        }),
      ],
      exporter,
    );
    await confirmAndRun(result.id, exporter);
    const res = await exporter.get("/api/my/listings.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /attachment; filename="tradewinds-listings-/,
    );
    const [header, ...body] = parseCsv(res.body);
    expect(header?.slice(0, LISTING_CSV_COLUMNS.length)).toEqual([...LISTING_CSV_COLUMNS]);
    expect(body).toHaveLength(2);
    const at = (name: string) => header?.indexOf(name) ?? -1;
    const formula = body.find((r) => r[at("title")]?.includes("HYPERLINK"));
    expect(formula?.[at("title")]).toBe('\'=HYPERLINK("http://x")');
    expect(formula?.[at("description")]).toBe("'-rm\nsecond line");
    expect(formula?.[at("status")]).toBe("active");
    expect(formula?.[at("price")]).toBe("45.00");
    expect(formula?.[at("territory")]).toBe("jamaica");
    const auction = body.find((r) => r[at("title")] === "Exported auction");
    expect(auction?.[at("format")]).toBe("auction");
    expect(auction?.[at("reserve_price")]).toBe("30.00");
    expect(auction?.[at("duration_days")]).toBe("3");
    expect(auction?.[at("listing_url")]).toBe(`${t.app.publicUrl}/listing/${auction?.[at("id")]}`);
    // Only the seller's own.
    const otherCsv = (await other.get("/api/my/listings.csv")).body;
    expect(otherCsv).not.toContain("Exported auction");
    // The export reads back as an upload (its extra columns ignored).
    const back = await upload(Buffer.from(res.body), exporter);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().counts).toMatchObject({ rows: 2, ready: 2 });
    expect((await new Agent(t.app).get("/api/my/listings.csv")).statusCode).toBe(401);
  });
});
