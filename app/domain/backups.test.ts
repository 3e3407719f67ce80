import { describe, expect, it } from "vitest";
import { BACKUP_STALE_AFTER_MS, backupOverdue, backupPlan, HOUR_MS, isBackupFileName } from "./backups";

describe("backup file names", () => {
  it("are db:backup's own copies of this database, and nothing else", () => {
    expect(isBackupFileName("shuk-2026-05-01T09-30-00Z.db", "shuk.db")).toBe(true);
    expect(isBackupFileName("shuk-2026-05-01T09-30-00Z-2.db", "shuk.db")).toBe(true);
    expect(isBackupFileName("shuk-2026-05-01T09-30-00Z.db.partial", "shuk.db")).toBe(false);
    expect(isBackupFileName("market-2026-05-01T09-30-00Z.db", "shuk.db")).toBe(false);
    expect(isBackupFileName("shuk-before-restore-2026-05-01T09-30-00Z.db", "shuk.db")).toBe(false);
    expect(isBackupFileName("my.market-2026-05-01T09-30-00Z.db", "my.market.sqlite")).toBe(true);
  });
});

describe("the backup plan", () => {
  it("is a backup a day, keeping 7, when nothing is set", () => {
    expect(backupPlan({})).toEqual({ plan: { intervalMs: 24 * HOUR_MS, keep: 7 }, problems: [] });
  });

  it("follows BACKUP_INTERVAL_HOURS and BACKUP_KEEP; 0 hours turns it off", () => {
    expect(backupPlan({ BACKUP_INTERVAL_HOURS: "6", BACKUP_KEEP: "28" }).plan).toEqual({ intervalMs: 6 * HOUR_MS, keep: 28 });
    expect(backupPlan({ BACKUP_INTERVAL_HOURS: "0.5" }).plan?.intervalMs).toBe(30 * 60_000);
    expect(backupPlan({ BACKUP_INTERVAL_HOURS: "0" }).plan).toBeNull();
  });

  it("leaves backups to the replica unless asked for them too", () => {
    expect(backupPlan({ REPLICA_URL: "s3://bucket/shuk" }).plan).toBeNull();
    expect(backupPlan({ REPLICA_URL: "s3://bucket/shuk", BACKUP_INTERVAL_HOURS: "24" }).plan).toEqual({ intervalMs: 24 * HOUR_MS, keep: 7 });
  });

  it("says what it could not read, and keeps the default for it", () => {
    const { plan, problems } = backupPlan({ BACKUP_INTERVAL_HOURS: "daily", BACKUP_KEEP: "-1" });
    expect(plan).toEqual({ intervalMs: 24 * HOUR_MS, keep: 7 });
    expect(problems).toEqual([
      "BACKUP_INTERVAL_HOURS=daily is not a number of hours; backing up every 24 hours",
      "BACKUP_KEEP=-1 is not a whole number of backups (1 or more); keeping 7",
    ]);
  });
});

describe("an overdue backup", () => {
  const now = Date.UTC(2026, 10, 29, 12);
  it("is two days without a backup, counted from when the watch began, and never with a replica", () => {
    expect(backupOverdue({ lastBackupAt: now - BACKUP_STALE_AFTER_MS + 1, watchingSince: 0, replica: false, now })).toBe(false);
    expect(backupOverdue({ lastBackupAt: now - BACKUP_STALE_AFTER_MS - 1, watchingSince: 0, replica: false, now })).toBe(true);
    expect(backupOverdue({ lastBackupAt: null, watchingSince: now - HOUR_MS, replica: false, now })).toBe(false);
    expect(backupOverdue({ lastBackupAt: null, watchingSince: now - 3 * 24 * HOUR_MS, replica: false, now })).toBe(true);
    expect(backupOverdue({ lastBackupAt: null, watchingSince: 0, replica: true, now })).toBe(false);
  });
});
