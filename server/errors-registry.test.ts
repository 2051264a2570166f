import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../core/errors";

// Type-checking already holds the factories to ErrorCode; this scan also catches what types let
// through (a code in a plain object, an `as` cast, a comparison) so loose strings cannot return.

const SERVER_DIR = import.meta.dirname;
const REGISTRY = new Set<string>(Object.values(ERROR_CODES));

/** Which argument (from 0) of each factory is the error code. */
const CODE_ARGUMENT: Record<string, number> = {
  AppError: 1,
  badRequest: 2,
  notFound: 1,
  conflict: 1,
  ruleBroken: 0,
  // The sandbox card network's refusals (payments/sandbox.service.ts).
  declined: 0,
};
const FACTORY_CALL = new RegExp(`\\b(${Object.keys(CODE_ARGUMENT).join("|")})\\s*\\(`, "g");
/** `code: "..."` in an object, and `.code === "..."` in a comparison. */
const CODE_IN_PLACE = /(?:\bcode\s*:|\.code\s*[!=]==?)\s*(["'`])([^"'`]*)\1/g;
const STRING_LITERAL = /(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;

interface Finding {
  file: string;
  line: number;
  code: string;
}

/** The index just past the quote, bracket or template that opens at `start`. */
function skipQuoted(src: string, start: number): number {
  const quote = src[start];
  let i = start + 1;
  while (i < src.length && src[i] !== quote) {
    if (src[i] === "\\") i += 2;
    else if (quote === "`" && src.startsWith("${", i)) i = skipBalanced(src, i + 1);
    else i += 1;
  }
  return i + 1;
}

/** The index just past the bracket matching the one at `start`, skipping strings inside. */
function skipBalanced(src: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < src.length) {
    const c = src[i] ?? "";
    if (c === '"' || c === "'" || c === "`") {
      i = skipQuoted(src, i);
      continue;
    }
    if ("([{".includes(c)) depth += 1;
    else if (")]}".includes(c)) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  return i;
}

/** The top-level arguments of the call whose `(` is at `open`, each with its offset. */
function callArguments(src: string, open: number): { text: string; at: number }[] {
  const end = skipBalanced(src, open) - 1;
  const args: { text: string; at: number }[] = [];
  let from = open + 1;
  let i = from;
  while (i < end) {
    const c = src[i] ?? "";
    if (c === '"' || c === "'" || c === "`") i = skipQuoted(src, i);
    else if ("([{".includes(c)) i = skipBalanced(src, i);
    else {
      if (c === ",") {
        args.push({ text: src.slice(from, i), at: from });
        from = i + 1;
      }
      i += 1;
    }
  }
  if (src.slice(from, end).trim()) args.push({ text: src.slice(from, end), at: from });
  return args;
}

/** Every string literal this source passes or compares as an error code, with its line. */
function literalCodes(file: string, src: string): { found: Finding[]; places: number } {
  const lineOf = (offset: number) => src.slice(0, offset).split("\n").length;
  const found: Finding[] = [];
  let places = 0;
  for (const call of src.matchAll(FACTORY_CALL)) {
    const name = call[1] ?? "";
    const open = (call.index ?? 0) + call[0].length - 1;
    const arg = callArguments(src, open)[CODE_ARGUMENT[name] ?? -1];
    if (!arg) continue;
    places += 1;
    // A literal anywhere in the argument counts: `problem?.code ?? "not_found"` passes one too.
    for (const literal of arg.text.matchAll(STRING_LITERAL))
      found.push({ file, line: lineOf(arg.at + (literal.index ?? 0)), code: literal[2] ?? "" });
  }
  for (const match of src.matchAll(CODE_IN_PLACE)) {
    places += 1;
    found.push({ file, line: lineOf(match.index ?? 0), code: match[2] ?? "" });
  }
  return { found, places };
}

/** The server's own source: tests and their helpers may spell codes out, as a client would. */
function serverSources(): string[] {
  return readdirSync(SERVER_DIR, { recursive: true, encoding: "utf8" })
    .map((name) => name.split("\\").join("/"))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .filter((name) => !name.startsWith("test/") && !name.includes("node_modules/"));
}

describe("error codes in server source", () => {
  it("finds literal codes where the server passes, sets or compares one", () => {
    const src = [
      'throw notFound("Gone.", "lisitng_not_found");',
      'throw badRequest("Bad.", { a: "b" }, "oops_code");',
      `new AppError(500, cond ? "x_one" : "internal_error", \`msg, \${a("y")}\`);`,
      'return { code: "made_up", message: "Sorry, only 2" };',
      'if (err.code === "typo_code") {}',
      'throw ruleBroken(ERROR_CODES.bidTooLow, "Enter $5, or more", { amountCents: "x" });',
    ].join("\n");
    const { found } = literalCodes("fixture.ts", src);
    expect(found.map((f) => `${f.line}:${f.code}`)).toEqual([
      "1:lisitng_not_found",
      "2:oops_code",
      "3:x_one",
      "3:internal_error",
      "4:made_up",
      "5:typo_code",
    ]);
  });

  it("sends only codes from core's ERROR_CODES registry", () => {
    const files = serverSources();
    const unknown: string[] = [];
    let places = 0;
    for (const name of files) {
      const scan = literalCodes(name, readFileSync(join(SERVER_DIR, name), "utf8"));
      places += scan.places;
      for (const f of scan.found)
        if (!REGISTRY.has(f.code)) unknown.push(`server/${f.file}:${f.line} "${f.code}"`);
    }
    // A scan that silently matched nothing would pass; the server raises errors in dozens of places.
    expect(files.length).toBeGreaterThan(50);
    expect(places).toBeGreaterThan(50);
    expect(unknown, "add these to ERROR_CODES in core/errors.ts, or use an existing code").toEqual(
      [],
    );
  });
});
