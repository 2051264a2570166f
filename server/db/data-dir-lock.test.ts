import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { lockDatabaseFolder } from "./data-dir-lock";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-lock-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the embedded database's folder lock", () => {
  it("refuses a second process while the first runs, and takes over from one that died", async () => {
    const folder = path.join(dir, "pglite");
    const lockFile = path.join(dir, "pglite.pid");
    // Another process holds it.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      fs.writeFileSync(lockFile, String(other.pid));
      expect(() => lockDatabaseFolder(folder)).toThrow(
        `Another Tradewinds process (pid ${other.pid}) is using ${folder}; stop it first`,
      );
      await expect(openDatabase({ pgliteDir: folder })).rejects.toThrow(
        /Another Tradewinds process/,
      );
    } finally {
      other.kill("SIGKILL");
      await new Promise((resolve) => other.once("exit", resolve));
    }
    // Its holder gone (a kill -9 leaves the file), the next open takes it over, and gives it back.
    const database = await openDatabase({ pgliteDir: folder });
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 60_000);
});
