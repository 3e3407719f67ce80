// `npm run bench`: build, seed a large temporary database, start the production server on it,
// measure (page weight, the signed-in pages flat out and at the planned load, guests, checkouts
// and the revenue invariant, memory under distinct URLs, Lighthouse), print one table against
// the budgets and keep it in bench/README.md. Measures and prints; asserts nothing about
// timings. Servers and temporary files go away at the end, also on failure or Ctrl-C.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asReturningBrowser, checkoutMix, checkoutTrickle, checkRevenueInvariant, drain, load, pageSignIn, prepareCheckoutMix, warmServer, warmUp } from "./load.mjs";
import { openLoop } from "./open-loop.mjs";
import { memoryLoad } from "./memory.mjs";
import { runLighthouse } from "./lighthouse.mjs";
import { BENCH_PASSWORD, seedLarge, seedSizes } from "./seed-large.mjs";
import { freePort, killAllNow, processesCpuMs, startAppServer, stopAll, stopChild, workerPidsOf } from "./server.mjs";
import { ASSUMPTIONS, capacityModel } from "./capacity.mjs";
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
  serverWarmup: num("BENCH_SERVER_WARMUP", 40),
  checkoutUsers: num("BENCH_CHECKOUT_USERS", 2_000),
  loginSeconds: num("BENCH_LOGIN_SECONDS", 90),
  memorySeconds: num("BENCH_MEMORY_SECONDS", 60),
  memoryClients: num("BENCH_MEMORY_CLIENTS", 16),
  buildDir: env.BENCH_BUILD_DIR ?? "build-bench",
  skipBuild: env.BENCH_SKIP_BUILD === "1",
  lighthouse: env.BENCH_LIGHTHOUSE !== "0",
  lighthouseRuns: Math.max(1, num("BENCH_LIGHTHOUSE_RUNS", 3)),
  writeReadme: env.BENCH_README !== "0",
};
// What Chromium sends: every answer is compressed as it goes out, as for a shopper's browser.
const BROWSER_ENCODINGS = { "Accept-Encoding": "gzip, deflate, br, zstd" };

