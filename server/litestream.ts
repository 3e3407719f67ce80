// Continuous replication (issue #48): with REPLICA_URL set, the supervisor (server/start.ts) runs
// `litestream replicate` beside the workers, from the binary the @flydotio/litestream package
// installs (or LITESTREAM_PATH). Its configuration file is written at each start, beside the
// database, readable by the server's user only; credentials stay in the environment, where
// Litestream reads them (LITESTREAM_ACCESS_KEY_ID / LITESTREAM_SECRET_ACCESS_KEY or the AWS_*
// names for S3). A Litestream that fails is logged, loudly, and started again with a growing
// wait: the market keeps serving meanwhile. On shutdown it gets SIGTERM after the workers have
// stopped, so it sends the last of the WAL before it exits.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** REPLICA_URL, trimmed; null when unset. */
export function replicaUrlOf(env: Record<string, string | undefined>): string | null {
  return env.REPLICA_URL?.trim() || null;
}

/** A replica given as a plain folder (or file://) rather than a URL with a network scheme. */
export function isLocalReplica(replica: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(replica) || replica.startsWith("file://");
}

/** YAML's double-quoted string: every value we write is a literal (Litestream is told not to expand $VARS). */
const quoted = (value: string) => JSON.stringify(value);

/**
 * Litestream's configuration for one database and one replica. A local folder is a `path`;
 * s3://, sftp://, gcs://, abs:// and file:// go as `url`. Litestream checkpoints every minute
 * and keeps a day of WAL history on the replica (its defaults, which we keep).
 */
export function litestreamConfig(databasePath: string, replica: string): string {
  const local = !/^[a-z][a-z0-9+.-]*:\/\//i.test(replica);
  const target = local ? `path: ${quoted(path.resolve(replica))}` : `url: ${quoted(replica)}`;
  return ["# Written by the server at each start (server/litestream.ts); edits are lost.", "dbs:", `  - path: ${quoted(path.resolve(databasePath))}`, "    replicas:", `      - ${target}`, ""].join("\n");
}

/** The Litestream binary: LITESTREAM_PATH, else the one @flydotio/litestream installed for this platform. */
export function litestreamBinary(env: Record<string, string | undefined>): string | null {
  if (env.LITESTREAM_PATH?.trim()) return env.LITESTREAM_PATH.trim();
  try {
    return createRequire(import.meta.url).resolve(`@flydotio/litestream-${process.platform}-${process.arch}/litestream`);
  } catch {
    return null;
  }
}

export interface Replication {
  /** SIGTERM, and wait (at most `graceMs`) for Litestream to finish its last sync and exit. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Litestream runs under a small shell (`sh -c WATCHDOG litestream replicate ...`) whose stdin is a
 * pipe from the supervisor: when that pipe closes (the supervisor stops it, or dies however it
 * dies, SIGKILL included) Litestream gets SIGTERM, sends the last of the WAL and exits, so no
 * Litestream outlives its server to replicate beside the next one. The shell ends when Litestream
 * ends, with its exit code. (Node cannot ask the kernel to signal a child when its parent dies.)
 */
const WATCHDOG = 'exec 3<&0; "$0" "$@" </dev/null 3<&- & pid=$!; (cat <&3 >/dev/null; kill -TERM $pid 2>/dev/null) & wait $pid';

/** Starts Litestream and keeps it running; see the top of this file. */
export function startReplication({ databasePath, replica, env = process.env }: { databasePath: string; replica: string; env?: NodeJS.ProcessEnv }): Replication {
  const binary = litestreamBinary(env);
  if (!binary) {
    console.error(`REPLICATION IS OFF: REPLICA_URL is set but no Litestream binary was found for ${process.platform}-${process.arch} (install @flydotio/litestream or set LITESTREAM_PATH). The server runs without a replica.`);
    return { stop: async () => {} };
  }
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch (error) {
    console.error(`REPLICATION FAILED: litestream could not start (${binary}: ${(error as NodeJS.ErrnoException).code ?? String(error)}); the server keeps serving without a replica`);
    return { stop: async () => {} };
  }
  const configFile = path.join(path.dirname(path.resolve(databasePath)), "litestream.yml");
  fs.writeFileSync(configFile, litestreamConfig(databasePath, replica), { mode: 0o600 });
  fs.chmodSync(configFile, 0o600);

  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function run() {
    const startedAt = Date.now();
    // Under the watchdog (WATCHDOG): its stdin is the tie to this process.
    const current = spawn("/bin/sh", ["-c", WATCHDOG, binary!, "replicate", "-config", configFile, "-no-expand-env"], { env, stdio: ["pipe", "pipe", "pipe"] });
    child = current;
    const prefix = (chunk: Buffer) =>
      chunk
        .toString()
        .split("\n")
        .filter(Boolean)
        .map((line) => `litestream: ${line}`)
        .join("\n");
    current.stdout?.on("data", (chunk: Buffer) => console.log(prefix(chunk)));
    current.stderr?.on("data", (chunk: Buffer) => console.log(prefix(chunk)));
    current.once("error", (error) => console.error(`REPLICATION FAILED: litestream could not start (${error.message}); the server keeps serving without a replica`));
    current.once("exit", (code, signal) => {
      child = undefined;
      // Lets the watchdog of this run go (it waits for its stdin to close).
      current.stdin?.destroy();
      if (stopping) return;
      failures = Date.now() - startedAt > 60_000 ? 1 : failures + 1;
      const delay = Math.min(300_000, 2_000 * 2 ** (failures - 1));
      console.error(`REPLICATION STOPPED: litestream exited (${signal ?? `exit code ${code}`}); the server keeps serving; starting it again in ${Math.round(delay / 1000)} s`);
      retry = setTimeout(run, delay);
      retry.unref();
    });
  }
  run();
  console.log(`Replicating ${path.resolve(databasePath)} to ${isLocalReplica(replica) ? replica : redacted(replica)} with Litestream`);

  return {
    async stop(graceMs = 10_000) {
      stopping = true;
      if (retry) clearTimeout(retry);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
      // Closing the watchdog's stdin sends Litestream SIGTERM: it ships the last of the WAL and exits.
      running.stdin?.end();
      const timeout = setTimeout(() => running.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timeout);
    },
  };
}

/** A URL without its password, for the log. */
function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return url;
  }
}
