import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server-process";

const run = promisify(execFile);

/**
 * A PostgreSQL primary and a streaming replica of it, each a cluster of its own on a free port,
 * made with the machine's PostgreSQL binaries (initdb, then pg_basebackup -R) in a scratch folder,
 * and stopped and removed by `dispose`. For tests and the soak of several machines' parts
 * (issue 31). PostgreSQL refuses to run as root: as root, the clusters run as the `postgres` user.
 */
export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica as a crash would (immediate shutdown). */
  stopReplica(): Promise<void>;
  startReplica(): Promise<void>;
  /** Restarts the primary (fast shutdown: connections cut, committed work kept). */
  restartPrimary(): Promise<void>;
  dispose(): Promise<void>;
}

/** The newest PostgreSQL's binaries folder (Debian keeps them out of PATH). */
export function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error("no PostgreSQL server binaries in /usr/lib/postgresql");
  return path.join(root, versions[0], "bin");
}

/** Starts a replica pair; its clusters are small (a fresh initdb), so this takes a few seconds. */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const bin = postgresBin();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tw-pgpair-"));
  if (asRoot) await run("chown", ["postgres:postgres", dir]);
  // Commands as the clusters' owner.
  const pg = (command: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(dir, "primary");
  const replicaDir = path.join(dir, "replica");
  const settings = (port: number) =>
    [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${dir}`,
      // Scratch clusters: durability is not what is tested.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c shared_buffers=32MB",
      "-c max_connections=200",
    ].join(" ");
  const start = (clusterDir: string, port: number) =>
    pg("pg_ctl", [
      "-D",
      clusterDir,
      "-o",
      settings(port),
      "-l",
      path.join(dir, `${path.basename(clusterDir)}.log`),
      "-w",
      "-t",
      "60",
      "start",
    ]);
  const stop = (clusterDir: string, mode: "fast" | "immediate") =>
    pg("pg_ctl", ["-D", clusterDir, "-m", mode, "-w", "-t", "60", "stop"]).then(
      () => undefined,
      () => undefined,
    );

  await pg("initdb", ["-D", primaryDir, "--auth=trust", "-U", "postgres", "--no-sync"]);
  await start(primaryDir, primaryPort);
  await pg("pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primaryPort),
    "-U",
    "postgres",
    "-D",
    replicaDir,
    "-R",
    "-X",
    "stream",
    "-c",
    "fast",
  ]);
  await start(replicaDir, replicaPort);
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: () => stop(replicaDir, "immediate"),
    startReplica: async () => {
      await start(replicaDir, replicaPort);
    },
    async restartPrimary() {
      await stop(primaryDir, "fast");
      await start(primaryDir, primaryPort);
    },
    async dispose() {
      await stop(replicaDir, "immediate");
      await stop(primaryDir, "immediate");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
