// What the admin sees of the backups (issue #48): the newest local backup beside the database
// (its time and size), whether a replica is configured, and whether the data has gone too long
// unprotected, in which case the admins are alerted (at most once a day, from the hourly
// housekeeping). The backups themselves are taken by the supervisor (server/backups.ts).
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { replicaConfigured } from "~/config.server";
import { defaultDatabasePath, type Db, type Queryable } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { backupOverdue, backupPlan, HOUR_MS, isBackupFileName } from "~/domain/backups";
import { alertAdmins } from "./admin-alerts.server";

/** site_settings keys of our own (not organiser settings; readSiteSettings skips them). */
const WATCHING_SINCE = "backups.watchingSince";
const ALERTED_AT = "backups.alertedAt";
const ALERT_AGAIN_AFTER_MS = 24 * 60 * 60_000;

export interface BackupStatus {
  /** the newest backup in backups/ beside the database */
  last: { at: Date; bytes: number } | null;
  replica: boolean;
  /** the server's schedule (BACKUP_INTERVAL_HOURS, BACKUP_KEEP), or null when it takes none */
  scheduled: { hours: number; keep: number } | null;
  /** no replica, and no backup for about two days: the dashboard warns */
  overdue: boolean;
}

/** The newest of `npm run db:backup`'s copies beside the database, or null. */
export function newestBackup(databasePath = defaultDatabasePath()): { at: Date; bytes: number } | null {
  const dir = path.join(path.dirname(path.resolve(databasePath)), "backups");
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null;
  }
  let newest: { at: Date; bytes: number } | null = null;
  for (const name of names) {
    if (!isBackupFileName(name, path.basename(databasePath))) continue;
    const stat = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (stat && (!newest || stat.mtimeMs > newest.at.getTime())) newest = { at: stat.mtime, bytes: stat.size };
  }
  return newest;
}

function marks(db: Queryable): { watchingSince: number | null; alertedAt: number | null } {
  const rows = db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, [WATCHING_SINCE, ALERTED_AT])).all();
  const valueOf = (key: string) => {
    const value = rows.find((row) => row.key === key)?.value;
    return typeof value === "number" ? value : null;
  };
  return { watchingSince: valueOf(WATCHING_SINCE), alertedAt: valueOf(ALERTED_AT) };
}

export function backupStatus(db: Queryable, now = new Date()): BackupStatus {
  const last = newestBackup();
  const replica = replicaConfigured();
  // Until the housekeeping has started watching (its first run, at start), nothing is overdue.
  const watchingSince = marks(db).watchingSince ?? now.getTime();
  const { plan } = backupPlan(process.env);
  return {
    last,
    replica,
    scheduled: plan ? { hours: plan.intervalMs / HOUR_MS, keep: plan.keep } : null,
    overdue: backupOverdue({ lastBackupAt: last?.at.getTime() ?? null, watchingSince, replica, now: now.getTime() }),
  };
}

/**
 * The hourly check (auth/housekeeping.server.ts): starts watching on a new install, and alerts
 * every admin when the backups are overdue, again a day later if they still are. Answers
 * whether it alerted.
 */
export function checkBackups(db: Db, now = new Date()): boolean {
  return db.transaction(
    (tx) => {
      tx.insert(siteSettings).values({ key: WATCHING_SINCE, value: now.getTime(), updatedAt: now }).onConflictDoNothing().run();
      const status = backupStatus(tx, now);
      const { alertedAt } = marks(tx);
      if (!status.overdue || (alertedAt !== null && now.getTime() - alertedAt < ALERT_AGAIN_AFTER_MS)) return false;
      alertAdmins(tx, { kind: "backupMissing", lastBackupAt: status.last?.at.getTime() ?? null });
      tx.insert(siteSettings)
        .values({ key: ALERTED_AT, value: now.getTime(), updatedAt: now })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: now.getTime(), updatedAt: now } })
        .run();
      return true;
    },
    { behavior: "immediate" },
  );
}
