import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md: features do not import each other (pages in client/app compose them), and
// what every feature builds on (client/lib, client/components) imports no feature. Held here by a
// scan of every import rather than by habit; a type-only import counts too.

const CLIENT_DIR = import.meta.dirname;

/** Every TypeScript file under `dir`, relative to client/, with `/` separators. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(CLIENT_DIR, path).split(sep).join("/")] : [];
  });
}

/** `from "x"` (imports and re-exports), `import("x")` and a bare `import "x"`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"']+)\1/g;

/** The relative specifiers a file imports, resolved to paths relative to client/. */
function importsOf(file: string): string[] {
  const src = readFileSync(join(CLIENT_DIR, file), "utf8");
  const found: string[] = [];
  for (const match of src.matchAll(IMPORT)) {
    const specifier = match[2] ?? "";
    if (!specifier.startsWith(".")) continue;
    const target = resolve(CLIENT_DIR, dirname(file), specifier);
    found.push(relative(CLIENT_DIR, target).split(sep).join("/"));
  }
  return found;
}

/** The feature a client/ path belongs to, if any. */
function featureOf(path: string): string | undefined {
  return /^features\/([^/]+)(?:\/|$)/.exec(path)?.[1];
}

/** Why `file` may not import `target`, or null when it may. */
function violation(file: string, target: string): string | null {
  const to = featureOf(target);
  if (!to) return null;
  const from = featureOf(file);
  if (from && from !== to) return `feature "${from}" imports feature "${to}"`;
  if (/^(lib|components)\//.test(file)) return `${file.split("/")[0]} imports feature "${to}"`;
  return null;
}

describe("client boundaries", () => {
  it("no feature imports another, and lib and components import no feature", () => {
    const found: string[] = [];
    for (const file of sourceFiles(CLIENT_DIR))
      for (const target of importsOf(file)) {
        const why = violation(file, target);
        if (why) found.push(`client/${file} -> client/${target}: ${why}`);
      }
    expect(found).toEqual([]);
  });

  it("sees the imports it is meant to judge", () => {
    // A scan that found nothing would pass vacuously: it must see these real imports.
    expect(importsOf("app/live-effects.ts")).toContain("features/listings/cache");
    expect(violation("features/a/api/x.ts", "features/b/cache")).not.toBeNull();
    expect(violation("lib/x.ts", "features/b/cache")).not.toBeNull();
    expect(violation("components/ui/x.tsx", "features/b/hooks/y")).not.toBeNull();
    expect(violation("features/a/api/x.ts", "features/a/cache")).toBeNull();
    expect(violation("app/routes/x.tsx", "features/b/cache")).toBeNull();
  });
});
