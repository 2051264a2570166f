import { afterEach, describe, expect, it, vi } from "vitest";
import type { TestModule, Vitest } from "vitest/node";
import PostgresOnlyReporter from "./postgres-only-reporter";

// The reporter reads only these parts of Vitest's test modules.
const test = (fullName: string, tags: string[], state: string) => ({
  fullName,
  tags,
  result: () => ({ state }),
});
const modules = [
  {
    children: {
      allTests: () => [
        test("races > on PostgreSQL", ["postgres"], "skipped"),
        test("races > another", ["postgres"], "skipped"),
        test("races > on PGlite", [], "passed"),
        test("races > skipped for another reason", [], "skipped"),
        test("races > ran on PostgreSQL", ["postgres"], "passed"),
      ],
    },
  },
  { children: { allTests: () => [test("live > across instances", ["postgres"], "skipped")] } },
] as unknown as TestModule[];

function run(pattern?: RegExp): string {
  const write = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const reporter = new PostgresOnlyReporter();
  reporter.onInit({ config: { testNamePattern: pattern } } as unknown as Vitest);
  reporter.onTestRunEnd(modules);
  const out = write.mock.calls.map((c) => String(c[0])).join("");
  write.mockRestore();
  return out;
}

describe("the PostgreSQL-only count", () => {
  const saved = process.env.TEST_DATABASE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  });

  it("counts the skipped tests tagged postgres, and only those", () => {
    delete process.env.TEST_DATABASE_URL;
    expect(run()).toContain("3 tests need TEST_DATABASE_URL");
  });

  it("leaves out tests a name filter left out", () => {
    delete process.env.TEST_DATABASE_URL;
    expect(run(/live/)).toContain("1 test needs TEST_DATABASE_URL");
    expect(run(/nothing matches/)).toBe("");
  });

  it("says nothing when the server was there", () => {
    process.env.TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";
    expect(run()).toBe("");
  });
});
