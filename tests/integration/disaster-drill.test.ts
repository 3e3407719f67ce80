// Issue #48, "nothing lost when the machine dies", as a drill: the production server replicates
// its database with Litestream to a local folder while shoppers check out over HTTP; the whole
// machine dies at once (SIGKILL to the supervisor, its workers and Litestream); the database is
// restored from the replica into a fresh folder with `npm run db:restore`, and a server started
// there has every order that was answered 2xx more than a moment before the kill, the revenue
// invariant holds, the file passes integrity_check, and a deal's picture (kept in the database)
// is served. Everything real: the built server, SQLite files, Litestream's binary, HTTP.
import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { checkRevenueInvariant, CHECKOUT_BODY } from "../../bench/load.mjs";
import { freePort } from "../support/built-server";

const BUILD = path.resolve(process.env.BUILD_DIR ?? "build", "start.js");
const RESTORE = path.resolve("scripts", "db-restore.mjs");
/** An order answered this long before the kill must be in the replica (Litestream syncs every second). */
const SAFE_MS = 1_500;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-drill-"));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  fs.rmSync(root, { recursive: true, force: true });
});

interface Server {
  origin: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM or SIGKILL to the whole process group: the supervisor, its workers, Litestream. */
  signal(signal: NodeJS.Signals): Promise<void>;
}

