/**
 * npm run openapi:check — the published OpenAPI document (GET /api/openapi.json) as an integrator's
 * tools take it: Redocly's recommended lint must find no errors (the warnings it may find are listed,
 * each with its reason, in redocly.yaml), and openapi-typescript must generate types from it.
 *
 * The app is built on an in-memory PGlite with every route a development server has (the outbox
 * and the dev money routes included, so they are checked too); nothing listens. The document and
 * the generated types are written to a temporary folder, kept when OPENAPI_OUT names one.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * openapi-typescript lives in a package of its own (tools/openapi-typegen) with the TypeScript 5 it
 * needs: it calls TypeScript's JS API (ts.factory), which TypeScript 7, the project's, has not.
 */
export const OPENAPI_TYPESCRIPT = path.join(
  root,
  "tools",
  "openapi-typegen",
  "node_modules",
  ".bin",
  "openapi-typescript",
);

/**
 * The site's address in the checked document's `servers`. A development build says localhost,
 * which Redocly rightly warns about in a published document; a reserved name stands for the
 * deployment's PUBLIC_URL here.
 */
const CHECKED_PUBLIC_URL = "https://tradewinds.test";

/** The document the app publishes, read as a client would (GET /api/openapi.json). */
export async function publishedDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-openapi-"));
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PUBLIC_URL: CHECKED_PUBLIC_URL,
    });
    // moneyJobs is given only so that the dev route that runs them is registered and checked;
    // nothing calls it here.
    const app = await buildApp({ config, database, logger: false, moneyJobs: async () => ({}) });
    try {
      await app.ready();
      const res = await app.inject("/api/openapi.json");
      if (res.statusCode !== 200)
        throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Redocly CLI sends usage data and looks for its own updates unless told not to. */
const QUIET_ENV = {
  ...process.env,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
};

function run(label: string, command: string, args: string[]) {
  console.log(`--- ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: QUIET_ENV });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

interface LintProblem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

/** The warnings redocly.yaml accepts: its `# accept <rule> <pointer>` lines. */
export function acceptedWarnings(config: string): Set<string> {
  const accepted = new Set<string>();
  for (const match of config.matchAll(/^#\s+accept\s+(\S+)\s+(\S+)\s*$/gm)) {
    accepted.add(`${match[1]} ${match[2]}`);
  }
  return accepted;
}

/**
 * Redocly's lint, shown as a person reads it, then read again as JSON: any error fails, and so does
 * any warning redocly.yaml does not accept. An accepted warning that no longer occurs is reported,
 * so the list does not outlive its reasons.
 */
function lint(docFile: string): boolean {
  const configFile = path.join(root, "redocly.yaml");
  const redocly = path.join(root, "node_modules", ".bin", "redocly");
  const common = ["lint", docFile, "--config", configFile, "--max-problems", "1000"];
  run("Redocly lint (recommended rules, redocly.yaml)", redocly, [
    ...common,
    "--format",
    "stylish",
  ]);
  const json = spawnSync(redocly, [...common, "--format", "json"], {
    cwd: root,
    env: QUIET_ENV,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const start = json.stdout.indexOf("{");
  if (start < 0) {
    console.error(`openapi:check: Redocly printed no JSON report\n${json.stderr}`);
    return false;
  }
  const report = JSON.parse(json.stdout.slice(start)) as {
    totals: { errors: number; warnings: number };
    problems: LintProblem[];
  };
  const accepted = acceptedWarnings(fs.readFileSync(configFile, "utf8"));
  const seen = new Set<string>();
  const refused: string[] = [];
  for (const problem of report.problems) {
    const key = `${problem.ruleId} ${problem.location[0]?.pointer ?? ""}`;
    if (problem.severity === "warn" && accepted.has(key)) seen.add(key);
    else refused.push(`${problem.severity} ${key}: ${problem.message}`);
  }
  console.log(
    `openapi:check: ${report.totals.errors} errors, ${report.totals.warnings} warnings ` +
      `(${seen.size} of them accepted in redocly.yaml)`,
  );
  for (const key of accepted) {
    if (!seen.has(key))
      console.log(`openapi:check: redocly.yaml accepts a warning that no longer occurs: ${key}`);
  }
  for (const line of refused) console.error(`openapi:check: not accepted: ${line}`);
  return refused.length === 0;
}

async function main(): Promise<number> {
  const out = process.env.OPENAPI_OUT
    ? path.resolve(process.env.OPENAPI_OUT)
    : fs.mkdtempSync(path.join(os.tmpdir(), "tw-openapi-out-"));
  fs.mkdirSync(out, { recursive: true });
  const docFile = path.join(out, "openapi.json");
  const typesFile = path.join(out, "openapi.d.ts");
  fs.writeFileSync(docFile, `${JSON.stringify(await publishedDocument(), null, 2)}\n`);
  console.log(`openapi:check: the document is in ${docFile}`);
  const linted = lint(docFile);
  const generated = run("openapi-typescript", OPENAPI_TYPESCRIPT, [docFile, "-o", typesFile]);
  if (!process.env.OPENAPI_OUT) fs.rmSync(out, { recursive: true, force: true });
  return linted && generated ? 0 : 1;
}

// Run as a script (npm run openapi:check), not when a test imports publishedDocument.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      process.exit(2);
    },
  );
}
