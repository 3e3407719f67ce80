// Issue #48: the server backs the database up on a schedule when no replica is configured, keeps
// the newest BACKUP_KEEP, and the admin dashboard shows the last backup and warns (an admin
// alert too) when there has been none for two days and there is no replica. Real SQLite files,
// the built server as its own process, real HTTP.
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifications, siteSettings, users } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { checkBackups } from "~/services/backup-status.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { cookieOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

// The dashboard reads the backups beside DATABASE_PATH: a folder of this file's own.
let dataDir = "";
const savedPath = process.env.DATABASE_PATH;
const savedReplica = process.env.REPLICA_URL;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-backups-"));
  process.env.DATABASE_PATH = path.join(dataDir, "shuk.db");
});
afterAll(() => {
  process.env.DATABASE_PATH = savedPath;
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  if (savedReplica === undefined) delete process.env.REPLICA_URL;
  else process.env.REPLICA_URL = savedReplica;
  fs.rmSync(path.join(dataDir, "backups"), { recursive: true, force: true });
});

const DAY = 24 * 60 * 60_000;

/** The processes whose command line names `text` (Litestream and its watchdog name their config file). */
function pidsOf(text: string): number[] {
  return spawnSync("pgrep", ["-f", text], { encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean)
    .map(Number);
}

function parentOf(pid: number): number {
  // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ")".
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

function watchingSince(at: number) {
  db().insert(siteSettings).values({ key: "backups.watchingSince", value: at }).onConflictDoUpdate({ target: siteSettings.key, set: { value: at } }).run();
}

function aBackup(name: string, at: Date, bytes = 3 * 1024 * 1024) {
  fs.mkdirSync(path.join(dataDir, "backups"), { recursive: true });
  const file = path.join(dataDir, "backups", name);
  fs.writeFileSync(file, Buffer.alloc(bytes));
  fs.utimesSync(file, at, at);
}

function adminAlerts() {
  const admin = db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!;
  return db().select({ title: notifications.title, message: notifications.message }).from(notifications).where(and(eq(notifications.userId, admin.id), eq(notifications.type, "ADMIN_ATTENTION"))).all();
}

async function dashboard(language: "he" | "en") {
  const cookie = await cookieOf(app, DEMO_ADMIN);
  const page = await app.fetch(`/admin?lng=${language}`, { headers: { Cookie: cookie } });
  expect(page.status).toBe(200);
  return page.text();
}

describe("the admin dashboard's backups", () => {
  it("shows the newest backup's time and size, in both languages, with no warning", async () => {
    aBackup("shuk-2026-11-20T03-00-00Z.db", new Date("2026-11-20T03:00:00Z"));
    aBackup("shuk-2026-11-28T03-00-00Z.db", new Date(Date.now() - 3 * 60 * 60_000), Math.round(2.5 * 1024 * 1024));
    // Not ours: ignored.
    aBackup("notes.db", new Date());
    const english = await dashboard("en");
    expect(english).toContain('data-testid="admin-backups-last"');
    expect(english).toMatch(/Last backup: \d\d\/\d\d\/\d{4} \d\d:\d\d \(2\.5 MB\)/);
    expect(english).toContain("A backup is taken every 24 hours; the newest 7 are kept.");
    expect(english).not.toContain("admin-backups-overdue");
    const hebrew = await dashboard("he");
    // The size is an isolated left-to-right run inside the Hebrew sentence (FSI ... PDI).
    expect(hebrew).toMatch(/גיבוי אחרון: \d\d\/\d\d\/\d{4} \d\d:\d\d \(\u2068?2\.5 MB\u2069?\)/);
    expect(checkBackups(db())).toBe(false);
    expect(adminAlerts()).toEqual([]);
  });

  it("warns, and alerts the admins once a day, when there has been no backup for two days and no replica", async () => {
    aBackup("shuk-2026-11-20T03-00-00Z.db", new Date(Date.now() - 3 * DAY));
    watchingSince(Date.now() - 10 * DAY);
    const english = await dashboard("en");
    expect(english).toContain('data-testid="admin-backups-overdue"');
    expect(english).toContain("No backup in the last two days and no replica");
    expect(await dashboard("he")).toContain("אין גיבוי מהיומיים האחרונים ואין העתק רציף");

    expect(checkBackups(db())).toBe(true);
    const [alert] = adminAlerts();
    expect(alert!.title).toBe("אין גיבוי עדכני של מסד הנתונים");
    expect(alert!.message).toMatch(/נעשה ב־\d\d\/\d\d\/\d{4} \d\d:\d\d, לפני יותר מיומיים/);
    // Not again within the day; again the next day if still overdue.
    expect(checkBackups(db())).toBe(false);
    expect(checkBackups(db(), new Date(Date.now() + DAY + 60_000))).toBe(true);
    expect(adminAlerts()).toHaveLength(2);
  });

  it("gives a new install two days before it warns, and does not warn when a replica is configured", async () => {
    // The first check starts the watch: no backup yet, and nothing overdue.
    expect(checkBackups(db())).toBe(false);
    expect(await dashboard("en")).toContain("No backup yet");
    expect(checkBackups(db(), new Date(Date.now() + 2 * DAY + 60_000))).toBe(true);

    process.env.REPLICA_URL = "s3://bucket/shuk";
    watchingSince(Date.now() - 10 * DAY);
    const english = await dashboard("en");
    expect(english).not.toContain("admin-backups-overdue");
    expect(english).toContain("The database is replicated continuously (REPLICA_URL).");
    // With a replica, local backups only when asked for.
    expect(english).toContain("Scheduled backups are off.");
  });
});

describe("the server's scheduled backups", () => {
  let server: BuiltServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it("backs up at start and then every interval, keeping the newest BACKUP_KEEP, each checked and readable by the owner only", async () => {
    // 0.0005 hours: a backup every 1.8 s.
    server = await startBuiltServer({ BACKUP_INTERVAL_HOURS: "0.0005", BACKUP_KEEP: "2" });
    const dir = path.join(server.dataDir, "backups");
    // The third backup makes the run prune: wait for it to say so.
    for (let i = 0; i < 100 && !/Removed \d+ older backups?/.test(server.output()); i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.output()).toMatch(/Removed \d+ older backups?, keeping the newest 2/);
    expect((server.output().match(/scheduled backup: Backed up/g) ?? []).length).toBeGreaterThanOrEqual(3);
    // Just after a run, 1.8 s before the next: the newest two.
    const kept = fs.readdirSync(dir).filter((name) => !name.endsWith(".partial"));
    expect(kept).toHaveLength(2);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of kept) {
      expect(name).toMatch(/^shuk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?\.db$/);
      expect(fs.statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
      const copy = new Database(path.join(dir, name), { readonly: true });
      expect(copy.pragma("quick_check", { simple: true })).toBe("ok");
      expect(copy.prepare("select count(*) from __drizzle_migrations").pluck().get()).toBeGreaterThan(0);
      copy.close();
    }
  });

  it("takes no scheduled backup with a replica configured, refuses a second server on the same database, and never leaves Litestream running without its server", async () => {
    const replica = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-replica-"));
    try {
      server = await startBuiltServer({ REPLICA_URL: replica, BACKUP_INTERVAL_HOURS: "" });
      expect(server.output()).toContain(`Replicating ${server.databasePath} to ${replica} with Litestream`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(fs.existsSync(path.join(server.dataDir, "backups"))).toBe(false);
      // Litestream's first snapshot lands in the replica folder.
      for (let i = 0; i < 50 && !fs.existsSync(path.join(replica, "generations")); i++) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fs.existsSync(path.join(replica, "generations"))).toBe(true);

      const second = spawnSync(process.execPath, [path.resolve(process.env.BUILD_DIR ?? "build", "start.js")], {
        env: { ...process.env, NODE_ENV: "", PORT: "0", DATABASE_PATH: server.databasePath },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain("Another server, or a restore (npm run db:restore), is using");

      // Stopped, the server stops Litestream too: no replicator is left running.
      const config = path.join(server.dataDir, "litestream.yml");
      expect(fs.statSync(config).mode & 0o777).toBe(0o600);
      await server.stop();
      server = undefined;
      expect(pidsOf(config)).toEqual([]);

      // A supervisor killed on its own (SIGKILL: no handler runs) takes Litestream with it: its
      // watchdog sees the supervisor's pipe close.
      server = await startBuiltServer({ REPLICA_URL: replica, BACKUP_INTERVAL_HOURS: "" });
      const again = path.join(server.dataDir, "litestream.yml");
      for (let i = 0; i < 25 && pidsOf(again).length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 200));
      const supervisor = new Set(pidsOf(again).map(parentOf));
      expect(supervisor.size).toBe(2); // the watchdog's parent is the supervisor, Litestream's the watchdog
      const supervisorPid = [...supervisor].find((pid) => !pidsOf(again).includes(pid))!;
      process.kill(supervisorPid, "SIGKILL");
      for (let i = 0; i < 50 && pidsOf(again).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(pidsOf(again)).toEqual([]);
    } finally {
      fs.rmSync(replica, { recursive: true, force: true });
    }
  });

  it("keeps serving, and says so loudly, when Litestream fails or cannot start", async () => {
    const replica = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-replica-"));
    try {
      // A replicator that exits at once: restarted with a growing wait, logged each time.
      server = await startBuiltServer({ REPLICA_URL: replica, LITESTREAM_PATH: "/bin/false" });
      for (let i = 0; i < 25 && !server.output().includes("REPLICATION STOPPED"); i++) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.output()).toContain("REPLICATION STOPPED: litestream exited (exit code 1); the server keeps serving; starting it again in 2 s");
      expect((await server.raw("/deals")).status).toBe(200);
      await server.stop();
      // One that is not there at all.
      server = await startBuiltServer({ REPLICA_URL: replica, LITESTREAM_PATH: path.join(replica, "no-such-litestream") });
      for (let i = 0; i < 25 && !server.output().includes("REPLICATION FAILED"); i++) await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.output()).toContain("REPLICATION FAILED: litestream could not start");
      expect((await server.raw("/deals")).status).toBe(200);
    } finally {
      fs.rmSync(replica, { recursive: true, force: true });
    }
  });
});
