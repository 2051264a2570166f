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

/** The document the app publishes, read as a client would (GET /api/openapi.json). */
export async function publishedDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-openapi-"));
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent" });
    // moneyJobs is given only so that the dev route that runs them is registered and checked;
    // nothing calls it here.
    const app = await buildApp({ config, database, logger: false, moneyJobs: async () => ({}) });
    try {
      await app.ready();
      const res = await app.inject("/api/openapi.json");
      if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function run(label: string, command: string, args: string[]): boolean {
  console.log(`--- ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
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
  const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
  const linted = run("Redocly lint (recommended rules, redocly.yaml)", bin("redocly"), [
    "lint",
    docFile,
    "--config",
    path.join(root, "redocly.yaml"),
    "--format",
    "stylish",
  ]);
  const generated = run("openapi-typescript", path.join(root, "tools", "openapi-typegen", "node_modules", ".bin", "openapi-typescript"), [docFile, "-o", typesFile]);
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
