// The local backups' rules (issue #48), shared by the supervisor that takes them
// (server/backups.ts) and the admin dashboard that reports on them. Pure.

/**
 * The copies `npm run db:backup` makes in backups/ beside the database:
 * `<database name>-<UTC time>[-n].db` (scripts/db-backup.mjs names them; keep the two alike).
 */
export function isBackupFileName(fileName: string, databaseFileName: string): boolean {
  const base = databaseFileName.replace(/\.[^.]*$/, "");
  if (!fileName.startsWith(`${base}-`)) return false;
  return /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?\.db$/.test(fileName.slice(base.length + 1));
}

export const HOUR_MS = 60 * 60_000;

export interface BackupPlan {
  /** how often a backup is taken */
  intervalMs: number;
  /** how many of the newest backups are kept */
  keep: number;
}

export const DEFAULT_BACKUP_INTERVAL_HOURS = 24;
export const DEFAULT_BACKUP_KEEP = 7;

/**
 * When to back up, from BACKUP_INTERVAL_HOURS (default 24; 0 turns it off) and BACKUP_KEEP
 * (default 7). With a replica (REPLICA_URL) the replica is the backup: local ones are taken only
 * when BACKUP_INTERVAL_HOURS asks for them. A value that is no number is reported, not guessed.
 */
export function backupPlan(env: Record<string, string | undefined>): { plan: BackupPlan | null; problems: string[] } {
  const problems: string[] = [];
  const hoursText = env.BACKUP_INTERVAL_HOURS?.trim();
  let hours = DEFAULT_BACKUP_INTERVAL_HOURS;
  if (hoursText) {
    const asked = Number(hoursText);
    if (Number.isFinite(asked) && asked >= 0) hours = asked;
    else problems.push(`BACKUP_INTERVAL_HOURS=${hoursText} is not a number of hours; backing up every ${hours} hours`);
  } else if (env.REPLICA_URL?.trim()) {
    return { plan: null, problems };
  }
  const keepText = env.BACKUP_KEEP?.trim();
  let keep = DEFAULT_BACKUP_KEEP;
  if (keepText) {
    const asked = Number(keepText);
    if (Number.isInteger(asked) && asked >= 1) keep = asked;
    else problems.push(`BACKUP_KEEP=${keepText} is not a whole number of backups (1 or more); keeping ${keep}`);
  }
  if (hours === 0) return { plan: null, problems };
  return { plan: { intervalMs: Math.round(hours * HOUR_MS), keep }, problems };
}

/** No backup for this long, and no replica: the admins are told. */
export const BACKUP_STALE_AFTER_MS = 48 * HOUR_MS;

/**
 * Whether the data has gone unprotected too long: no replica, and neither a backup nor the
 * moment we started watching (a new install, or one just upgraded) within BACKUP_STALE_AFTER_MS.
 */
export function backupOverdue({ lastBackupAt, watchingSince, replica, now }: { lastBackupAt: number | null; watchingSince: number; replica: boolean; now: number }): boolean {
  if (replica) return false;
  return now - Math.max(lastBackupAt ?? 0, watchingSince) > BACKUP_STALE_AFTER_MS;
}