async function startServer(dataDir: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.NODE_ENV;
  // A process group of its own, so the drill can kill it whole, as a power cut does.
  const child = spawn(process.execPath, [BUILD], {
    env: { ...base, PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: path.join(dataDir, "shuk.db"), SESSION_SECRET: "drill", WEB_CONCURRENCY: "2", RATE_LIMIT_SCALE: "100", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const server: Server = {
    origin,
    child,
    output: () => output,
    async signal(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, signal);
      await exited;
    },
  };
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) break;
    const health = await fetch(`${origin}/healthz`).catch(() => undefined);
    if (health?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${output}`);
}

async function json(response: Response) {
  const text = await response.text();
  expect(response.ok, text).toBe(true);
  return JSON.parse(text);
}

describe("the disaster drill", () => {
  it("loses no order answered before the machine died, keeps revenue exact and the pictures, after a restore from the replica", { timeout: 90_000 }, async () => {
    const first = path.join(root, "first");
    const replica = path.join(root, "replica");
    fs.mkdirSync(first);

    // An install with the demo data, and one deal picture the way an older version kept it: a
    // file in uploads/deals/ (the next start moves it into the database).
    let server = await startServer(first, { DEMO_DATA: "1", BACKUP_INTERVAL_HOURS: "0" });
    await server.signal("SIGTERM");
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#d35400" } }).jpeg({ quality: 80 }).toBuffer();
    const oldName = `${"d".repeat(32)}.jpg`;
    fs.mkdirSync(path.join(first, "uploads", "deals"), { recursive: true });
    fs.writeFileSync(path.join(first, "uploads", "deals", oldName), photo);
    const setup = new Database(path.join(first, "shuk.db"));
    const pictured = setup.prepare("select id, slug from deals where status = 'ACTIVE' order by slug limit 1").get() as { id: string; slug: string };
    setup.prepare("update deals set images = json_array(?) where id = ?").run(`/uploads/deals/${oldName}`, pictured.id);
    setup.close();

    // The market as it runs for real: replicated.
    server = await startServer(first, { REPLICA_URL: replica });
    expect(server.output()).toContain(`Replicating ${path.join(first, "shuk.db")} to ${replica} with Litestream`);
    expect(server.output()).toContain("Moved 1 deal picture(s) from uploads/ into the database");
    expect(fs.existsSync(path.join(first, "uploads"))).toBe(false);

    // Shoppers, each with the deals of her community's open week.
    const [community] = await json(await fetch(`${server.origin}/api/communities`));
    const shoppers: { token: string; lines: { dealId: string; groupId: string; qty: number }[] }[] = [];
    for (let i = 0; i < 4; i++) {
      const signup = await fetch(`${server.origin}/api/auth/signup`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `drill-${i}@example.com`, password: "drill-password-1", firstName: "תרגיל", lastName: `חירום ${i}`, communityId: community.id }),
      });
      const { token } = await json(signup);
      const deals = (await json(await fetch(`${server.origin}/api/deals?limit=30`, { headers: { Authorization: `Bearer ${token}` } }))) as { id: string; minQty: number; groups: { id: string }[] }[];
      shoppers.push({ token, lines: deals.filter((deal) => deal.groups[0]?.id).map((deal) => ({ dealId: deal.id, groupId: deal.groups[0]!.id, qty: deal.minQty })) });
    }
    expect(shoppers.every((shopper) => shopper.lines.length > 5)).toBe(true);

    // Checkouts until the machine dies: each answered order with the moment its 201 arrived.
    const answered: { at: number; orderIds: string[] }[] = [];
    let dead = false;
    const loops = shoppers.map(async (shopper, s) => {
      for (let round = 0; !dead; round++) {
        const headers = { "Content-Type": "application/json", Authorization: `Bearer ${shopper.token}` };
        try {
          const line = shopper.lines[(round + s) % shopper.lines.length]!;
          const cart = await fetch(`${server.origin}/api/cart`, { method: "POST", headers, body: JSON.stringify(line) });
          await cart.arrayBuffer();
          if (!cart.ok) continue;
          const checkout = await fetch(`${server.origin}/api/checkout`, { method: "POST", headers, body: CHECKOUT_BODY });
          const body = await checkout.text();
          if (checkout.status === 201) answered.push({ at: Date.now(), orderIds: (JSON.parse(body) as { orderIds: string[] }).orderIds });
        } catch {
          // the machine died under this request
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const killedAt = Date.now();
    await server.signal("SIGKILL");
    dead = true;
    await Promise.all(loops);
    const safe = answered.filter((order) => order.at < killedAt - SAFE_MS).flatMap((order) => order.orderIds);
    const late = answered.filter((order) => order.at >= killedAt - SAFE_MS).flatMap((order) => order.orderIds);
    expect(safe.length).toBeGreaterThan(20);

    // The machine is gone: restore from the replica into a fresh folder, with one command.
    const fresh = path.join(root, "fresh");
    const restoreStarted = Date.now();
    const restore = spawnSync(process.execPath, [RESTORE, replica], { env: { ...process.env, DATABASE_PATH: path.join(fresh, "shuk.db") }, encoding: "utf8" });
    const restoreMs = Date.now() - restoreStarted;
    expect(restore.status, restore.stderr).toBe(0);

    const restored = new Database(path.join(fresh, "shuk.db"), { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      const present = new Set(restored.prepare("select id from orders").pluck().all() as string[]);
      const missing = safe.filter((id) => !present.has(id));
      expect(missing, `${missing.length} of ${safe.length} orders answered more than ${SAFE_MS} ms before the kill are missing`).toEqual([]);
      console.info(`drill: ${safe.length + late.length} orders answered, ${safe.length} of them more than ${SAFE_MS} ms before the kill (all restored), ${late.filter((id) => present.has(id)).length} of the ${late.length} later ones restored too; restore took ${restoreMs} ms`);
    } finally {
      restored.close();
    }
    const invariant = checkRevenueInvariant(path.join(fresh, "shuk.db"));
    expect(invariant.mismatches).toEqual([]);
    expect(invariant.ok).toBe(true);

    // A server on the restored database: the deal page shows the picture, served from the database.
    server = await startServer(fresh, { BACKUP_INTERVAL_HOURS: "0" });
    const page = await fetch(`${server.origin}/deals/${pictured.slug}`);
    expect(page.status).toBe(200);
    const src = /<img src="(\/uploads\/deals\/[a-f0-9]{32}\.jpg)"/.exec(await page.text())?.[1];
    expect(src).toBeDefined();
    const picture = await fetch(`${server.origin}${src}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
    expect(picture.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).width).toBe(800);
    const copy = await fetch(`${server.origin}${src!.replace(".jpg", "-400.webp")}`);
    expect(copy.status).toBe(200);
    await server.signal("SIGTERM");
  });
});
