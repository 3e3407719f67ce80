// `node bench/tools/ab-load.mjs [path]`: two or more production servers under the same crowd, taking
// turns. ab.mjs asks one page at a time, which is not what the budgets measure: under 50
// connections a change can help or hurt differently (a larger young generation cost more one
// page at a time and less under load; decision record 016, session 22). Here every variant is a
// whole server (the supervisor and its workers, as `npm start` runs them) on its own copy of
// profile.mjs's seeded database; the variants are loaded one after another at 50 connections,
// and each round starts with the next variant, so a machine that speeds up or slows down over
// minutes falls on all of them alike. Each round prints every variant's req/s, p99 and the
// workers' CPU per page; the medians come last.
//
// AB_VARIANTS: a JSON list of {"name", "build", "flags": [node flags], "env": {...}, "headers":
//   {...} (request headers for this variant alone)}, default
//   the builds "build-base" and "build" with no flags;
// AB_ROUNDS (6), AB_SECONDS (8 per variant and round), AB_CONNECTIONS (50),
// AB_WARMUP (30 s per variant before the first round: a fresh worker's JIT, see warmServer),
// AB_HEADERS: a JSON object of request headers to add, say {"Accept-Encoding": "gzip, deflate,
//   br, zstd"} for the compressed answers a browser asks for (autocannon asks for none).
// The path is signed in as the bench's page user unless it starts with "guest:"; "<slug>" is
// the bench's first deal.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asReturningBrowser, load, pageSignIn, warmServer } from "../load.mjs";
import { BENCH_PASSWORD } from "../seed-large.mjs";
import { freePort, killAllNow, processesCpuMs, startAppServer, stopChild, workerPidsOf } from "../server.mjs";

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
const variants = JSON.parse(process.env.AB_VARIANTS ?? '[{"name":"base","build":"build-base"},{"name":"new","build":"build"}]');
const rounds = Number(process.env.AB_ROUNDS ?? 6);
const seconds = Number(process.env.AB_SECONDS ?? 8);
const connections = Number(process.env.AB_CONNECTIONS ?? 50);
const warmupSeconds = Number(process.env.AB_WARMUP ?? 30);
const extraHeaders = JSON.parse(process.env.AB_HEADERS ?? "{}");
const databasePath = process.env.PROFILE_DB ?? path.join(os.tmpdir(), "shuk-profile.db");
const seedFile = `${databasePath}.seed.json`;
if (!fs.existsSync(seedFile)) {
  console.error(`No seeded database at ${databasePath}: run \`node bench/tools/profile.mjs\` once first.`);
  process.exit(1);
}
const { pageUser, slug } = JSON.parse(fs.readFileSync(seedFile, "utf8"));
const target = process.argv[2] ?? "/deals";
const guest = target.startsWith("guest:");
const pagePath = (guest ? target.slice("guest:".length) : target).replace("<slug>", slug);
const copies = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-ab-load-"));
process.on("SIGINT", () => {
  killAllNow();
  fs.rmSync(copies, { recursive: true, force: true });
  process.exit(130);
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const servers = [];
try {
  for (const [index, variant] of variants.entries()) {
    const copy = path.join(copies, `${index}.db`);
    fs.copyFileSync(databasePath, copy);
    const server = await startAppServer({
      buildDir: variant.build,
      databasePath: copy,
      port: await freePort(),
      nodeFlags: variant.flags ?? [],
      extraEnv: { ...(guest ? { GUEST_CACHE_TTL_MS: "0" } : {}), ...variant.env },
    });
    const headers = { ...extraHeaders, ...variant.headers, ...(guest ? {} : { Cookie: await asReturningBrowser(server.origin, await pageSignIn(server.origin, pageUser.email, BENCH_PASSWORD)) }) };
    servers.push({ variant, server, url: `${server.origin}${pagePath}`, headers, workers: workerPidsOf(server), results: [] });
  }
  for (const entry of servers) await warmServer([{ url: entry.url, headers: entry.headers }], warmupSeconds, { connections });
  console.log(`${pagePath}${guest ? " (guest, no guest cache)" : " (signed in)"}, ${connections} connections, ${seconds} s each${process.env.AB_HEADERS ? `, with ${process.env.AB_HEADERS}` : ""}`);
  for (let round = 0; round < rounds; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]);
    const line = [];
    for (const entry of order) {
      const before = processesCpuMs(entry.workers);
      const result = await load({ url: entry.url, connections, duration: seconds, headers: entry.headers });
      const cpuPerPage = (processesCpuMs(entry.workers) - before) / result.requests;
      if (result.non2xx || result.errors) throw new Error(`${entry.variant.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      entry.results.push({ rps: result.rps, p99: result.p99, cpuPerPage });
      line.push(`${entry.variant.name} ${result.rps.toFixed(0)} req/s p99 ${result.p99} ms ${cpuPerPage.toFixed(2)} ms`);
    }
    console.log(`round ${round + 1}: ${line.join(" | ")}`);
  }
  const first = servers[0];
  console.log("medians:");
  for (const entry of servers) {
    const wins = entry.results.filter((result, i) => result.rps > first.results[i].rps).length;
    console.log(
      `  ${entry.variant.name}: ${median(entry.results.map((r) => r.rps)).toFixed(0)} req/s, p99 ${median(entry.results.map((r) => r.p99))} ms, ` +
        `${median(entry.results.map((r) => r.cpuPerPage)).toFixed(2)} ms CPU a page` +
        (entry === first ? "" : `; more req/s than ${first.variant.name} in ${wins} of ${rounds} rounds`),
    );
  }
} finally {
  await Promise.all(servers.map(({ server }) => stopChild(server)));
  fs.rmSync(copies, { recursive: true, force: true });
}
