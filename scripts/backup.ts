/**
 * npm run backup -- <folder>   writes a backup of the site's database and pictures into a new folder.
 * npm run restore -- <folder>  restores one into an empty DATA_DIR, or an empty PostgreSQL database,
 *                              and checks row counts and checksums against the backup's manifest.
 *
 * The database is the server's, as server/server.ts opens it: DATABASE_URL when set, otherwise the
 * PGlite data in DATA_DIR/pglite (DATA_DIR defaults to ./data). The pictures are DATA_DIR/uploads
 * (with a bucket, copy it with the bucket's own tools: docs/operations.md). The embedded database is
 * a single process's: stop the server first. Exit codes: 0 done (and, for a restore, identical),
 * 1 a restore that differs from its backup, 2 anything refused or failed.
 */
import path from "node:path";
import { type BackupSource, backup, restore } from "../server/backup/backup";

async function main(command: string | undefined, folder: string | undefined): Promise<number> {
  if ((command !== "backup" && command !== "restore") || !folder) {
    console.error("usage: npm run backup -- <new folder> | npm run restore -- <backup folder>");
    return 2;
  }
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const url = process.env.DATABASE_URL;
  const source: BackupSource = url
    ? { kind: "postgres", url, uploadsDir: path.join(dataDir, "uploads") }
    : { kind: "pglite", dataDir };
  const where = url ? new URL(url).pathname.slice(1) : path.join(dataDir, "pglite");
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (command === "backup") {
    const manifest = await backup(source, path.resolve(folder));
    const rowsBackedUp = Object.values(manifest.fingerprint.counts).reduce((a, b) => a + b, 0);
    console.log(
      `backup of ${where} in ${folder}: ${rowsBackedUp} rows in ${Object.keys(manifest.fingerprint.counts).length} tables, ${manifest.fingerprint.uploads.files} pictures (${seconds()} s)`,
    );
    return 0;
  }
  const differences = await restore(path.resolve(folder), source);
  if (differences.length > 0) {
    console.error(`restore of ${folder} into ${where} differs from its backup:`);
    for (const line of differences) console.error(`  ${line}`);
    return 1;
  }
  console.log(
    `restore of ${folder} into ${where}: every table's rows, the money and bid checksums and the pictures match the backup (${seconds()} s)`,
  );
  return 0;
}

main(process.argv[2], process.argv[3]).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
