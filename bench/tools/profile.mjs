// `node bench/tools/profile.mjs [path ...]`: where one worker's CPU goes while it serves a page.
// Seeds the large data set once (kept in PROFILE_DB, default /tmp/shuk-profile.db, for the next
// run), starts the built server with one worker under `--cpu-prof`, loads each path for
// PROFILE_SECONDS (default 8) at 10 connections after PROFILE_WARMUP seconds (default 20: the
// JIT's warm-up, see warmServer in load.mjs), signed in unless the path starts with "guest:"
// ("checkout" runs the bench's checkout mix instead: POST /api/cart + POST /api/checkout with
// bearer tokens of PROFILE_CHECKOUT_USERS users, default 300), then prints req/s, CPU ms per
// request and the self time by package (react-router, react-dom, i18next, drizzle-orm,
// better-sqlite3, our app code, node internals, GC).
// Use it before and after a change on the server path; the figures go in docs/decisions.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asReturningBrowser, checkoutMix, drain, load, pageSignIn, prepareCheckoutMix, warmServer } from "../load.mjs";
import { BENCH_PASSWORD, seedLarge, seedSizes } from "../seed-large.mjs";
import { freePort, killAllNow, processCpuMs, startAppServer, stopChild, workerPidOf } from "../server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
process.chdir(root);
const buildDir = process.env.BUILD_DIR ?? "build";
const databasePath = process.env.PROFILE_DB ?? path.join(os.tmpdir(), "shuk-profile.db");
const seconds = Number(process.env.PROFILE_SECONDS ?? 8);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 10);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/deals", "/cart", "/orders"];
process.on("SIGINT", () => {
  killAllNow();
  process.exit(130);
});

