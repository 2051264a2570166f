import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./db-handle";
import { rows } from "./rows";

// Code that lives in the database (PL/pgSQL functions) is kept in its module, one file each, and
// applied by Database.migrate() after drizzle's migrations on every start: a migration is history
// and never changes, so it cannot be where the current source of a function is read and reviewed.
// Each file must be idempotent (CREATE OR REPLACE only); the files run in this order.

/** "Auction open", "Buy It Now still open" and "minimum next bid", as every SQL reader names them. */
export const AUCTION_RULES_SQL = path.resolve(
  import.meta.dirname,
  "../modules/auction-rules/auction-rules.sql",
);

/** ships_to_account(): whether a listing ships to an account's Deliver to (bids and offers). */
export const SHIPS_TO_ACCOUNT_SQL = path.resolve(
  import.meta.dirname,
  "../modules/listings/ships-to-account.sql",
);

/** place_bid() and the price helpers it calls. */
export const PLACE_BID_SQL = path.resolve(import.meta.dirname, "../modules/auctions/place-bid.sql");

/** The triggers that tell every instance whose sessions or account changed (session_changed). */
export const SESSION_CHANGED_SQL = path.resolve(
  import.meta.dirname,
  "../plugins/session-changed.sql",
);

/** The trigger that copies each auction's end, bid and bid count onto its listing (issue 18). */
export const LISTING_SYNC_SQL = path.resolve(
  import.meta.dirname,
  "../modules/auctions/listing-sync.sql",
);

/** The trigger that keeps each listing's sold_at with its status (issue 30). */
export const LISTING_SOLD_AT_SQL = path.resolve(
  import.meta.dirname,
  "../modules/listings/listing-sold-at.sql",
);

/** The triggers that keep search_words, the title words "Did you mean" picks from (issue 30). */
export const SEARCH_WORDS_SQL = path.resolve(
  import.meta.dirname,
  "../modules/listings/search-words.sql",
);

/** The trigger that fills a listing's shipping costs left out (issue 29, decision 0021). */
export const LISTING_SHIP_COSTS_SQL = path.resolve(
  import.meta.dirname,
  "../modules/listings/listing-ship-costs.sql",
);

/** The triggers that put each new notification and unread count on the realtime bus. */
export const NOTIFICATIONS_SQL = path.resolve(
  import.meta.dirname,
  "../modules/notifications/notifications.sql",
);

/** The ledger's guards: append-only, and every journal sums to zero at commit. */
export const LEDGER_SQL = path.resolve(import.meta.dirname, "../modules/ledger/ledger.sql");

/** The triggers that keep the audit log (admin_actions) append-only. */
export const AUDIT_LOG_SQL = path.resolve(import.meta.dirname, "../modules/staff/audit-log.sql");

// Creating a trigger (only where missing: createTriggersIfMissing below) locks its table until the
// routines commit: the files that do run
// in the order the app's transactions write those tables (users and sessions, then auctions,
// notifications, the audit log last). Taken in the other order, a start and a request could each
// wait for the other, and the deadlock would fail the start. auction-rules.sql (functions only, no
// triggers) goes first because place-bid.sql calls its functions, and so does ships-to-account.sql
// (a function only).
const ROUTINE_FILES: readonly string[] = [
  AUCTION_RULES_SQL,
  SHIPS_TO_ACCOUNT_SQL,
  PLACE_BID_SQL,
  SESSION_CHANGED_SQL,
  LISTING_SYNC_SQL,
  LISTING_SOLD_AT_SQL,
  SEARCH_WORDS_SQL,
  LISTING_SHIP_COSTS_SQL,
  NOTIFICATIONS_SQL,
  LEDGER_SQL,
  AUDIT_LOG_SQL,
];

/** Every routine file's SQL, in order, to be run as one script. */
export function readRoutines(): string {
  return ROUTINE_FILES.map((file) => createTriggersIfMissing(fs.readFileSync(file, "utf8"))).join(
    "\n;\n",
  );
}

const TRIGGER_STATEMENT =
  /^CREATE\s+OR\s+REPLACE\s+(CONSTRAINT\s+)?TRIGGER\s+(\w+)\s([\s\S]*?)\sON\s+(\w+)\s([\s\S]*?);/gim;

/**
 * The files' `CREATE OR REPLACE TRIGGER`, run only where that trigger is missing. Creating or
 * replacing a trigger takes a lock on its table that waits for every open transaction writing
 * or locking it, and holds up new writes meanwhile: on every start of every instance, a long
 * transaction would stall the start and the site's writes behind it (a test that holds the audit
 * log's table found it). Functions are still replaced every time (no table lock). So a trigger's
 * definition, once created, changes only by a migration that drops it.
 */
export function createTriggersIfMissing(script: string): string {
  return script.replace(
    TRIGGER_STATEMENT,
    (
      _statement,
      constraint: string | undefined,
      name: string,
      timing: string,
      table: string,
      rest: string,
    ) =>
      `DO $create_trigger$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = '${name}' AND tgrelid = '${table}'::regclass) THEN
    CREATE ${constraint ? "CONSTRAINT " : ""}TRIGGER ${name} ${timing} ON ${table} ${rest};
  END IF;
END $create_trigger$;`,
  );
}

/**
 * The body of each function a routine script defines, by name, as PostgreSQL stores it (prosrc:
 * the text between the `$$` quotes). Only `$$` quoting is understood, which is all the files use.
 */
export function routineSources(script: string): Map<string, string> {
  const found = new Map<string, string>();
  const definition = /CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(\w+)\s*\([^$]*?\$\$([\s\S]*?)\$\$/gi;
  for (const match of script.matchAll(definition)) {
    found.set((match[1] as string).toLowerCase(), match[2] as string);
  }
  return found;
}

/** The bodies the database holds now for the functions named, by name (missing ones absent). */
export async function storedRoutineSources(
  db: Db,
  names: Iterable<string>,
): Promise<Map<string, string>> {
  const list = [...names];
  if (list.length === 0) return new Map();
  const found = await rows<{ name: string; source: string }>(
    db,
    sql`select p.proname as name, p.prosrc as source from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.proname in ${list}`,
  );
  return new Map(found.map((r) => [r.name, r.source]));
}
