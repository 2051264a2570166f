import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateListingInput } from "../../core/contracts/selling";
import { ERROR_CODES } from "../../core/errors";
import { type App, buildApp } from "../app";
import { users } from "../db/schema/users";
import { DEMO_USER_EMAILS } from "../seed/seed";
import { Agent } from "../test/agent";
import { setUpTestApp } from "../test/build-test-app";
import { createListing, signedInAgent } from "../test/factories";

const t = setUpTestApp();
let seller: Agent;
let territoryId: string;

beforeAll(async () => {
  const email = DEMO_USER_EMAILS[0] as string;
  const [demo] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!demo) throw new Error("no seeded user");
  seller = await signedInAgent(t.app, t.database.db, demo.id);
  territoryId = (await seller.get("/api/territories")).json().items[0].id;
});

const listing = (overrides: Partial<CreateListingInput> = {}): CreateListingInput => ({
  kind: "fixed_price",
  title: "Hand-woven straw basket",
  category: "home",
  territory: territoryId,
  condition: "new",
  description: "Woven in Saint Lucia from local straw.",
  priceCents: 4500,
  quantity: 3,
  shippingCents: 0,
  returnPolicyDays: 30,
  ...overrides,
});

/** The answer must be the app's 400 envelope naming `field`, in words a person can read. */
function expectRefused(res: Awaited<ReturnType<Agent["get"]>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json();
  expect(error.code).toBe(ERROR_CODES.badRequest);
  expect(error.fields?.[field], res.body).toBe(
    `${field} contains a character that is not allowed.`,
  );
  expect(error.message).toMatch(/contains a character that is not allowed\.$/);
}

describe("control characters in the query string and path", () => {
  it.each(["search", "category", "territory", "seller"])(
    "GET /api/listings with a NUL in %s",
    async (p) => {
      expectRefused(await new Agent(t.app).get(`/api/listings?${p}=%00`), p);
    },
  );

  it("GET /api/categories/%00 names the path parameter", async () => {
    expectRefused(await new Agent(t.app).get("/api/categories/%00"), "slug");
  });

  it("checks the route, however its path is spelled", async () => {
    expectRefused(await new Agent(t.app).get("/%61pi/listings?search=%00"), "search");
    expectRefused(await new Agent(t.app).get("/api/%63ategories/%00"), "slug");
  });

  it("GET /api/home?territory=%00", async () => {
    expectRefused(await new Agent(t.app).get("/api/home?territory=%00"), "territory");
  });

  it("refuses the other C0 controls and DEL, not only NUL", async () => {
    for (const c of ["%01", "%1B", "%7F", "%0B"]) {
      expectRefused(await new Agent(t.app).get(`/api/listings?search=a${c}b`), "search");
    }
  });

  it("accepts tab and newlines, and ordinary non-ASCII text", async () => {
    const res = await new Agent(t.app).get("/api/listings?search=straw%09basket%0A%C3%A9");
    expect(res.statusCode, res.body).toBe(200);
  });

  it("checks each value of a repeated query parameter", async () => {
    const res = await new Agent(t.app).get("/api/listings?condition=new&condition=%00");
    expectRefused(res, "condition.1");
  });
});

