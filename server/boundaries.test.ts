import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// The direction of dependencies, held by a scan of every non-test file's relative imports (type-only
// and dynamic ones included: they couple files as much as any). docs/architecture.md "Dependencies".

const ROOT = join(import.meta.dirname, "..");

/**
 * The server's layers and modules, top to bottom: a file may import files of its own entry and of
 * entries listed after it, never before. Placing a new module is choosing its line here; an import
 * that breaks the order means something two modules share belongs lower, in a module of its own.
 */
const SERVER_ORDER: readonly string[] = [
  "server/test", // helpers for tests (build-test-app, factories)
  "server/server.ts", // the process: config, seed, app, jobs
  "server/jobs", // background work: calls modules' services
  "server/seed", // the demo data, written with modules' helpers
  "server/backup", // npm run backup and restore: the database and the pictures
  "server/app.ts", // registers plugins, then modules
  // Modules: pages and workflows first, what they share below them.
  "server/modules/site",
  "server/modules/home",
  "server/modules/catalog",
  "server/modules/admin",
  "server/modules/currencies", // exchange rates for approximate prices (display only)
  "server/modules/checkout",
  "server/modules/orders",
  "server/modules/seller-payments", // the seller's money pages: reads the ledger
  "server/modules/listing-uploads", // listings in bulk: CSV preview, the creating job, export
  "server/modules/selling",
  "server/modules/payouts", // paying sellers: runs, onboarding, holds
  "server/modules/moderation",
  "server/modules/payments",
  "server/modules/offers", // Best Offer: offers, answers, agreements as unpaid orders
  "server/modules/returns", // returns, items not received and the cases staff decide
  "server/modules/cancellations",
  "server/modules/shipping",
  "server/modules/feedback",
  "server/modules/staff",
  "server/modules/messages",
  "server/modules/support",
  "server/modules/auctions",
  "server/modules/carts",
  "server/modules/health",
  "server/modules/watching",
  "server/modules/listings",
  "server/modules/auction-rules", // an auction's rules as SQL, for every reader
  "server/modules/ledger", // the money ledger: journals, sellers' funds and fees
  "server/modules/stock",
  "server/modules/order-access",
  "server/modules/payment-providers",
  "server/modules/api-tokens", // personal API tokens: made, listed, revoked (bearer auth is a plugin)
  "server/modules/accounts",
  "server/modules/notifications",
  "server/modules/uploads",
  "server/modules/mail",
  // Infrastructure: knows no module.
  "server/plugins",
  "server/db",
  "server/log-redaction.ts",
  "server/config.ts",
  "server/clock.ts",
  "server/trace.ts", // the trace id of the request in progress, for the work it queues
  "server/concurrency.ts",
  "server/errors.ts",
  "core",
];

/** What core/ may import besides itself: it runs in the browser and on the server alike. */
const CORE_PACKAGES: readonly string[] = ["zod"];

/** Folders scanned for file cycles. */
const SCANNED = ["server", "core", "client"];

const SOURCE = /\.tsx?$/;
/** Tests and the kits only tests use (moderation-test-kit.ts). */
const TEST_FILE = /(\.test|\.spec|-test-kit)\.tsx?$/;
/** Static imports and re-exports (`import x, { y } from`, `export * from`, `import "x"`). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w\s{},*$]*?\s*from\s*)?"([^"]+)"/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = `${dir}/${name}`;
    if (name === "node_modules" || name === "dist") continue;
    if (statSync(join(ROOT, path)).isDirectory()) found.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !TEST_FILE.test(name) && !name.endsWith(".d.ts"))
      found.push(path);
  }
  return found;
}

/** Every import specifier in a file: relative ones are paths, the rest packages. */
function importSpecifiers(source: string): string[] {
  return [...source.matchAll(STATIC_IMPORT), ...source.matchAll(DYNAMIC_IMPORT)].map(
    (m) => m[1] as string,
  );
}

/** The repository path a relative specifier names, or null when it is no source file of ours. */
function resolveImport(from: string, spec: string): string | null {
  const base = normalize(join(dirname(from), spec));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, ".ts")];
  for (const c of [...candidates, `${base}/index.ts`]) {
    if (SOURCE.test(c) && existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile()) return c;
  }
  return null;
}

interface Graph {
  files: string[];
  imports: Map<string, string[]>;
  packages: Map<string, string[]>;
}

function scan(dirs: readonly string[]): Graph {
  const files = dirs.flatMap(sourceFiles);
  const imports = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  for (const file of files) {
    const specs = importSpecifiers(readFileSync(join(ROOT, file), "utf8"));
    const local = specs.filter((s) => s.startsWith("."));
    imports.set(
      file,
      local.map((s) => resolveImport(file, s)).filter((t): t is string => t !== null),
    );
    packages.set(
      file,
      specs.filter((s) => !s.startsWith(".")),
    );
  }
  return { files, imports, packages };
}

