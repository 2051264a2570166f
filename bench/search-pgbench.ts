/**
 * bench:search's second SQL baseline (issue 32): a shape's statements, as the app sends them
 * (captured through drizzle's logger), replayed by pgbench at the same client count and duration,
 * so that no JavaScript row building slows the baseline as it does the pg pool's.
 *
 * Each statement's parameters are written into it as literals (pgbench's variables take numbers
 * only): node-postgres sends them as untyped text, which the server types from their context as it
 * does an untyped literal, and an unnamed statement is planned for its values either way. pgbench
 * runs the script with `-M extended` (parse, bind, execute per statement, as node-postgres sends a
 * statement with parameters). A browse shape's connections start with BROWSE_PLANNER_SETTINGS as
 * startup options (PGOPTIONS), as the app's browse connections do: no SET per run.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { BROWSE_PLANNER_SETTINGS } from "../server/db/client";

// node-postgres' own conversion of a parameter to the text it sends (Dates, arrays, JSON).
const { prepareValue } = createRequire(import.meta.url)("pg/lib/utils") as {
  prepareValue(value: unknown): unknown;
};

export interface Statement {
  text: string;
  params: unknown[];
  /** The app sends it by name (preparedRows): parsed once per connection, its plan kept. */
  prepared?: boolean;
}

export interface PgbenchResult {
  tps: number;
  /** Each run of the script's latency (ms), ascending. */
  latencies: number[];
}

export const PGBENCH = process.env.BENCH_PGBENCH_BIN ?? "/usr/bin/pgbench";

/** A parameter as the SQL literal of the text node-postgres would send for it. */
function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return "NULL";
  if (Buffer.isBuffer(text)) return `'\\x${text.toString("hex")}'::bytea`;
  return pg.escapeLiteral(String(text));
}

/** `text` with $1, $2... replaced by their parameters as literals (highest number first). */
export function inline(s: Statement): string {
  let text = s.text;
  for (let i = s.params.length; i >= 1; i--) {
    text = text.replaceAll(new RegExp(`\\$${i}(?![0-9])`, "g"), literal(s.params[i - 1]));
  }
  return text;
}

/** A pgbench script: one statement a line (pgbench ends a statement at a semicolon and newline). */
export function script(statements: Statement[]): string {
  return `${statements.map((s) => `${inline(s).replace(/\s+/g, " ").trim()};`).join("\n")}\n`;
}

/** The startup options of the app's browse connections, for PGOPTIONS. */
export const browseOptions = () =>
  Object.entries(BROWSE_PLANNER_SETTINGS)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");

/**
 * Runs `statements` as one pgbench transaction, `clients` connections for `seconds`, on the
 * database at `url`; answers its tps (without connection time) and every run's latency.
 */
export async function runPgbench(
  url: string,
  statements: Statement[],
  options: { clients: number; seconds: number; browse: boolean; workDir: string; name: string },
): Promise<PgbenchResult> {
  const parsed = new URL(url);
  const dir = fs.mkdtempSync(path.join(options.workDir, `${options.name.replace(/\W+/g, "-")}-`));
  const file = path.join(dir, "script.sql");
  fs.writeFileSync(file, script(statements));
  const host = parsed.searchParams.get("host") ?? parsed.hostname;
  const args = [
    "-n",
    // As the app sends them: a shape whose statements the app sends by name is replayed with
    // `-M prepared` (each connection parses and plans them once), any other with `-M extended`.
    "-M",
    statements.every((s) => s.prepared) ? "prepared" : "extended",
    "-c",
    String(options.clients),
    "-j",
    "2",
    "-T",
    String(options.seconds),
    "-f",
    file,
    "-l",
    `--log-prefix=${path.join(dir, "log")}`,
    "-h",
    host,
    ...(parsed.port ? ["-p", parsed.port] : []),
    "-U",
    decodeURIComponent(parsed.username || "postgres"),
    parsed.pathname.slice(1),
  ];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...(options.browse ? { PGOPTIONS: browseOptions() } : {}),
  };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  // The server is shared with other benches and tests: a run refused for want of connections
  // is tried again a few times.
  let out = "";
  for (let attempt = 1; ; attempt++) {
    try {
      out = await pgbench(args, env, dir);
      break;
    } catch (err) {
      if (attempt >= 6 || !String(err).includes("too many clients")) throw err;
      for (const name of fs.readdirSync(dir))
        if (name.startsWith("log.")) fs.rmSync(path.join(dir, name));
      await new Promise((resolve) => setTimeout(resolve, 5_000));
    }
  }
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? 0);
  const latencies: number[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith("log.")) continue;
    for (const line of fs.readFileSync(path.join(dir, name), "utf8").split("\n")) {
      // client_id transaction_no time(µs) script_no time_epoch time_us
      const micros = Number(line.split(" ")[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return { tps, latencies: latencies.sort((a, b) => a - b) };
}

/** Runs pgbench with `args`; answers its output, or fails with it. */
function pgbench(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(PGBENCH, args, { env, cwd });
    let text = "";
    child.stdout.on("data", (d) => {
      text += d;
    });
    child.stderr.on("data", (d) => {
      text += d;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`pgbench exited ${code}:\n${text}`)),
    );
  });
}
