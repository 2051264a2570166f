#!/usr/bin/env node
/**
 * Builds what `npm start` serves: the web app (Vite, into dist/client) and the server (esbuild, one
 * ES module bundle plus lazily loaded chunks in dist/server, dependencies left in node_modules).
 *
 *   node scripts/build.mjs              build both (npm run build)
 *   node scripts/build.mjs --if-stale   build only a part whose inputs changed since its last build
 *                                       (npm start: a restart with nothing changed builds nothing)
 *
 * Plain JavaScript run by node, so that deciding "nothing to do" costs tens of milliseconds and no
 * compiler. Each part's inputs are hashed by content into dist/build-stamps.json after it builds:
 * the client's are every file under client/, core/ and content/ and the files that configure the
 * build; the server's are the source files esbuild read for the bundle (its metafile) and the same
 * configuration files. The lock file stands for the installed packages.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const stampsFile = path.join(dist, "build-stamps.json");
const ifStale = process.argv.includes("--if-stale");
// vite.config.ts names its folders relative to the repository.
process.chdir(root);

/** Files whose change can change either build's output. */
const CONFIG_FILES = ["package-lock.json", "tsconfig.json", "vite.config.ts", "scripts/build.mjs"];
const CLIENT_DIRS = ["client", "core", "content"];

function listFiles(dir) {
  const found = [];
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) found.push(path.relative(root, full));
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return found;
}

/** One hash over the names and contents of `files` (relative to the root); a missing file counts. */
function hashFiles(files) {
  const hash = createHash("sha256");
  for (const file of [...new Set(files)].sort()) {
    hash.update(`${file}\0`);
    try {
      hash.update(fs.readFileSync(path.join(root, file)));
    } catch {
      hash.update("(missing)");
    }
    hash.update("\0");
  }
  return hash.digest("hex");
}

function readStamps() {
  try {
    return JSON.parse(fs.readFileSync(stampsFile, "utf8"));
  } catch {
    return {};
  }
}

function writeStamp(part, stamp) {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(stampsFile, `${JSON.stringify({ ...readStamps(), [part]: stamp }, null, 2)}\n`);
}

const clientInputs = () => [...CONFIG_FILES, ...CLIENT_DIRS.flatMap(listFiles)];

async function buildClient() {
  const started = performance.now();
  // Hashed before building: a file saved during the build makes the next check build again.
  const hash = hashFiles(clientInputs());
  const { build } = await import("vite");
  await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  writeStamp("client", { hash });
  console.log(`built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The bundle runs from dist/server, but some modules find files beside their source at run time
 * (drizzle/ migrations, server/modules/auctions/place-bid.sql) from `import.meta.dirname`. Each
 * source file's `import.meta.dirname` becomes its own folder in the source tree, found from where
 * the bundle is, so those paths resolve exactly as under tsx.
 */
const sourceDirnamePlugin = {
  name: "source-dirname",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, "utf8");
      if (!source.includes("import.meta.dirname")) return undefined;
      const relative = path.relative(root, path.dirname(args.path)).split(path.sep).join("/");
      return {
        contents: source.replaceAll(
          "import.meta.dirname",
          `__twSourceDir(${JSON.stringify(relative)})`,
        ),
        loader: path.extname(args.path).slice(1).replace(/^[cm]/, ""),
      };
    });
  },
};

/** Defines __twSourceDir in every output file: the repository is two folders up from dist/server. */
const BANNER = [
  'import { fileURLToPath as __twFileURLToPath } from "node:url";',
  'import __twPath from "node:path";',
  "const __twRoot = __twPath.resolve(__twPath.dirname(__twFileURLToPath(import.meta.url)), '../..');",
  "const __twSourceDir = (dir) => __twPath.join(__twRoot, dir);",
].join("\n");

async function buildServer() {
  const started = performance.now();
  const esbuild = await import("esbuild");
  const outdir = path.join(dist, "server");
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { server: "server/server.ts" },
    outdir,
    bundle: true,
    // A module imported dynamically (the Stripe provider) becomes a file of its own, loaded only
    // when used; a package imported dynamically (the S3 SDK) stays a dynamic import.
    splitting: true,
    chunkNames: "[name]-[hash]",
    format: "esm",
    platform: "node",
    target: "node20.19",
    packages: "external",
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    banner: { js: BANNER },
    plugins: [sourceDirnamePlugin],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("node_modules/"));
  writeStamp("server", { hash: hashFiles([...CONFIG_FILES, ...inputs]), inputs });
  console.log(`built the server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const stamps = readStamps();
const clientCurrent =
  ifStale &&
  fs.existsSync(path.join(dist, "client", "index.html")) &&
  stamps.client?.hash === hashFiles(clientInputs());
const serverCurrent =
  ifStale &&
  fs.existsSync(path.join(dist, "server", "server.js")) &&
  Array.isArray(stamps.server?.inputs) &&
  stamps.server.hash === hashFiles([...CONFIG_FILES, ...stamps.server.inputs]);

if (!clientCurrent) await buildClient();
if (!serverCurrent) await buildServer();
