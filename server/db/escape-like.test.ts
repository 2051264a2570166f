import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../test/build-test-app";
import { escapeLike } from "./escape-like";
import { rows } from "./rows";

describe("escapeLike", () => {
  it("escapes the pattern characters and leaves the rest", () => {
    expect(escapeLike(String.raw`50% off_now \ more`)).toBe(String.raw`50\% off\_now \\ more`);
    expect(escapeLike("plain words")).toBe("plain words");
  });

  describe("in the database", () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await openTestDatabase();
    });
    afterAll(async () => {
      await test?.dispose();
    });

    const matches = async (text: string, search: string) => {
      const [row] = await rows<{ hit: boolean }>(
        test.database.db,
        sql`select ${text}::text ilike ${`%${escapeLike(search)}%`}::text as hit`,
      );
      return row?.hit;
    };

    it("finds the search as written, not as a pattern", async () => {
      expect(await matches("Save 50% today", "50%")).toBe(true);
      expect(await matches("Save 500 today", "50%")).toBe(false);
      expect(await matches("file_name", "e_n")).toBe(true);
      expect(await matches("filename", "e_n")).toBe(false);
      expect(await matches(String.raw`C:\Temp`, String.raw`:\T`)).toBe(true);
      expect(await matches("C:Temp", String.raw`:\T`)).toBe(false);
    });
  });
});
