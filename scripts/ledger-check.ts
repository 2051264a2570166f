/**
 * npm run ledger:check — reconciles the money ledger with the orders, refunds, payouts and release
 * schedule it stands for (server/modules/ledger/ledger-check.ts) and exits 1 with a readable list
 * of breaks if anything disagrees, 0 when it reconciles.
 *
 * The database is the server's: DATABASE_URL when set, otherwise the PGlite data in
 * DATA_DIR/pglite (DATA_DIR defaults to ./data), as server/server.ts opens it. PGlite is a single
 * process's database: stop the server before checking its data directory. Nothing is written (not
 * even migrations): a check must not change what it checks.
 *
 * LEDGER_CHECK_SINCE (an ISO date) checks only events from then on; by default, from the ledger's
 * first journal (see checkLedger).
 */
import path from "node:path";
import { openDatabase } from "../server/db/client";
import { checkLedger, describeBreaks } from "../server/modules/ledger/ledger-check";

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
  const database = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir, "pglite") });
  const where = url ? new URL(url).pathname.slice(1) || "PostgreSQL" : path.join(dataDir, "pglite");
  try {
    const since = process.env.LEDGER_CHECK_SINCE
      ? new Date(process.env.LEDGER_CHECK_SINCE)
      : undefined;
    if (since && Number.isNaN(since.getTime())) {
      console.error(`LEDGER_CHECK_SINCE is not a date: ${process.env.LEDGER_CHECK_SINCE}`);
      return 2;
    }
    const started = performance.now();
    const breaks = await checkLedger(database.db, { since });
    const ms = Math.round(performance.now() - started);
    if (breaks.length === 0) {
      console.log(`ledger:check ${where}: the ledger reconciles (${ms} ms)`);
      return 0;
    }
    console.error(`ledger:check ${where}: ${breaks.length} breaks (${ms} ms)`);
    console.error(describeBreaks(breaks));
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