/** One cycle per strongly connected group of files (Tarjan), each as a path back to its start. */
function findCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of imports.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (imports.get(v) ?? []).includes(v)) groups.push(group);
    }
  };
  for (const v of imports.keys()) if (!index.has(v)) visit(v);
  // Within a group every file reaches every other: walk from the first back to it.
  return groups.map((group) => {
    const members = new Set(group);
    const start = group.sort()[0] as string;
    const path = [start];
    const seen = new Set([start]);
    const walk = (v: string): boolean => {
      for (const w of imports.get(v) ?? []) {
        if (w === start) return true;
        if (!members.has(w) || seen.has(w)) continue;
        seen.add(w);
        path.push(w);
        if (walk(w)) return true;
        path.pop();
      }
      return false;
    };
    walk(start);
    return [...path, start];
  });
}

/** The SERVER_ORDER entry a file belongs to (the longest that contains it), or null. */
function entryOf(file: string): string | null {
  let best: string | null = null;
  for (const entry of SERVER_ORDER) {
    if ((file === entry || file.startsWith(`${entry}/`)) && entry.length > (best?.length ?? -1))
      best = entry;
  }
  return best;
}

/** Imports between different entries, once per (importer entry, imported entry), with an example. */
function entryEdges(graph: Graph): Map<string, { from: string; to: string; example: string }> {
  const edges = new Map<string, { from: string; to: string; example: string }>();
  for (const [file, targets] of graph.imports) {
    const from = entryOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = entryOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, { from, to, example: `${file} imports ${target}` });
    }
  }
  return edges;
}

describe("module boundaries", () => {
  const graph = scan(SCANNED);
  const serverFiles = graph.files.filter((f) => f.startsWith("server/"));

  it("has no import cycle among files", () => {
    const cycles = findCycles(graph.imports).map((c) => c.join(" -> "));
    expect(cycles, "import cycles (a file reaches itself through its imports)").toEqual([]);
  });

  it("places every server file and module in SERVER_ORDER", () => {
    const unplaced = serverFiles.filter((f) => entryOf(f) === null);
    const modules = readdirSync(join(ROOT, "server/modules")).map((m) => `server/modules/${m}`);
    const unlisted = modules.filter((m) => !SERVER_ORDER.includes(m));
    const missing = SERVER_ORDER.filter((e) => !existsSync(join(ROOT, e)));
    expect({ unplaced, unlisted, missing }).toEqual({ unplaced: [], unlisted: [], missing: [] });
  });

  it("has no pair of server modules or layers (core included) that import each other", () => {
    const edges = entryEdges(graph);
    const pairs = [...edges.values()]
      .filter((e) => e.from < e.to && edges.has(`${e.to} -> ${e.from}`))
      .map((e) => `${e.example}, and ${edges.get(`${e.to} -> ${e.from}`)?.example}`);
    expect(pairs, "modules that import each other: move what they share below both").toEqual([]);
  });

  it("imports only downward in SERVER_ORDER", () => {
    const upward = [...entryEdges(graph).values()]
      .filter((e) => SERVER_ORDER.indexOf(e.to) < SERVER_ORDER.indexOf(e.from))
      .map((e) => `${e.from} is listed below ${e.to}, yet ${e.example}`);
    expect(upward, "imports against the order of SERVER_ORDER").toEqual([]);
  });

  it("keeps core/ free of everything but itself and zod", () => {
    const outside = graph.files
      .filter((f) => f.startsWith("core/"))
      .flatMap((f) => [
        ...(graph.imports.get(f) ?? [])
          .filter((t) => !t.startsWith("core/"))
          .map((t) => `${f} imports ${t}`),
        ...(graph.packages.get(f) ?? [])
          .filter((p) => !CORE_PACKAGES.includes(p))
          .map((p) => `${f} imports ${p}`),
      ]);
    expect(outside).toEqual([]);
  });
});

describe("the boundary scan itself", () => {
  it("reads every kind of import and skips strings that only look like one", () => {
    const source = [
      'import { a, type B } from "./a";',
      'import type {\n  C,\n  D,\n} from "./c";',
      'export * from "./e";',
      'import "./side-effect";',
      'const f = await import("./f");',
      'const text = "not from \\"./g\\"";',
      "export const h = 1;",
      'import { z } from "zod";',
    ].join("\n");
    expect(importSpecifiers(source)).toEqual(["./a", "./c", "./e", "./side-effect", "zod", "./f"]);
  });

  it("finds a cycle and prints it from its first file back to it", () => {
    const imports = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
    ]);
    expect(findCycles(imports)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
  });

  it("maps files to their entry and sees the server's real imports", () => {
    expect(entryOf("server/modules/orders/orders.service.ts")).toBe("server/modules/orders");
    expect(entryOf("server/errors.ts")).toBe("server/errors.ts");
    const graph = scan(["server"]);
    expect(graph.imports.get("server/server.ts")).toContain("server/app.ts");
  });
});
