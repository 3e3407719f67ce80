// `node bench/ab.mjs [path ...]`: the CPU one request costs, build against build, for a change on
// the server path. Profiles (bench/profile.mjs) say where the time goes but swing ±10 % from run
// to run under 10 connections; this asks one page at a time (one connection, no profiler) of one
// worker, so a worker's CPU time over the requests is the page's cost and little else, and it
// alternates the builds round by round so the machine's drift falls on both.
// AB_BUILDS (default "build-base,build"): build folders; AB_ROUNDS (5); AB_REQUESTS (300 per
// round) after AB_WARMUP requests (1,500: a fresh worker's JIT takes about that many pages to
// settle, see warmServer in load.mjs). Paths as profile.mjs takes them ("guest:/deals" renders for a guest with the guest
// cache off, "/deals/<slug>" the bench's first deal); it uses profile.mjs's seeded database,
// PROFILE_DB (default /tmp/shuk-profile.db): run profile.mjs once first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asReturningBrowser, pageSignIn } from "./load.mjs";
import { BENCH_PASSWORD } from "./seed-large.mjs";
import { freePort, killAllNow, processCpuMs, startAppServer, stopChild, workerPidOf } from "./server.mjs";

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const builds = (process.env.AB_BUILDS ?? "build-base,build").split(",");
const rounds = Number(process.env.AB_ROUNDS ?? 5);
const requests = Number(process.env.AB_REQUESTS ?? 300);
const warmupRequests = Number(process.env.AB_WARMUP ?? 1_500);
const databasePath = process.env.PROFILE_DB ?? path.join(os.tmpdir(), "shuk-profile.db");
const seedFile = `${databasePath}.seed.json`;
if (!fs.existsSync(seedFile)) {
  console.error(`No seeded database at ${databasePath}: run \`node bench/profile.mjs\` once first.`);
  process.exit(1);
}
const { pageUser, slug } = JSON.parse(fs.readFileSync(seedFile, "utf8"));
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/deals"];
process.on("SIGINT", () => {
  killAllNow();
  process.exit(130);
});

/** CPU ms a request of `pagePath` costs the worker of a server started on `buildDir`. */
async function measure(buildDir, target) {
  const guest = target.startsWith("guest:");
  const pagePath = (guest ? target.slice("guest:".length) : target).replace("<slug>", slug);
  const server = await startAppServer({ buildDir, databasePath, port: await freePort(), extraEnv: { WEB_CONCURRENCY: "1", ...(guest ? { GUEST_CACHE_TTL_MS: "0" } : {}) } });
  try {
    // No compression, as autocannon asks in the bench (fetch would ask for gzip and br).
    const headers = { "Accept-Encoding": "identity", ...(guest ? {} : { Cookie: await asReturningBrowser(server.origin, await pageSignIn(server.origin, pageUser.email, BENCH_PASSWORD)) }) };
    const ask = async () => {
      const response = await fetch(`${server.origin}${pagePath}`, { headers });
      if (response.status !== 200) throw new Error(`${pagePath}: ${response.status}`);
      await response.arrayBuffer();
    };
    // Warm: the JIT, the prepared statements, SQLite's page cache.
    for (let i = 0; i < warmupRequests; i++) await ask();
    const worker = workerPidOf(server);
    const before = processCpuMs(worker);
    for (let i = 0; i < requests; i++) await ask();
    return (processCpuMs(worker) - before) / requests;
  } finally {
    await stopChild(server);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const target of paths) {
  const costs = new Map(builds.map((build) => [build, []]));
  for (let round = 0; round < rounds; round++) {
    for (const build of round % 2 ? [...builds].reverse() : builds) costs.get(build).push(await measure(build, target));
  }
  console.log(`\n${target}: CPU ms a request, one worker, one request at a time (${rounds} rounds of ${requests})`);
  for (const [build, values] of costs) console.log(`  ${build.padEnd(14)} median ${median(values).toFixed(2)}   rounds ${values.map((v) => v.toFixed(2)).join(" ")}`);
}
