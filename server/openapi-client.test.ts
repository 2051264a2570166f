import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedWarnings, OPENAPI_TYPESCRIPT } from "../scripts/openapi-check";
import { DEMO_PASSWORD } from "./seed/seed";
import { DEMO_USERS } from "./seed/seed-data";
import { setUpTestApp } from "./test/build-test-app";

/**
 * The published OpenAPI document used as an integrator would: openapi-typescript generates types
 * from what a running instance serves, a small client written against those types (openapi-fetch)
 * must type-check, and it then calls the instance: the category tree, a page of listings, one
 * listing, and, signed in with the session cookie and the CSRF header, the seller's own listings.
 * The client is written out beside the generated types (both in a scratch folder inside the
 * project, so that it resolves openapi-fetch) because it cannot compile before they exist.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const CLIENT = `import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "./openapi";

/** Keeps the cookies the server sets, and echoes the CSRF cookie on writes, as a browser page does. */
function cookieJar(): Middleware {
  const cookies = new Map<string, string>();
  return {
    onRequest({ request }) {
      if (cookies.size > 0) {
        request.headers.set("cookie", [...cookies].map(([name, value]) => \`\${name}=\${value}\`).join("; "));
      }
      const csrf = cookies.get("tw_csrf");
      if (csrf && request.method !== "GET") request.headers.set("x-csrf-token", csrf);
      return request;
    },
    onResponse({ response }) {
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(";")[0] ?? "";
        const at = pair.indexOf("=");
        if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return response;
    },
  };
}

export async function run(baseUrl: string, email: string, password: string) {
  const api = createClient<paths>({ baseUrl });
  api.use(cookieJar());

  const categories = await api.GET("/api/categories");
  const tree = categories.data?.items ?? [];
  const childNames: string[] = tree.flatMap((node) => node.children.map((child) => child.name));

  const listings = await api.GET("/api/listings", {
    params: { query: { sort: "newest", pageSize: 5 } },
  });
  const first = listings.data?.items[0];
  const one = first
    ? await api.GET("/api/listings/{id}", { params: { path: { id: first.id } } })
    : undefined;

  const missing = await api.GET("/api/listings/{id}", {
    params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
  });

  const visitorsOwn = await api.GET("/api/me/listings");
  const login = await api.POST("/api/auth/login", { body: { email, password, rememberMe: false } });
  const own = await api.GET("/api/me/listings");

  return {
    categories: { status: categories.response.status, roots: tree.length, childNames },
    listings: {
      status: listings.response.status,
      // The first page's featured listings are pinned above it and left out of its items (decision 0019).
      count: (listings.data?.items.length ?? 0) + (listings.data?.pinned?.length ?? 0),
      pageSize: listings.data?.pageSize,
    },
    listing: { status: one?.response.status, title: one?.data?.title, firstTitle: first?.title },
    missing: { status: missing.response.status, code: missing.error?.error.code },
    visitorsOwn: { status: visitorsOwn.response.status, code: visitorsOwn.error?.error.code },
    login: { status: login.response.status, email: login.data?.user?.email },
    own: { status: own.response.status, count: own.data?.items.length ?? 0 },
  };
}

// Never called: it only has to fail to compile, which shows the types describe the API.
export function typesRefuseWhatTheApiDoesNot(api: ReturnType<typeof createClient<paths>>) {
  // @ts-expect-error: no such path
  void api.GET("/api/no-such-path");
  // @ts-expect-error: a listing's id is a path parameter the call must give
  void api.GET("/api/listings/{id}");
  // @ts-expect-error: a sign-in needs a password
  void api.POST("/api/auth/login", { body: { email: "someone@example.com" } });
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2023", "DOM", "DOM.Iterable"],
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    types: [],
  },
  files: ["client.ts", "openapi.d.ts"],
};

describe("the OpenAPI document, used by a generated typed client", () => {
  const t = setUpTestApp();
  let baseUrl = "";
  let dir = "";

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = fs.mkdtempSync(path.join(root, ".tmp-openapi-client-"));
  });

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("generates types that a client type-checks against, and the client works", async () => {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    fs.writeFileSync(path.join(dir, "openapi.json"), await res.text());
    const generated = spawnSync(
      OPENAPI_TYPESCRIPT,
      [path.join(dir, "openapi.json"), "-o", path.join(dir, "openapi.d.ts")],
      { cwd: root, encoding: "utf8" },
    );
    expect(generated.status, generated.stderr).toBe(0);
    const types = fs.readFileSync(path.join(dir, "openapi.d.ts"), "utf8");
    expect(types).toContain('"/api/categories"');
    expect(types).toContain("CategoryNode");

    fs.writeFileSync(path.join(dir, "client.ts"), CLIENT);
    fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
    const tsc = spawnSync(path.join(root, "node_modules", ".bin", "tsc"), ["-p", dir], {
      cwd: root,
      encoding: "utf8",
    });
    expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).toBe(0);

    const client = (await import(path.join(dir, "client.ts"))) as {
      run(baseUrl: string, email: string, password: string): Promise<Record<string, unknown>>;
    };
    const seller = DEMO_USERS.find((user) => user.role === "seller");
    if (!seller) throw new Error("the demo data has no seller");
    const result = await client.run(baseUrl, seller.email, DEMO_PASSWORD);

    expect(result.categories).toMatchObject({ status: 200 });
    expect((result.categories as { roots: number }).roots).toBeGreaterThan(0);
    expect((result.categories as { childNames: string[] }).childNames.length).toBeGreaterThan(0);
    expect(result.listings).toMatchObject({ status: 200, pageSize: 5 });
    expect((result.listings as { count: number }).count).toBeGreaterThanOrEqual(5);
    const listing = result.listing as { status: number; title: string; firstTitle: string };
    expect(listing).toMatchObject({ status: 200, title: listing.firstTitle });
    expect(result.missing).toEqual({ status: 404, code: "listing_not_found" });
    expect(result.visitorsOwn).toEqual({ status: 401, code: "unauthorized" });
    expect(result.login).toEqual({ status: 200, email: seller.email });
    expect(result.own).toMatchObject({ status: 200 });
    expect((result.own as { count: number }).count).toBeGreaterThan(0);
  }, 120_000);

  it("reads the warnings redocly.yaml accepts", () => {
    const accepted = acceptedWarnings(fs.readFileSync(path.join(root, "redocly.yaml"), "utf8"));
    expect([...accepted]).toEqual([
      "operation-2xx-response #/paths/~1api~1auth~1oauth~1{provider}~1start/get/responses",
      "operation-2xx-response #/paths/~1auth~1callback/get/responses",
    ]);
  });
});
