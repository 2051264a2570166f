import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where this run keeps its migrated PGlite database (server/test/build-test-app.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global set-up: names the file this run's migrated PGlite database is dumped to (made
 * by the first test file that needs it, so a run of files without a database pays nothing) and
 * removes it when the run ends. A new run makes a new one: the migrations may have changed.
 */
export default function setup(project: TestProject) {
  const file = path.join(os.tmpdir(), `tw-pglite-migrated-${process.pid}-${Date.now()}.tar`);
  project.provide("pgliteTemplate", file);
  return () => {
    fs.rmSync(file, { force: true });
  };
}
