// `node bench/tools/ab.mjs [path ...]`: the CPU one request costs, build against build, for a change on
// the server path. Profiles (bench/tools/profile.mjs) say where the time goes but swing ±10 % from run
// to run; this asks one page at a time (no profiler) of one worker per build, so a worker's CPU
// time over its requests is the page's cost and little else. The builds' servers run side by
// side and take turns request by request, so whatever the machine does meanwhile (its speed
// drifted by a third within minutes on some of our machines) falls on all of them alike; each
// round gives every build's cost and their ratio to the first build's, and the medians are
// printed.
// AB_BUILDS (default "build-base,build"): build folders; AB_ROUNDS (6); AB_REQUESTS (600 per
// round and build) after AB_WARMUP requests (1,500 each: a fresh worker's JIT takes about that
// many pages to settle, see warmServer in load.mjs). Paths as profile.mjs takes them
// ("guest:/deals" renders for a guest with the guest cache off, "/deals/<slug>" the bench's
// first deal); "checkout" is a round of the bench's checkout mix (POST /api/cart, then POST
// /api/checkout, by bearer token), AB_CHECKOUTS (200) rounds per round and build after 400 to
// warm. It uses profile.mjs's seeded database, PROFILE_DB (default /tmp/shuk-profile.db): run
// profile.mjs once first. The checkout rounds add orders to it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asReturningBrowser, CHECKOUT_BODY, pageSignIn, prepareCheckoutMix } from "../load.mjs";
import { BENCH_PASSWORD } from "../seed-large.mjs";
import { freePort, killAllNow, processCpuMs, startAppServer, stopChild, workerPidOf } from "../server.mjs";

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
const builds = (process.env.AB_BUILDS ?? "build-base,build").split(",");
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const requests = Number(process.env.AB_REQUESTS ?? 600);
const checkoutRounds = Number(process.env.AB_CHECKOUTS ?? 200);
const warmupRequests = Number(process.env.AB_WARMUP ?? 1_500);
const databasePath = process.env.PROFILE_DB ?? path.join(os.tmpdir(), "shuk-profile.db");
const seedFile = `${databasePath}.seed.json`;
if (!fs.existsSync(seedFile)) {
  console.error(`No seeded database at ${databasePath}: run \`node bench/tools/profile.mjs\` once first.`);
  process.exit(1);
}
// Each build's server opens its own copy (a server locks its database file). AB_DATABASES: the
// files to copy, one per build in the builds' order, for a change to the file itself (say, what
// statistics it keeps); by default every build copies PROFILE_DB.
const sources = process.env.AB_DATABASES?.split(",") ?? builds.map(() => databasePath);
if (sources.length !== builds.length) throw new Error(`AB_DATABASES names ${sources.length} files for ${builds.length} builds`);
const copies = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-ab-"));
const databases = sources.map((source, index) => {
  const copy = path.join(copies, `${index}.db`);
  fs.copyFileSync(source, copy);
  return copy;
});
process.on("exit", () => fs.rmSync(copies, { recursive: true, force: true }));
const { pageUser, slug, dealSlugs, checkoutPool } = JSON.parse(fs.readFileSync(seedFile, "utf8"));
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/deals"];
process.on("SIGINT", () => {
  killAllNow();
  process.exit(130);
});

async function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 200)}`);
  await response.arrayBuffer();
}

/** One unit of work for a server: a page, or a checkout round with the next user. */
async function workFor(server, target) {
  if (target === "checkout") {
    const mix = await prepareCheckoutMix(server.origin, { pool: checkoutPool, users: 200, password: BENCH_PASSWORD, slugs: dealSlugs, maxLoginSeconds: 60 });
    let next = 0;
    return async () => {
      const user = mix.users[next++ % mix.users.length];
      const lines = mix.linesByCommunity.get(user.communityId);
      const headers = { "Content-Type": "application/json", Authorization: `Bearer ${user.token}` };
      await expectStatus(await fetch(`${server.origin}/api/cart`, { method: "POST", headers, body: JSON.stringify(lines[next % lines.length]) }), 201, "POST /api/cart");
      await expectStatus(await fetch(`${server.origin}/api/checkout`, { method: "POST", headers, body: CHECKOUT_BODY }), 201, "POST /api/checkout");
    };
  }
  const guest = target.startsWith("guest:");
  const pagePath = (guest ? target.slice("guest:".length) : target).replace("<slug>", slug);
  // No compression, as autocannon asks in the bench (fetch would ask for gzip and br).
  const headers = { "Accept-Encoding": "identity", ...(guest ? {} : { Cookie: await asReturningBrowser(server.origin, await pageSignIn(server.origin, pageUser.email, BENCH_PASSWORD)) }) };
  return async () => expectStatus(await fetch(`${server.origin}${pagePath}`, { headers }), 200, pagePath);
}

/** Per round, the CPU ms one unit of `target` cost each build's worker, the builds taking turns. */
async function measure(target) {
  const guest = target.startsWith("guest:");
  const servers = [];
  try {
    for (const [index, buildDir] of builds.entries()) {
      servers.push(await startAppServer({ buildDir, databasePath: databases[index], port: await freePort(), extraEnv: { WEB_CONCURRENCY: "1", ...(guest ? { GUEST_CACHE_TTL_MS: "0" } : {}) } }));
    }
    const work = [];
    for (const server of servers) work.push(await workFor(server, target));
    const units = target === "checkout" ? checkoutRounds : requests;
    // Warm: the JIT, the prepared statements, SQLite's page cache.
    const warmUnits = target === "checkout" ? 2 * checkoutRounds : warmupRequests;
    for (let i = 0; i < warmUnits; i++) for (const ask of work) await ask();
    const workers = servers.map(workerPidOf);
    const costs = servers.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const before = workers.map(processCpuMs);
      for (let i = 0; i < units; i++) {
        // Who goes first alternates, so neither always follows the other.
        const order = i % 2 ? [...work.keys()].reverse() : [...work.keys()];
        for (const index of order) await work[index]();
      }
      workers.forEach((pid, index) => costs[index].push((processCpuMs(pid) - before[index]) / units));
    }
    return costs;
  } finally {
    await Promise.all(servers.map((server) => stopChild(server)));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const target of paths) {
  const costs = await measure(target);
  const unit = target === "checkout" ? `a checkout round (${checkoutRounds} a round)` : `a request (${requests} a round)`;
  console.log(`\n${target}: CPU ms ${unit}, one worker per build, one at a time, builds taking turns; ${rounds} rounds`);
  builds.forEach((build, index) => {
    const ratios = costs[index].map((cost, round) => cost / costs[0][round]);
    const ratio = index === 0 ? "" : `   ratio to ${builds[0]}: median ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(3)).join(" ")})`;
    console.log(`  ${build.padEnd(14)} median ${median(costs[index]).toFixed(2)}   rounds ${costs[index].map((v) => v.toFixed(2)).join(" ")}${ratio}`);
  });
}
