import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client";
import { rows } from "../db/rows";

const run = promisify(execFile);

/**
 * The tables whose every row a restore must bring back exactly, not only as many: the money and
 * the bids. A checksum of each, over its rows' text in a fixed order, says so in one line.
 */
export const CHECKSUMMED_TABLES = [
  "orders",
  "order_lines",
  "bids",
  "refunds",
  "ledger_journals",
  "ledger_entries",
  "payouts",
] as const;

/** What a backup holds, as a restore must find it again. */
export interface Fingerprint {
  /** Rows per table of the public schema (migrations' bookkeeping included). */
  counts: Record<string, number>;
  /** md5 over each CHECKSUMMED_TABLES table's rows as text, in text order. */
  checksums: Record<string, string>;
  /** Uploaded and generated pictures: how many files, and a sha256 over their paths and bytes. */
  uploads: { files: number; sha256: string };
}

export interface Manifest {
  format: 1;
  kind: "pglite" | "postgres";
  createdAt: string;
  fingerprint: Fingerprint;
}

const MANIFEST = "manifest.json";
const PGLITE_FILE = "database.tar.gz";
const POSTGRES_FILE = "database.dump";
const UPLOADS = "uploads";

/** Row counts of every table, and checksums of the money and bid tables, read in one snapshot. */
export async function databaseFingerprint(
  database: Database,
): Promise<Omit<Fingerprint, "uploads">> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const tables = await rows<{ name: string }>(
      tx,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(name)}`,
      );
      counts[name] = row?.n ?? 0;
    }
    const checksums: Record<string, string> = {};
    for (const name of CHECKSUMMED_TABLES) {
      if (!(name in counts)) continue;
      const [row] = await rows<{ md5: string }>(
        tx,
        sql`select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as md5
            from ${sql.identifier(name)} t`,
      );
      checksums[name] = row?.md5 ?? "";
    }
    return { counts, checksums };
  });
}

/** Every file under `dir`, by its path relative to it, in a fixed order. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** How many files are under `dir`, and a sha256 over their paths and contents. */
export function uploadsFingerprint(dir: string): Fingerprint["uploads"] {
  const hash = createHash("sha256");
  const files = filesUnder(dir);
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
  }
  return { files: files.length, sha256: hash.digest("hex") };
}

/** Where a backup's database and pictures come from, or a restore puts them. */
export type BackupSource =
  /** The embedded database in DATA_DIR/pglite, its pictures in DATA_DIR/uploads. */
  | { kind: "pglite"; dataDir: string }
  /** A PostgreSQL server's database, and the pictures folder (when not in a bucket). */
  | { kind: "postgres"; url: string; uploadsDir?: string };

function uploadsDirOf(source: BackupSource): string | undefined {
  return source.kind === "pglite" ? path.join(source.dataDir, "uploads") : source.uploadsDir;
}

/** A folder that does not exist yet or is empty: a backup or a restore never writes over one. */
function assertEmptyFolder(dir: string, what: string): void {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0)
    throw new Error(`${what} ${dir} is not empty; name a new folder`);
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * Writes a backup of `source` into the new folder `to`: the database (a PGlite data directory's
 * tarball, or pg_dump's custom format), a copy of the pictures, and a manifest with the
 * fingerprint a restore is checked against. The embedded database is a single process's: stop the
 * server first. A PostgreSQL server may keep running: pg_dump reads one snapshot (rows written
 * after it are in the next backup, and the fingerprint is read apart, so on a busy site it may
 * differ from the dump by those rows; back up a quiet site or a replica to compare them).
 */
export async function backup(source: BackupSource, to: string): Promise<Manifest> {
  assertEmptyFolder(to, "The backup folder");
  let fingerprint: Omit<Fingerprint, "uploads">;
  if (source.kind === "pglite") {
    const database = await openDatabase({ pgliteDir: path.join(source.dataDir, "pglite") });
    try {
      fingerprint = await databaseFingerprint(database);
      const tarball = await database.dumpDataDir?.();
      if (!tarball) throw new Error("this database cannot be dumped");
      fs.writeFileSync(
        path.join(to, PGLITE_FILE),
        gzipSync(Buffer.from(await tarball.arrayBuffer())),
      );
    } finally {
      await database.close();
    }
  } else {
    const database = await openDatabase({ url: source.url, poolSize: 2 });
    try {
      fingerprint = await databaseFingerprint(database);
    } finally {
      await database.close();
    }
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${path.join(to, POSTGRES_FILE)}`,
      `--dbname=${source.url}`,
    ]);
  }
  const uploadsDir = uploadsDirOf(source);
  if (uploadsDir && fs.existsSync(uploadsDir))
    fs.cpSync(uploadsDir, path.join(to, UPLOADS), { recursive: true });
  const manifest: Manifest = {
    format: 1,
    kind: source.kind,
    createdAt: new Date().toISOString(),
    fingerprint: { ...fingerprint, uploads: uploadsFingerprint(path.join(to, UPLOADS)) },
  };
  fs.writeFileSync(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** What differs between two fingerprints, one line each; empty when they are the same. */
export function compareFingerprints(expected: Fingerprint, found: Fingerprint): string[] {
  const differences: string[] = [];
  const tables = new Set([...Object.keys(expected.counts), ...Object.keys(found.counts)]);
  for (const table of [...tables].sort()) {
    const [want, got] = [expected.counts[table], found.counts[table]];
    if (want !== got)
      differences.push(
        `${table}: ${want ?? "no table"} rows backed up, ${got ?? "no table"} restored`,
      );
  }
  for (const [table, sum] of Object.entries(expected.checksums))
    if (found.checksums[table] !== sum) differences.push(`${table}: the rows' checksum differs`);
  if (
    expected.uploads.files !== found.uploads.files ||
    expected.uploads.sha256 !== found.uploads.sha256
  )
    differences.push(
      `pictures: ${expected.uploads.files} files backed up, ${found.uploads.files} restored, or their contents differ`,
    );
  return differences;
}

/** Reads a backup folder's manifest, refusing anything that is not one. */
export function readManifest(from: string): Manifest {
  const file = path.join(from, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${from} is not a backup: it has no ${MANIFEST}`);
  const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
  if (manifest.format !== 1) throw new Error(`${file}: unknown backup format ${manifest.format}`);
  return manifest;
}

/**
 * Restores the backup in `from` into `target`, which must be empty (a new DATA_DIR, or a new
 * database with no tables: a restore never mixes with what is there), then reads the restored
 * database and pictures again and answers what differs from the backup's manifest (nothing, when
 * the round trip is whole).
 */
export async function restore(from: string, target: BackupSource): Promise<string[]> {
  const manifest = readManifest(from);
  if (manifest.kind !== target.kind)
    throw new Error(`this backup is of a ${manifest.kind} database, not ${target.kind}`);
  let found: Omit<Fingerprint, "uploads">;
  if (target.kind === "pglite") {
    const dir = path.join(target.dataDir, "pglite");
    assertEmptyFolder(dir, "The database folder");
    const tarball = gunzipSync(fs.readFileSync(path.join(from, PGLITE_FILE)));
    const database = await openDatabase({ pgliteDir: dir, from: new Blob([tarball]) });
    try {
      found = await databaseFingerprint(database);
    } finally {
      await database.close();
    }
  } else {
    const database = await openDatabase({ url: target.url, poolSize: 2 });
    try {
      const [existing] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      if ((existing?.n ?? 0) > 0)
        throw new Error("the target database has tables; restore into a new, empty database");
      await run("pg_restore", [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        `--dbname=${target.url}`,
        path.join(from, POSTGRES_FILE),
      ]);
      found = await databaseFingerprint(database);
    } finally {
      await database.close();
    }
  }
  const uploadsDir = uploadsDirOf(target);
  if (uploadsDir && fs.existsSync(path.join(from, UPLOADS))) {
    assertEmptyFolder(uploadsDir, "The pictures folder");
    fs.cpSync(path.join(from, UPLOADS), uploadsDir, { recursive: true });
  }
  const uploads = uploadsDir ? uploadsFingerprint(uploadsDir) : manifest.fingerprint.uploads;
  return compareFingerprints(manifest.fingerprint, { ...found, uploads });
}
