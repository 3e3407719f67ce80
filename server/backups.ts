// The scheduled local backup (issue #48): the supervisor (server/start.ts) runs
// scripts/db-backup.mjs, the same script as `npm run db:backup`, every BACKUP_INTERVAL_HOURS
// (default a day) with `--keep BACKUP_KEEP` (default 7). One process does it, whatever the number
// of workers, and a worker that dies takes no backup with it. The script checks each copy
// (quick_check) and writes it 0600 in a 0700 folder. The first backup is taken at start when the
// newest one is older than the interval (or there is none).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { HOUR_MS, isBackupFileName, type BackupPlan } from "../app/domain/backups";

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the newest backup beside the database was written (ms), or null when there is none. */
export function newestBackupAt(databasePath: string): number | null {
  const dir = path.join(path.dirname(databasePath), "backups");
  let newest: number | null = null;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  for (const name of names) {
    if (!isBackupFileName(name, path.basename(databasePath))) continue;
    const at = fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.mtimeMs;
    if (at !== undefined && (newest === null || at > newest)) newest = at;
  }
  return newest;
}

export interface ScheduledBackups {
  stop(): void;
}

export function scheduleBackups({ plan, databasePath, script }: { plan: BackupPlan; databasePath: string; script: string }): ScheduledBackups {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function wait(ms: number) {
    if (stopped) return;
    timer = setTimeout(run, Math.min(Math.max(0, ms), MAX_TIMER_MS));
    timer.unref();
  }

  function dueIn(): number {
    const last = newestBackupAt(databasePath);
    return last === null ? 0 : last + plan.intervalMs - Date.now();
  }

  function run() {
    if (stopped) return;
    const child = spawn(process.execPath, [script, "--keep", String(plan.keep)], {
      env: { ...process.env, DATABASE_PATH: databasePath },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => {
      console.error(`scheduled backup could not start: ${error.message}`);
    });
    child.once("close", (code) => {
      if (code === 0) {
        console.log(`scheduled backup: ${output.trim().replaceAll("\n", "; ")}`);
        // The next one an interval after this one, however long this one took.
        wait(Math.max(dueIn(), 1_000));
      } else {
        console.error(`scheduled backup failed (exit code ${code}): ${output.trim() || "no output"}; trying again in ${Math.round(retryMs() / 60_000)} min`);
        wait(retryMs());
      }
    });
  }

  /** After a failure: again within the hour (sooner when backups are frequent). */
  const retryMs = () => Math.min(plan.intervalMs, HOUR_MS);

  if (!fs.existsSync(script)) {
    console.error(`scheduled backups are off: ${script} is missing`);
    return { stop() {} };
  }
  wait(dueIn());
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