const seedFile = `${databasePath}.seed.json`;
if (!fs.existsSync(databasePath) || !fs.existsSync(seedFile)) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${databasePath}${suffix}`, { force: true });
  const first = await startAppServer({ buildDir, databasePath, port: await freePort() });
  await stopChild(first);
  const seeded = await seedLarge(databasePath, seedSizes());
  fs.writeFileSync(seedFile, JSON.stringify({ pageUser: seeded.pageUser, slug: seeded.dealSlugs[0], dealSlugs: seeded.dealSlugs, checkoutPool: seeded.checkoutPool }));
}
const { pageUser, slug, dealSlugs, checkoutPool } = JSON.parse(fs.readFileSync(seedFile, "utf8"));

/** The profile with only the samples taken between `from` and `to` (µs, monotonic clock). */
function duringLoad(profile, { from, to }) {
  let time = profile.startTime;
  const kept = profile.samples.map((_, i) => (time += profile.timeDeltas[i]) >= from && time <= to);
  const samples = profile.samples.filter((_, i) => kept[i]);
  if (samples.length === 0) throw new Error("no samples in the load window: the clocks do not match");
  return { ...profile, samples, timeDeltas: profile.timeDeltas.filter((_, i) => kept[i]) };
}

/** The functions with most self time: "name (file:line)" and their sample count. */
function topFunctions(profile, count) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  for (const id of profile.samples) {
    const { url, functionName, lineNumber } = byId.get(id).callFrame;
    if (functionName === "(idle)") continue;
    const key = `${functionName || "(anonymous)"} (${url.split("node_modules/").pop().split("/").slice(-3).join("/")}:${lineNumber + 1})`;
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** Self time of a .cpuprofile, by the package (or part of Node) each function belongs to. */
function selfTimeByPackage(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const ticks = new Map();
  for (const id of profile.samples) ticks.set(id, (ticks.get(id) ?? 0) + 1);
  const totals = new Map();
  for (const [id, count] of ticks) {
    const { url, functionName } = byId.get(id).callFrame;
    let owner;
    if (!url) owner = functionName.startsWith("(") ? functionName : "(native)";
    else if (url.includes("node_modules/")) owner = url.split("node_modules/").pop().split("/").slice(0, url.includes("node_modules/@") ? 2 : 1).join("/");
    else if (url.startsWith("node:")) owner = "node internals";
    else if (url.includes(`/${buildDir}/server/`)) owner = "app (build/server)";
    else if (url.includes(`/${buildDir}/`)) owner = "server (worker.js)";
    else owner = url;
    totals.set(owner, (totals.get(owner) ?? 0) + count);
  }
  return totals;
}

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-cpuprof-"));
for (const target of paths) {
  const guest = target.startsWith("guest:");
  const pagePath = (guest ? target.slice("guest:".length) : target).replace("<slug>", slug);
  const dir = path.join(profileDir, String(paths.indexOf(target)));
  fs.mkdirSync(dir);
  const server = await startAppServer({
    buildDir,
    databasePath,
    port: await freePort(),
    nodeFlags: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
    extraEnv: { WEB_CONCURRENCY: "1", ...(guest ? { GUEST_CACHE_TTL_MS: "0" } : {}) },
  });
  const checkout = pagePath === "checkout";
  const headers = guest || checkout ? {} : { Cookie: await asReturningBrowser(server.origin, await pageSignIn(server.origin, pageUser.email, BENCH_PASSWORD)) };
  const url = `${server.origin}${pagePath}`;
  const mix = checkout
    ? await prepareCheckoutMix(server.origin, { pool: checkoutPool, users: Number(process.env.PROFILE_CHECKOUT_USERS ?? 300), password: BENCH_PASSWORD, slugs: dealSlugs, maxLoginSeconds: 60 })
    : null;
  if (!checkout) await warmServer([{ url, headers }], Number(process.env.PROFILE_WARMUP ?? 20), { connections });
  await drain(server.origin);
  const worker = workerPidOf(server);
  const cpuBefore = processCpuMs(worker);
  // V8 stamps samples with the system's monotonic clock in µs, as hrtime here: keep only the
  // samples of the measured load (no start-up, no warm-up).
  const window = { from: Number(process.hrtime.bigint() / 1000n) };
  const result = checkout
    ? await checkoutMix(server.origin, { users: mix.users, linesByCommunity: mix.linesByCommunity, connections, duration: seconds })
    : await load({ url, connections, duration: seconds, headers });
  window.to = Number(process.hrtime.bigint() / 1000n);
  const cpuUsed = processCpuMs(worker) - cpuBefore;
  await drain(server.origin);
  await stopChild(server);
  // The supervisor writes a profile too; the worker's file name carries the worker's pid.
  const file = fs.readdirSync(dir).find((name) => name.includes(`.${worker}.`));
  const profile = duringLoad(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), window);
  // Kept with PROFILE_KEEP=1: the load's samples alone, for Chromium's profiler or a script.
  if (process.env.PROFILE_KEEP === "1") fs.writeFileSync(path.join(dir, "load.cpuprofile"), JSON.stringify(profile));
  const totals = selfTimeByPackage(profile);
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  const idle = totals.get("(idle)") ?? 0;
  console.log(`\n${guest ? "guest" : "signed-in"} ${pagePath}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, non-2xx ${result.non2xx}${checkout ? `, ${result.checkoutsPerSecond.toFixed(0)} checkouts/s (${JSON.stringify(result.tally)})` : ""}`);
  console.log(`  worker CPU per request: ${(cpuUsed / result.requests).toFixed(2)} ms (user+system, profiler on; ${result.requests} requests)`);
  const rows = [...totals].filter(([owner]) => owner !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, 14);
  for (const [owner, count] of rows) console.log(`  ${((count / (all - idle)) * 100).toFixed(1).padStart(5)} %  ${owner}`);
  const top = Number(process.env.PROFILE_TOP ?? 0);
  if (top) {
    console.log("  functions with most self time:");
    for (const [name, count] of topFunctions(profile, top)) console.log(`  ${((count / (all - idle)) * 100).toFixed(1).padStart(5)} %  ${name}`);
  }
}
if (process.env.PROFILE_KEEP === "1") console.log(`\nprofiles kept in ${profileDir}`);
else fs.rmSync(profileDir, { recursive: true, force: true });
