// `npm run bench`: build, seed a large temporary database, start the production server on it,
// measure (load, bare-server ratio, checkout mix + invariant, page weight, Lighthouse), print one
// table against the budgets and keep it in bench/README.md. Measures and prints; asserts nothing
// about timings. Servers and temporary files go away at the end, also on failure or Ctrl-C.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { arrivals, asReturningBrowser, checkoutMix, checkoutTrickle, checkRevenueInvariant, drain, load, pageSignIn, prepareCheckoutMix, warmServer, warmUp } from "./load.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { measureFirstCard } from "./tools/first-card.mjs";
import { BENCH_PASSWORD, seedLarge, seedSizes } from "./seed-large.mjs";
import { freePort, killAllNow, processesCpuMs, startAppServer, startBareServer, stopAll, stopChild, workerPidsOf } from "./server.mjs";
import { ASSUMPTIONS, capacityModel, SIGNED_IN_PAGES } from "./capacity.mjs";
import { buildRows, formatTable, machine, summary, writeReadme } from "./table.mjs";
import { weighPages } from "./weight.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);

const env = process.env;
const num = (name, fallback) => {
  const value = Number(env[name]);
  return env[name] !== undefined && env[name] !== "" && Number.isFinite(value) && value >= 0 ? value : fallback;
};
const config = {
  duration: num("BENCH_DURATION", 10),
  connections: num("BENCH_CONNECTIONS", 50),
  warmup: num("BENCH_WARMUP", 2),
  // Seconds of traffic over every rendered page right after a server starts (warmServer).
  serverWarmup: num("BENCH_SERVER_WARMUP", 40),
  checkoutUsers: num("BENCH_CHECKOUT_USERS", 2_000),
  loginSeconds: num("BENCH_LOGIN_SECONDS", 90),
  buildDir: env.BENCH_BUILD_DIR ?? "build-bench",
  skipBuild: env.BENCH_SKIP_BUILD === "1",
  lighthouse: env.BENCH_LIGHTHOUSE !== "0",
  // Lighthouse's figures move by several points from run to run: each is the median of these.
  lighthouseRuns: Math.max(1, num("BENCH_LIGHTHOUSE_RUNS", 3)),
  writeReadme: env.BENCH_README !== "0",
};

const startedAt = new Date();
const t0 = Date.now();
const steps = [];
let peakLoad = os.loadavg()[0];
const log = (message) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}`);
/** CPU ms the server and the load generator spent on each of `count` requests (or rounds). */
function cpuPerRequest(count, serverCpuMs, clientCpu) {
  if (!(count > 0)) return {};
  return { serverCpuMsEach: serverCpuMs / count, clientCpuMsEach: (clientCpu.user + clientCpu.system) / 1000 / count };
}

async function step(name, work) {
  const started = Date.now();
  log(`${name} …`);
  try {
    return await work();
  } finally {
    const seconds = (Date.now() - started) / 1000;
    steps.push({ name, seconds });
    peakLoad = Math.max(peakLoad, os.loadavg()[0]);
    log(`${name}: ${seconds.toFixed(1)} s`);
  }
}

function run(command, args, extraEnv) {
  return new Promise((resolve, reject) => {
    let output = "";
    const child = spawn(command, args, { env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`))));
  });
}