describe("control characters in JSON bodies", () => {
  it.each([
    ["title", { title: "Straw\u0000basket" }],
    ["category", { category: "home\u0000" }],
    ["territory", { territory: "\u0000" }],
  ])("POST /api/listings refuses a NUL in %s", async (field, overrides) => {
    expectRefused(await seller.post("/api/listings", listing(overrides)), field);
  });

  it("POST /api/listings refuses a NUL in a specification's name or value", async () => {
    const inValue = await seller.post(
      "/api/listings",
      listing({ specifications: [{ key: "Brand", value: "Acme\u0000" }] }),
    );
    expectRefused(inValue, "specifications.0.value");
    const inKey = await seller.post(
      "/api/listings",
      listing({
        specifications: [
          { key: "Brand", value: "Acme" },
          { key: "Mat\u0000erial", value: "Straw" },
        ],
      }),
    );
    expectRefused(inKey, "specifications.1.key");
  });

  it("refuses a control character in a property name, naming the object holding it", async () => {
    const res = await seller.post("/api/listings", {
      ...listing(),
      specifications: [{ key: "Brand", value: "Acme", "x\u0000": "y" }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toEqual({
      "specifications.0":
        "specifications.0 has a field name containing a character that is not allowed.",
    });
  });

  it("PATCH /api/me refuses a NUL in the name", async () => {
    expectRefused(await seller.patch("/api/me", { fullName: "Ana\u0000" }), "fullName");
  });

  it.each(["firstName", "lastName", "email", "password"])(
    "POST /api/auth/register refuses a NUL in %s",
    async (field) => {
      const body: Record<string, unknown> = {
        firstName: "Ana",
        lastName: "Pérez",
        email: "nul-register@example.com",
        password: "Sunny-Beach9",
        accountType: "personal",
        marketingEmails: false,
      };
      body[field] = `${body[field]}\u0000`;
      expectRefused(await new Agent(t.app).post("/api/auth/register", body), field);
    },
  );

  it("names every offending field at once", async () => {
    const res = await seller.post(
      "/api/listings",
      listing({ title: "\u0001", description: "\u0002" }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["description", "title"]);
  });

  it("still accepts newlines and tabs in a listing description", async () => {
    const description = "Woven by hand.\r\nSize:\t30 cm\n\nShips from Castries.";
    const res = await seller.post("/api/listings", listing({ description }));
    expect(res.statusCode, res.body).toBe(201);
    const detail = await seller.get(`/api/listings/${res.json().id}`);
    expect(detail.json().description).toBe(description);
  });
});

describe("bodies that are not parsed JSON", () => {
  it("a multipart photo upload still works", async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: "#0f766e" },
    })
      .jpeg()
      .toBuffer();
    const res = await seller.upload("/api/uploads", "photo.jpg", "image/jpeg", jpeg);
    expect(res.statusCode, res.body).toBe(201);
  });

  it("a webhook's raw body reaches the signature check untouched", async () => {
    // A NUL escaped in the JSON text: only the provider's signature decides about these bytes.
    const res = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook/sandbox",
      headers: { "content-type": "application/json", "tradewinds-signature": "t=1,v1=00" },
      payload: '{"type":"x\\u0000"}',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("invalid_signature");
  });
});

describe("page paths", () => {
  let pages: App;
  let clientDist: string;

  beforeAll(async () => {
    // The test app has no built client; these pages need an index.html to put share tags in.
    clientDist = fs.mkdtempSync(path.join(os.tmpdir(), "tw-client-"));
    fs.writeFileSync(
      path.join(clientDist, "index.html"),
      "<html><head><title>Tradewinds</title></head><body></body></html>",
    );
    pages = await buildApp({
      config: { ...t.app.config, clientDist },
      database: t.database,
      logger: false,
    });
    await pages.ready();
  });
  afterAll(async () => {
    await pages?.close();
    fs.rmSync(clientDist, { recursive: true, force: true });
  });

  it("opens the app for a page link with a NUL in its query", async () => {
    const res = await pages.inject({ method: "GET", url: "/search?q=%00" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
  });

  it("answers a NUL in a page's path without a 500", async () => {
    // The static file server sees these first and refuses a NUL in a file path by itself.
    for (const url of ["/listing/%00", "/listing/%00/", "/product/x%00y?a=%00"]) {
      const res = await pages.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it("still puts a listing's share tags in its page", async () => {
    const item = await createListing(t.database.db, { title: "Share me" });
    const res = await pages.inject({ method: "GET", url: `/listing/${item.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Share me | Tradewinds</title>");
  });

  it("an unknown API path with a NUL is refused, not a 500", async () => {
    // The static file server's catch-all route matches it, and refuses a NUL in a file path.
    const res = await pages.inject({ method: "GET", url: "/api/nope/%00?x=%00" });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
