// How long `npm run db:restore` takes on the bench's large data set (issue #48): from a backup
// file and from a Litestream replica in a local folder, with one picture per deal in the
// database (a noisy 800 x 600 photo and its two WebP copies, heavier than most produce photos).
//
//   npm run build && node bench/tools/restore-time.mjs      (BUILD_DIR and the BENCH_* sizes apply)
//
// Prints the database's size and each restore's wall time; leaves nothing behind.
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { seedLarge, seedSizes } from "../seed-large.mjs";
import { freePort, startAppServer, stopChild } from "../server.mjs";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-restore-time-"));
const databasePath = path.join(dir, "data", "shuk.db");
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

function timed(label, command, args, env = {}) {
  const started = Date.now();
  const run = spawnSync(command, args, { env: { ...process.env, ...env }, encoding: "utf8" });
  const ms = Date.now() - started;
  if (run.status !== 0) throw new Error(`${label} failed: ${run.stderr || run.stdout}`);
  console.log(`${label}: ${seconds(ms)}`);
  return ms;
}

try {
  // The demo catalogue (seed-large's templates), then the large data set.
  const server = await startAppServer({ buildDir, databasePath, port: await freePort(), extraEnv: { BACKUP_INTERVAL_HOURS: "0" } });
  await stopChild(server);
  await seedLarge(databasePath, seedSizes());

  // One picture per deal, kept as the app keeps an upload (deal_pictures, content-hash URLs).
  const db = new Database(databasePath);
  const deals = db.prepare("select id from deals").pluck().all();
  const insert = db.prepare("insert or ignore into deal_pictures (hash, width, content_type, bytes) values (?, ?, ?, ?)");
  const point = db.prepare("update deals set images = json_array(?) where id = ?");
  for (const [n, id] of deals.entries()) {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: (n * 37) % 256, g: 140, b: 60 }, noise: { type: "gaussian", mean: 120, sigma: 12 } } })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    const hash = createHash("sha256").update(photo).digest("hex").slice(0, 32);
    const copies = await Promise.all([400, 800].map((width) => sharp(photo).resize({ width }).webp({ quality: 75 }).toBuffer()));
    db.transaction(() => {
      insert.run(hash, 0, "image/jpeg", photo);
      insert.run(hash, 400, "image/webp", copies[0]);
      insert.run(hash, 800, "image/webp", copies[1]);
      point.run(`/uploads/deals/${hash}.jpg`, id);
    })();
  }
  db.pragma("wal_checkpoint(TRUNCATE)");
  const pictureBytes = db.prepare("select sum(length(bytes)) from deal_pictures").pluck().get();
  const orders = db.prepare("select count(*) from orders").pluck().get();
  db.close();
  console.log(`database: ${mib(fs.statSync(databasePath).size)} (${orders} orders, ${deals.length} deals, pictures ${mib(pictureBytes)})`);

  // From a backup file.
  const backupFile = path.join(dir, "backup.db");
  timed("npm run db:backup", process.execPath, ["scripts/db-backup.mjs", backupFile], { DATABASE_PATH: databasePath });
  timed("npm run db:restore <backup file>", process.execPath, ["scripts/db-restore.mjs", backupFile], { DATABASE_PATH: path.join(dir, "from-file", "shuk.db") });

  // From a replica: Litestream's snapshot of the whole file, then restore it elsewhere.
  const replica = path.join(dir, "replica");
  const config = path.join(dir, "litestream.yml");
  fs.writeFileSync(config, `dbs:\n  - path: ${JSON.stringify(databasePath)}\n    replicas:\n      - path: ${JSON.stringify(replica)}\n`);
  const binary = path.resolve("node_modules", "@flydotio", `litestream-${process.platform}-${process.arch}`, "litestream");
  const started = Date.now();
  const litestream = spawn(binary, ["replicate", "-config", config, "-no-expand-env"], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  litestream.stderr.on("data", (chunk) => (log += chunk));
  litestream.stdout.on("data", (chunk) => (log += chunk));
  while (!/snapshot written/.test(log)) {
    if (Date.now() - started > 300_000) throw new Error(`no snapshot after 5 minutes:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`litestream's first snapshot: ${seconds(Date.now() - started)}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  litestream.kill("SIGTERM");
  await new Promise((resolve) => litestream.once("exit", resolve));
  const replicaBytes = spawnSync("du", ["-sb", replica], { encoding: "utf8" }).stdout.split("\t")[0];
  console.log(`replica on disk: ${mib(Number(replicaBytes))} (lz4)`);
  timed("npm run db:restore <replica>", process.execPath, ["scripts/db-restore.mjs", replica], { DATABASE_PATH: path.join(dir, "from-replica", "shuk.db") });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
