import fs from "node:fs";
import path from "node:path";

/**
 * The embedded PGlite database is one process's: a second process opening the same folder (a
 * second `npm start`, a backup while the server runs) would write beside the first and corrupt it.
 * The process that opens it holds a file beside the folder (`<folder>.pid`, so DATA_DIR/pglite.pid),
 * with its pid, until it closes it; a file left by a process that no longer runs (a kill -9) is
 * taken over.
 */
/** Whether a process with this pid runs (signal 0 checks without sending anything). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user. (A system error's code, not one of the API's.)
    const errno = (err as NodeJS.ErrnoException).code;
    return errno === "EPERM";
  }
}

/**
 * Takes the database folder's lock for this process, or throws naming the process that holds it.
 * Answers a function that lets it go.
 */
export function lockDatabaseFolder(folder: string): () => void {
  const dataDir = path.dirname(folder);
  fs.mkdirSync(dataDir, { recursive: true });
  const file = `${folder.replace(/[/\\]+$/, "")}.pid`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        // Only our own: never remove a lock another process took over.
        if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file);
      };
    } catch (err) {
      const errno = (err as NodeJS.ErrnoException).code;
      if (errno !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(file, "utf8").trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder))
        throw new Error(
          `Another Tradewinds process (pid ${holder}) is using ${folder}; stop it first (its database is one process's).`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${folder}`);
}