const startedAt = new Date();
const t0 = Date.now();
const steps = [];
let peakLoad = os.loadavg()[0];
const log = (message) => console.log(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(4)} s] ${message}`);

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
const measured = { signedIn: [], planned: [], guests: [], weight: {}, config };
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
  // The app migrates an empty file (and seeds its demo data, whose catalogue the large set copies).
  await step("migrate (one server start on an empty database)", async () => {
    await stopChild(await startAppServer({ buildDir: config.buildDir, databasePath, port: await freePort() }));
  });
  const seeded = await step("seed the large data set (bench/seed-large.mjs)", () => seedLarge(databasePath, seedSizes()));
  log(`seeded ${Object.entries(seeded.counts).map(([k, v]) => `${k} ${v}`).join(", ")}`);
  const slugPath = `/deals/${seeded.dealSlugs[0]}`;
  measured.slugPath = slugPath;
  measured.seeded = seeded;

  const server = await step("start the production server", async () => startAppServer({ buildDir: config.buildDir, databasePath, port: await freePort() }));
  const origin = server.origin;
  const serverPids = workerPidsOf(server);
  // A shopper at the deadline has been here before: their browser keeps the stylesheet's file.
  const signIn = async (email) => asReturningBrowser(origin, await pageSignIn(origin, email, BENCH_PASSWORD));
  const cookie = await signIn(seeded.pageUser.email);
  log(`page user ${seeded.pageUser.email}: ${seeded.pageUser.orders} orders, ${seeded.pageUser.cartLines} cart lines; workers ${serverPids.join(", ")}`);

  measured.weight = await step("page weight", () => weighPages(origin, ["/", "/deals", slugPath, "/terms", "/privacy", "/about"]));

  const asShopper = { Cookie: cookie, ...BROWSER_ENCODINGS };
  const signedInPages = [
    { key: "dealsSignedIn", name: "GET /deals (signed in)", path: "/deals" },
    { key: "dealSignedIn", name: "GET /deals/<slug> (signed in)", path: slugPath },
    { key: "cart", name: "GET /cart (signed in)", path: "/cart" },
    { key: "orders", name: "GET /orders (signed in)", path: "/orders" },
    { key: "profile", name: "GET /profile (signed in)", path: "/profile" },
  ];
  const guestPages = [
    { key: "home", name: "GET / (guest)", path: "/" },
    { key: "deals", name: "GET /deals (guest)", path: "/deals" },
    { key: "dealsQuery", name: "GET /deals?category=vegetables&sort=price_asc&page=3 (guest)", path: "/deals?category=vegetables&sort=price_asc&page=3" },
    { key: "deal", name: "GET /deals/<slug> (guest)", path: slugPath },
    { key: "api", name: "GET /api/deals?limit=100 (guest)", path: "/api/deals?limit=100" },
  ];
  // A fresh worker's JIT needs about half a minute of traffic before a page costs what it costs
  // for the rest of the day; a server at a deadline has been up for days.
  await step(`warm the server (${config.serverWarmup} s)`, () =>
    warmServer([...signedInPages.map((page) => ({ url: `${origin}${page.path}`, headers: asShopper })), { url: `${origin}${slugPath}` }], config.serverWarmup),
  );
  await drain(origin);

  /** The CPU ms each of `count` requests (or rounds) cost the workers and this process since then. */
  const cpuEach = (count, serverCpuBefore, clientCpuBefore) => {
    if (!(count > 0)) return {};
    const client = process.cpuUsage(clientCpuBefore);
    return { serverCpuMsEach: (processesCpuMs(serverPids) - serverCpuBefore) / count, clientCpuMsEach: (client.user + client.system) / 1000 / count };
  };
  /**
   * One load row: flat out (autocannon, after a short warm-up) or, with `rate`, open-loop random
   * arrivals. Besides latency and throughput, the CPU a request cost the workers (/proc) and this
   * process, the load generator; error lines the server logged meanwhile are counted.
   */
  async function measure(name, pathAndQuery, headers, { rate } = {}) {
    return step(`load: ${name}`, async () => {
      const url = `${origin}${pathAndQuery}`;
      if (!rate) await warmUp(url, headers, config.warmup);
      await drain(origin);
      const logBefore = server.log().length;
      const [serverCpuBefore, clientCpuBefore] = [processesCpuMs(serverPids), process.cpuUsage()];
      const result = rate ? await openLoop({ url, rate, seconds: config.duration, headers }) : await load({ url, connections: config.connections, duration: config.duration, headers });
      Object.assign(result, cpuEach(result.requests, serverCpuBefore, clientCpuBefore));
      await drain(origin);
      result.serverErrors = server.log().slice(logBefore).split("\n").filter((line) => /error/i.test(line)).length;
      return result;
    });
  }
  for (const page of signedInPages) {
    measured.signedIn.push({ ...page, result: await measure(`${page.name}, compressed`, page.path, asShopper) });
  }
  // The planned load: the capacity model's headroom times each page's flat-out rate.
  for (const { key, name, path: pagePath, result } of measured.signedIn.filter((l) => l.result.rps > 0)) {
    const rate = Math.max(1, Math.round(result.rps * ASSUMPTIONS.headroom));
    measured.planned.push({ key, name, rate, result: await measure(`${name} at ${rate} req/s, Poisson arrivals`, pagePath, asShopper, { rate }) });
  }
  for (const page of guestPages) {
    measured.guests.push({ ...page, result: await measure(page.name, page.path, {}) });
  }

  // The checkout mix, then the invariant straight from SQLite.
  const mix = await step(`checkout mix: sign in ${config.checkoutUsers} users (POST /api/auth/login) and find their groups`, () =>
    prepareCheckoutMix(origin, { pool: seeded.checkoutPool, users: config.checkoutUsers, password: BENCH_PASSWORD, slugs: seeded.dealSlugs, maxLoginSeconds: config.loginSeconds }),
  );
  log(`checkout users ready: ${mix.users.length} (${mix.loginFailures} failed logins, ${mix.loginSeconds.toFixed(1)} s)`);
  await drain(origin);
  measured.checkout = await step("load: checkout mix", async () => {
    const [serverCpuBefore, clientCpuBefore] = [processesCpuMs(serverPids), process.cpuUsage()];
    const result = await checkoutMix(origin, { users: mix.users, linesByCommunity: mix.linesByCommunity, connections: config.connections, duration: config.duration });
    // A round is POST /api/cart, then POST /api/checkout.
    Object.assign(result, cpuEach(result.checkouts, serverCpuBefore, clientCpuBefore));
    await drain(origin);
    return result;
  });
  log(`checkout answers: cart ${JSON.stringify(measured.checkout.tally.cart)}, checkout ${JSON.stringify(measured.checkout.tally.checkout)}`);
  measured.invariant = checkRevenueInvariant(databasePath, measured.checkout.startedAt);
  log(`revenue invariant: ${measured.invariant.ok ? "PASS" : "FAIL"} (${measured.invariant.cycles} active cycles, ${measured.invariant.mismatches.length} mismatches)`);
  for (const m of measured.invariant.mismatches.slice(0, 5)) log(`  cycle ${m.id}: current_revenue ${m.revenue} vs orders ${m.ordersTotal}`);

  // Signed-in /deals flat out while checkouts are written as the capacity model assumes (one
  // round for every pagesPerOrder pages at that row's rate): what a page costs in the last hour.
  const dealsRow = measured.signedIn.find((l) => l.key === "dealsSignedIn")?.result;
  if (dealsRow?.rps > 0 && mix.users.length > 0) {
    const rate = dealsRow.rps / ASSUMPTIONS.pagesPerOrder;
    const name = `GET /deals (signed in), compressed, while ${rate.toFixed(0)} checkout rounds/s are written`;
    measured.withWrites = await step(`load: ${name}`, async () => {
      await warmUp(`${origin}/deals`, asShopper, config.warmup);
      await drain(origin);
      const [serverCpuBefore, clientCpuBefore] = [processesCpuMs(serverPids), process.cpuUsage()];
      const writer = checkoutTrickle(origin, mix, rate);
      const result = await load({ url: `${origin}/deals`, connections: config.connections, duration: config.duration, headers: asShopper });
      result.writes = await writer.stop();
      // The CPU of pages and rounds together, per page (capacity.mjs takes the rounds' share out).
      Object.assign(result, cpuEach(result.requests, serverCpuBefore, clientCpuBefore), { name });
      await drain(origin);
      return result;
    });
  }

  // Memory: each worker's RSS before and after many distinct URLs, signed in and as guests.
  const cookies = [cookie];
  for (const user of seeded.checkoutPool.slice(-3)) cookies.push(await signIn(user.email));
  await drain(origin);
  measured.memory = await step(`memory: ${config.memoryClients} clients, ${config.memorySeconds} s of distinct URLs`, () =>
    memoryLoad({ origin, pids: serverPids, cookies, slugs: seeded.dealSlugs, clients: config.memoryClients, seconds: config.memorySeconds, headers: BROWSER_ENCODINGS }),
  );
  const alive = new Set(workerPidsOf(server));
  measured.memory.pids.forEach((pid, i) => {
    if (!alive.has(pid)) measured.memory.after[i] = null;
    log(`worker ${pid} RSS: ${measured.memory.before[i]?.toFixed(0)} MB before, ${measured.memory.after[i]?.toFixed(0) ?? "gone"} MB after (peak ${measured.memory.peak[i]?.toFixed(0)} MB)`);
  });
  await drain(origin);

  // Lighthouse last: it needs the server idle.
  if (config.lighthouse) {
    measured.lighthouse = await step(`lighthouse (mobile, 4 pages, ${config.lighthouseRuns} runs each)`, () =>
      runLighthouse(origin, [{ path: "/" }, { path: "/deals" }, { path: slugPath }, { path: "/cart", headers: { Cookie: cookie } }], { runs: config.lighthouseRuns }),
    );
  }
  const errorLines = server.log().split("\n").filter((line) => /error/i.test(line));
  if (errorLines.length) log(`the server logged ${errorLines.length} error lines; the last ones:\n${errorLines.slice(-5).join("\n")}`);
} catch (error) {
  failure = error;
} finally {
  await stopAll();
  removeTmp();
}

// One table, also when a step failed (what was not measured prints n/a).
const m = machine();
measured.capacity = capacityModel(measured, m.cores);
const rows = buildRows(measured);
const table = formatTable(rows);
const capacity = measured.capacity?.lines ?? ["Capacity model: n/a (the signed-in pages or the checkout mix were not measured)."];
const loadAfter = os.loadavg();
const loads = `Load average (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(1)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(1)).join(" ")}, 1-minute peak ${peakLoad.toFixed(1)} (the bench keeps about 2 busy; more means other processes shared the ${m.cores} cores).`;
const { held, missed, total } = summary(rows);
console.log(`\nShuk Kehilati benchmark, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${m.cores} cores, ${m.memoryGiB.toFixed(1)} GiB, Node ${m.node}`);
console.log(table);
console.log(`\n${capacity.join("\n")}\n\n${loads}`);
console.log(`\n${held} of ${total} budgets hold.${missed.length ? ` Missed: ${missed.join("; ")}.` : ""}`);
console.log(`Total ${((Date.now() - t0) / 1000).toFixed(0)} s; slowest steps: ${[...steps].sort((a, b) => b.seconds - a.seconds).slice(0, 4).map((s) => `${s.name} ${s.seconds.toFixed(0)} s`).join(", ")}.`);
if (failure) console.error(`\nThe run failed: ${failure.stack ?? failure}`);

if (config.writeReadme && !failure) {
  const c = measured.seeded?.counts ?? {};
  const fmt = (value) => (typeof value === "number" ? value.toLocaleString("en-US") : "n/a");
  const lh = measured.lighthouse;
  const notes = [
    `Data: ${fmt(c.communities)} communities, ${fmt(c.deals)} active deals (${fmt(c.groups)} groups), ${fmt(c.users)} users, ${fmt(c.orders)} orders, ${fmt(c.reviews)} reviews, ${fmt(c.favorites)} favorites, ${fmt(c.notifications)} notifications; the page user has ${measured.seeded?.pageUser.orders} orders and ${measured.seeded?.pageUser.cartLines} cart lines.`,
    `Server: \`node ${config.buildDir}/start.js\` (NODE_ENV=production) on 127.0.0.1, warmed ${config.serverWarmup} s; flat-out rows ${config.connections} connections for ${config.duration} s after ${config.warmup} s; checkout mix ${measured.checkout ? `${fmt(measured.checkout.usersUsed)} users, answers cart ${JSON.stringify(measured.checkout.tally.cart)}, checkout ${JSON.stringify(measured.checkout.tally.checkout)}` : "n/a"}.`,
    lh?.available ? `Lighthouse benchmarkIndex ${lh.settings?.benchmarkIndex} (below ~900 the machine was busy); ${/Chrome\/[\d.]+/.exec(lh.settings?.chrome ?? "")?.[0] ?? "Chromium"}.` : `Lighthouse: ${lh ? lh.reason : "skipped (BENCH_LIGHTHOUSE=0)"}.`,
    loads,
    `Steps: ${steps.map((s) => `${s.name.replace(/ \(.*\)$/, "")} ${s.seconds.toFixed(0)} s`).join("; ")}; total ${((Date.now() - t0) / 1000).toFixed(0)} s.`,
    ...capacity,
  ];
  writeReadme(path.join(root, "bench", "README.md"), { table, notes, startedAt });
  console.log("Table written to bench/README.md.");
}
process.exitCode = failure ? 1 : 0;