let tmp;
function removeTmp() {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
}
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and removing temporary files`);
    killAllNow();
    removeTmp();
    process.exit(130);
  });
}

const loadBefore = os.loadavg();
const measured = { loads: [], browser: [], planned: [], api: [], weight: {}, config };
if (loadBefore[0] > os.cpus().length / 2) {
  log(`warning: the machine is busy before we start (load average ${loadBefore.map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores); figures will be low and noisy`);
}
let failure;
try {
  if (!config.skipBuild) {
    await step(`build (BUILD_DIR=${config.buildDir} npm run build)`, () => run("npm", ["run", "build"], { BUILD_DIR: config.buildDir }));
  }
  if (!fs.existsSync(path.join(config.buildDir, "start.js"))) throw new Error(`no ${config.buildDir}/start.js: run without BENCH_SKIP_BUILD`);

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-bench-"));
  const databasePath = path.join(tmp, "bench.db");

  // 1. The app migrates an empty file and seeds its demo data on start (DEMO_DATA=1, see
  // server.mjs); then the large set.
  await step("migrate (one server start on an empty database)", async () => {
    const first = await startAppServer({ buildDir: config.buildDir, databasePath, port: await freePort() });
    await stopChild(first);
  });
  const sizes = seedSizes();
  const seeded = await step("seed the large data set (bench/seed-large.mjs)", () => seedLarge(databasePath, sizes));
  log(`seeded ${Object.entries(seeded.counts).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  const slug = seeded.dealSlugs[0];
  const slugPath = `/deals/${slug}`;
  measured.slugPath = slugPath;

  const server = await step("start the production server", async () =>
    startAppServer({ buildDir: config.buildDir, databasePath, port: await freePort() }),
  );
  const origin = server.origin;
  const serverPids = workerPidsOf(server);
  // A shopper at the deadline has been here before: their browser keeps the stylesheet's file.
  const cookie = await asReturningBrowser(origin, await pageSignIn(origin, seeded.pageUser.email, BENCH_PASSWORD));
  log(`page user ${seeded.pageUser.email}: ${seeded.pageUser.orders} orders, ${seeded.pageUser.cartLines} cart lines`);

  // 4. Page weight first, on the fresh data.
  measured.weight = await step("page weight", () => weighPages(origin, ["/", "/deals", slugPath, "/terms", "/privacy", "/about"]));

  // 2 + 3. Load, with the bare server right after our /deals so the two share conditions.
  // The bytes each bare-server row sends: the guest's /deals and the signed-in shopper's.
  const signedIn = { Cookie: cookie };
  async function saveBody(name, headers) {
    const response = await fetch(`${origin}/deals`, { headers });
    const file = path.join(tmp, name);
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return { bodyFile: file, contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8" };
  }
  const bareBodies = { bare: await saveBody("deals-guest.html", {}), bareSignedIn: await saveBody("deals-signed-in.html", signedIn) };

  const pages = [
    { key: "home", name: "GET / (guest)", path: "/" },
    { key: "deals", name: "GET /deals (guest)", path: "/deals" },
    { key: "bare" },
    { key: "dealsQuery", name: "GET /deals?category=vegetables&sort=price_asc&page=3", path: "/deals?category=vegetables&sort=price_asc&page=3" },
    { key: "deal", name: "GET /deals/<slug> (guest)", path: slugPath },
    { key: "dealsSignedIn", name: "GET /deals (signed in)", path: "/deals", headers: signedIn },
    { key: "bareSignedIn" },
    { key: "dealSignedIn", name: "GET /deals/<slug> (signed in)", path: slugPath, headers: signedIn },
    { key: "cart", name: "GET /cart (signed in)", path: "/cart", headers: signedIn },
    { key: "orders", name: "GET /orders (signed in)", path: "/orders", headers: signedIn },
    { key: "profile", name: "GET /profile (signed in)", path: "/profile", headers: signedIn },
  ];
  // The server's JIT warms on every page a row renders, signed in, and on a guest's deal page
  // (the other guest pages come from the guest cache).
  const rendered = pages.filter((page) => page.headers);
  await step(`warm the server: ${rendered.map((page) => page.name).join(", ")} (${config.serverWarmup} s)`, () =>
    warmServer([...rendered, { path: slugPath }].map((page) => ({ url: `${origin}${page.path}`, headers: page.headers })), config.serverWarmup),
  );
  await drain(origin);
  // Warm up, measure, then let the server finish what the closed connections left behind;
  // error lines the server logs meanwhile are reported beside the test (they do not fail it).
  // With `rate`, requests arrive at that rate (an open loop, bench/load.mjs `arrivals`) instead
  // of 50 connections asking flat out; the server is warm by then.
  // Besides latency and throughput, the CPU the serving processes (`servedBy`) and this one, the
  // load generator, spent a request: the server's CPU a request depends far less than its
  // throughput on how much of the machine autocannon takes (0.2-0.4 of a core on a signed-in
  // page, a whole one on a guest /deals; docs/decisions/016, session 20).
  async function measure(name, targetOrigin, pathAndQuery, headers, { drainOrigin = origin, rate = undefined, servedBy = serverPids } = {}) {
    return step(`load: ${name}`, async () => {
      if (!rate) await warmUp(`${targetOrigin}${pathAndQuery}`, headers, config.warmup);
      await drain(drainOrigin);
      const logBefore = server.log().length;
      const url = `${targetOrigin}${pathAndQuery}`;
      const [serverCpuBefore, clientCpuBefore] = [processesCpuMs(servedBy), process.cpuUsage()];
      const result = rate ? await arrivals({ url, rate, duration: config.duration, headers }) : await load({ url, connections: config.connections, duration: config.duration, headers });
      Object.assign(result, cpuPerRequest(result.requests, processesCpuMs(servedBy) - serverCpuBefore, process.cpuUsage(clientCpuBefore)));
      result.drainSeconds = await drain(drainOrigin);
      result.serverErrors = server.log().slice(logBefore).split("\n").filter((line) => /error/i.test(line)).length;
      return result;
    });
  }
  for (const page of pages) {
    if (page.key in bareBodies) {
      const bare = await startBareServer({ ...bareBodies[page.key], port: await freePort() });
      const whose = page.key === "bare" ? "guest" : "signed-in";
      try {
        measured[page.key] = await measure(`bare node:http server with the ${whose} /deals bytes`, bare.origin, "/", {}, { drainOrigin: bare.origin, servedBy: [bare.child.pid] });
      } finally {
        await stopChild(bare);
      }
      continue;
    }
    measured.loads.push({ key: page.key, name: page.name, result: await measure(page.name, origin, page.path, page.headers) });
  }
  // The signed-in pages again as a shopper's browser asks for them: with the Accept-Encoding
  // Chromium sends, so each answer is compressed as it goes out (server/compression.ts), which
  // autocannon's own requests never ask for. What a page costs here is what the capacity model
  // counts; the rows above stay as the budgets were set (docs/decisions/016, session 25).
  const BROWSER_ENCODINGS = { "Accept-Encoding": "gzip, deflate, br, zstd" };
  for (const { key, name } of measured.loads.filter((l) => SIGNED_IN_PAGES.includes(l.key))) {
    const page = pages.find((p) => p.key === key);
    const browserName = `${name}, compressed`;
    measured.browser.push({ key, name: browserName, result: await measure(browserName, origin, page.path, { ...page.headers, ...BROWSER_ENCODINGS }) });
  }
  // The signed-in pages again at the load the capacity model plans for (its headroom times each
  // page's measured rate), shoppers arriving at random: the latency they see there. Flat out,
  // 50 connections are a queue whose mean wait is 50 / throughput whatever a page costs
  // (docs/decisions/016).
  for (const { key, name, result } of measured.loads.filter((l) => SIGNED_IN_PAGES.includes(l.key) && l.result?.rps > 0)) {
    const rate = Math.max(1, Math.round(result.rps * ASSUMPTIONS.headroom));
    const page = pages.find((p) => p.key === key);
    measured.planned.push({ key, name, rate, result: await measure(`${name} at ${rate} req/s`, origin, page.path, page.headers, { rate }) });
  }
  // Every guest page rendered (no guest cache), on a second server while the first idles.
  const uncached = await step("start a second server with GUEST_CACHE_TTL_MS=0", async () =>
    startAppServer({ buildDir: config.buildDir, databasePath, port: await freePort(), extraEnv: { GUEST_CACHE_TTL_MS: "0" } }),
  );
  try {
    await step(`warm the second server: GET /deals (guest) (${config.serverWarmup} s)`, () => warmServer([{ url: `${uncached.origin}/deals` }], config.serverWarmup));
    await drain(uncached.origin);
    measured.loads.push({ key: "dealsUncached", name: "GET /deals (guest, no guest cache)", result: await measure("GET /deals (guest, no guest cache)", uncached.origin, "/deals", {}, { drainOrigin: uncached.origin, servedBy: workerPidsOf(uncached) }) });
  } finally {
    await stopChild(uncached);
  }
  const apiResult = await measure("GET /api/deals?limit=100", origin, "/api/deals?limit=100", {});
  measured.api.push({ name: "GET /api/deals?limit=100 (guest)", result: apiResult });

  // The checkout mix, then the invariant straight from SQLite.
  const mix = await step(`checkout mix: sign in ${config.checkoutUsers} users (POST /api/auth/login) and find their groups`, () =>
    prepareCheckoutMix(origin, { pool: seeded.checkoutPool, users: config.checkoutUsers, password: BENCH_PASSWORD, slugs: seeded.dealSlugs, maxLoginSeconds: config.loginSeconds }),
  );
  log(`checkout users ready: ${mix.users.length} (${mix.loginFailures} failed logins, ${mix.loginSeconds.toFixed(1)} s)`);
  await drain(origin);
  measured.checkout = await step("load: checkout mix", async () => {
    const logBefore = server.log().length;
    const [serverCpuBefore, clientCpuBefore] = [processesCpuMs(serverPids), process.cpuUsage()];
    const result = await checkoutMix(origin, { users: mix.users, linesByCommunity: mix.linesByCommunity, connections: config.connections, duration: config.duration });
    // Each is a round here: POST /api/cart, then POST /api/checkout.
    Object.assign(result, cpuPerRequest(result.checkouts, processesCpuMs(serverPids) - serverCpuBefore, process.cpuUsage(clientCpuBefore)));
    result.drainSeconds = await drain(origin);
    result.serverErrors = server.log().slice(logBefore).split("\n").filter((line) => /error/i.test(line)).length;
    return result;
  });
  log(`checkout answers: cart ${JSON.stringify(measured.checkout.tally.cart)}, checkout ${JSON.stringify(measured.checkout.tally.checkout)}`);
  measured.invariant = checkRevenueInvariant(databasePath, measured.checkout.startedAt);
  log(`revenue invariant: ${measured.invariant.ok ? "PASS" : "FAIL"} (${measured.invariant.cycles} active cycles, ${measured.invariant.mismatches.length} mismatches)`);
  for (const m of measured.invariant.mismatches.slice(0, 5)) log(`  cycle ${m.id}: current_revenue ${m.revenue} vs orders ${m.ordersTotal}`);
  // Signed-in /deals flat out again while checkouts are written as the capacity model assumes
  // (one round for every ASSUMPTIONS.pagesPerOrder pages at the rate the row above measured):
  // every commit empties the workers' kept reads, which the page rows above keep all along.
  const dealsSignedInRow = measured.loads.find((l) => l.key === "dealsSignedIn")?.result;
  if (dealsSignedInRow?.rps > 0 && mix.users.length > 0) {
    const rate = dealsSignedInRow.rps / ASSUMPTIONS.pagesPerOrder;
    const name = `GET /deals (signed in) while ${rate.toFixed(0)} checkout rounds/s are written`;
    measured.withWrites = await step(`load: ${name}`, async () => {
      await warmUp(`${origin}/deals`, signedIn, config.warmup);
      await drain(origin);
      const [serverCpuBefore, clientCpuBefore] = [processesCpuMs(serverPids), process.cpuUsage()];
      const writer = checkoutTrickle(origin, mix, rate);
      const result = await load({ url: `${origin}/deals`, connections: config.connections, duration: config.duration, headers: signedIn });
      const writes = await writer.stop();
      // The CPU of pages and rounds together, per page: what a page costs in that hour.
      Object.assign(result, cpuPerRequest(result.requests, processesCpuMs(serverPids) - serverCpuBefore, process.cpuUsage(clientCpuBefore)), { name, plannedRate: rate, writes });
      result.drainSeconds = await drain(origin);
      return result;
    });
  }

  // 5. Lighthouse last: it needs the server idle.
  if (config.lighthouse) {
    await drain(origin);
    measured.lighthouse = await step(`lighthouse (mobile, 4 pages, ${config.lighthouseRuns} runs each)`, () =>
      runLighthouse(origin, [{ path: "/" }, { path: "/deals" }, { path: slugPath }, { path: "/cart", headers: signedIn }], { runs: config.lighthouseRuns }),
    );
    // The same first paint in a real browser, throttled (issue #14): time to the first deal card.
    measured.firstCard = await step("first deal card on /deals (Chromium throttled through CDP)", () =>
      measureFirstCard(origin, { runs: config.lighthouseRuns }).catch((error) => ({ error: error.message })),
    );
  }
  measured.seeded = seeded;
  const errorLines = server.log().split("\n").filter((line) => /error/i.test(line));
  if (errorLines.length) log(`the server logged ${errorLines.length} error lines; the last ones:\n${errorLines.slice(-5).join("\n")}`);
} catch (error) {
  failure = error;
} finally {
  await stopAll();
  removeTmp();
}

// 6. One table, also when a step failed (what was not measured prints n/a).
const rows = buildRows(measured);
const table = formatTable(rows);
const capacity = capacityModel(measured, os.cpus().length);
const m = machine();
console.log("");
console.log(`Shuk Kehilati benchmark, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB, Node ${m.node}`);
console.log(table);
console.log(`\n${capacity.join("\n")}`);
const loadAfter = os.loadavg();
console.log(`\nLoad average (1/5/15 min) before: ${loadBefore.map((l) => l.toFixed(1)).join(" ")}; after: ${loadAfter.map((l) => l.toFixed(1)).join(" ")}; 1-min peak at step ends ${peakLoad.toFixed(1)}.`);
const { held, missed, total } = summary(rows);
console.log(`\n${held} of ${total} budgets hold.${missed.length ? ` Missed: ${missed.join("; ")}.` : ""}`);
const slow = [...steps].sort((a, b) => b.seconds - a.seconds).slice(0, 4);
console.log(`Slowest steps: ${slow.map((s) => `${s.name} ${s.seconds.toFixed(0)} s`).join(", ")}; total ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
if (failure) console.error(`\nThe run failed: ${failure.stack ?? failure}`);

if (config.writeReadme && !failure) {
  const c = measured.seeded?.counts ?? {};
  const sizes = seedSizes();
  const fmt = (value) => (typeof value === "number" ? value.toLocaleString("en-US") : "n/a");
  const notes = [
    `Data: ${fmt(c.communities)} communities, ${fmt(c.deals)} active deals (${fmt(c.groups)} groups), ${fmt(c.users)} users, ${fmt(c.orders)} orders (${fmt(sizes.orders)} over ${sizes.closedWeeks} closed weeks of each community, ${fmt(sizes.openOrders)} in the open weeks), ${fmt(c.reviews)} reviews, ${fmt(c.favorites)} favorites, ${fmt(c.notifications)} notifications.`,
    `Load: autocannon in the bench process (one thread), ${config.connections} connections, ${config.duration} s per test after a ${config.warmup} s warm-up, each server first warmed for ${config.serverWarmup} s (its JIT; warmServer in load.mjs); the server is \`node ${config.buildDir}/start.js\` (NODE_ENV=production) on 127.0.0.1; /cart and /orders use the session cookie of a user with ${measured.seeded?.pageUser.orders} orders and ${measured.seeded?.pageUser.cartLines} cart lines.`,
    `Checkout mix: ${measured.checkout ? `${fmt(measured.checkout.usersUsed)} distinct users for ${fmt(Object.values(measured.checkout.tally.cart).reduce((a, b) => a + b, 0))} rounds` : "n/a"} (bearer tokens; a round is POST /api/cart then POST /api/checkout); answers ${measured.checkout ? `cart ${JSON.stringify(measured.checkout.tally.cart)}, checkout ${JSON.stringify(measured.checkout.tally.checkout)}` : "n/a"}.`,
    measured.lighthouse?.available
      ? `Lighthouse ${measured.lighthouse.settings ? `RTT ${measured.lighthouse.settings.throttling.rttMs} ms, ${(measured.lighthouse.settings.throttling.throughputKbps / 1024).toFixed(1)} Mbps, CPU x${measured.lighthouse.settings.throttling.cpuSlowdownMultiplier}, benchmarkIndex ${measured.lighthouse.settings.benchmarkIndex}` : ""}; Chromium ${chromiumVersion()}.`
      : `Lighthouse: ${measured.lighthouse ? measured.lighthouse.reason : "skipped (BENCH_LIGHTHOUSE=0)"}.`,
    `Load average (1/5/15 min) of the machine before the run ${loadBefore.map((l) => l.toFixed(1)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(1)).join(" ")}, 1-minute peak ${peakLoad.toFixed(1)} (the bench itself keeps about 2 busy, server and autocannon; above ~1 before the run or well above 2 means other processes shared the ${m.cores} cores).`,
    `Steps: ${steps.map((s) => `${s.name.replace(/ \(.*\)$/, "")} ${s.seconds.toFixed(0)} s`).join("; ")}; total ${((Date.now() - t0) / 1000).toFixed(0)} s.`,
  ];
  notes.push(...capacity.map((line, i) => (i === 0 ? `Capacity model: ${line}` : line)));
  writeReadme(path.join(root, "bench", "README.md"), { table, notes, startedAt });
  console.log("Table written to bench/README.md.");
}

function chromiumVersion() {
  const agent = measured.lighthouse?.settings?.chrome ?? "";
  return /Chrome\/([\d.]+)/.exec(agent)?.[1] ?? "unknown";
}

process.exitCode = failure ? 1 : 0;
