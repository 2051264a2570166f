import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { openTestDatabase } from "../test/build-test-app";
import { databaseUrlOf } from "../test/server-process";
import { backup, CHECKSUMMED_TABLES, databaseFingerprint, restore } from "./backup";

// Round trips of `npm run backup` and `npm run restore` (issue 31): the demo database (orders,
// bids, ledger and payouts included) and its pictures come back with every table's row count and
// the money and bid tables' checksums as they were, and a restore that differs says so.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tw-backup-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const folder = (name: string) => path.join(scratch, name);

/** A few pictures in `dir/uploads`, as uploads and the seed leave them (nested folders). */
function writePictures(dataDir: string): void {
  const dir = path.join(dataDir, "uploads", "listings", "someone");
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(dir, `${i}.webp`), randomBytes(2048));
  fs.mkdirSync(path.join(dataDir, "uploads", "private"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "private", "a.pdf"), randomBytes(512));
}

describe("backup and restore of the embedded database", () => {
  it("brings back every row and picture, and says what differs when something does", async () => {
    // The demo database, written to a data folder as `npm start` leaves one.
    const seeded = await openTestDatabase("pglite", { seeded: true });
    const dump = await seeded.database.dumpDataDir?.();
    await seeded.dispose();
    const dataDir = folder("site");
    const site = await openDatabase({ pgliteDir: path.join(dataDir, "pglite"), from: dump });
    const before = await databaseFingerprint(site);
    await site.close();
    writePictures(dataDir);
    for (const table of ["orders", "bids", "ledger_entries", "payouts"])
      expect(before.counts[table], table).toBeGreaterThan(0);

    const manifest = await backup({ kind: "pglite", dataDir }, folder("backup"));
    expect(manifest.fingerprint.counts).toEqual(before.counts);
    expect(Object.keys(manifest.fingerprint.checksums).sort()).toEqual(
      [...CHECKSUMMED_TABLES].sort(),
    );
    expect(manifest.fingerprint.uploads.files).toBe(4);

    const restored = folder("restored");
    expect(await restore(folder("backup"), { kind: "pglite", dataDir: restored })).toEqual([]);
    // The restored folder is a working database.
    const opened = await openDatabase({ pgliteDir: path.join(restored, "pglite") });
    expect(await databaseFingerprint(opened)).toEqual(before);
    await opened.close();

    // A restore never writes over a folder in use.
    await expect(restore(folder("backup"), { kind: "pglite", dataDir: restored })).rejects.toThrow(
      /not empty/,
    );
    await expect(backup({ kind: "pglite", dataDir }, folder("backup"))).rejects.toThrow(
      /not empty/,
    );

    // A damaged backup is caught: one order's total changed, and a picture lost.
    const tampered = folder("tampered");
    fs.cpSync(folder("backup"), tampered, { recursive: true });
    const manifestFile = path.join(tampered, "manifest.json");
    const edited = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
    edited.fingerprint.checksums.orders = "0".repeat(32);
    edited.fingerprint.counts.bids += 1;
    fs.writeFileSync(manifestFile, JSON.stringify(edited));
    fs.rmSync(path.join(tampered, "uploads", "private", "a.pdf"));
    const differences = await restore(tampered, { kind: "pglite", dataDir: folder("again") });
    const bids = before.counts.bids ?? 0;
    expect(differences).toEqual([
      `bids: ${bids + 1} rows backed up, ${bids} restored`,
      "orders: the rows' checksum differs",
      "pictures: 4 files backed up, 3 restored, or their contents differ",
    ]);
  }, 180_000);
});

describe("backup and restore on the PostgreSQL server", () => {
  it("round-trips the demo database through pg_dump and pg_restore into a new database", {
    tags: ["postgres"],
    timeout: 180_000,
  }, async () => {
    const server = process.env.TEST_DATABASE_URL as string;
    const source = await openTestDatabase("postgres", { seeded: true });
    const url = new URL(await databaseUrlOf(source.database.db));
    const before = await databaseFingerprint(source.database);
    const dataDir = folder("pg-site");
    writePictures(dataDir);
    const uploadsDir = path.join(dataDir, "uploads");
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    const target = `tw_restore_${randomBytes(4).toString("hex")}`;
    try {
      await backup({ kind: "postgres", url: url.toString(), uploadsDir }, folder("pg-backup"));
      // Not into a database that has tables.
      await expect(
        restore(folder("pg-backup"), { kind: "postgres", url: url.toString() }),
      ).rejects.toThrow(/has tables/);

      await admin.query(`create database ${target}`);
      const targetUrl = new URL(server);
      targetUrl.pathname = `/${target}`;
      const restoredUploads = path.join(folder("pg-restored"), "uploads");
      expect(
        await restore(folder("pg-backup"), {
          kind: "postgres",
          url: targetUrl.toString(),
          uploadsDir: restoredUploads,
        }),
      ).toEqual([]);
      const restored = await openDatabase({ url: targetUrl.toString(), poolSize: 1 });
      expect(await databaseFingerprint(restored)).toEqual(before);
      await restored.close();
    } finally {
      await source.dispose();
      await admin.query(`drop database if exists ${target} with (force)`);
      await admin.end();
    }
  });
});
