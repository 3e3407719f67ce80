// The one table: each figure beside its budget (DESIGN.md "Budgets") with ✓/✗ (· for figures
// without a budget), and writing it into bench/README.md under the date and the machine.
import fs from "node:fs";
import os from "node:os";
import { ASSUMPTIONS, meanPageCpuMs, pageCostWithWrites } from "./capacity.mjs";

export const BUDGET = {
  pageCpuMs: 3,
  plannedP99Ms: 50,
  shoppersOn2Cores: 60_000,
  checkoutsPerSecond: 300,
  workerRssMb: 250,
  dealsJsGzip: 140_000,
  dealsHtmlGzip: 30_000,
  lighthousePerformance: 98,
  lighthouseAccessibility: 100,
  lcpMs: 1_500,
  tbtMs: 150,
};

const n = (value, digits = 0) =>
  value == null || Number.isNaN(value) ? "n/a" : value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const kB = (bytes) => (bytes == null ? "n/a" : `${n(bytes / 1000, 1)} kB`);
const mark = (ok) => (ok === null || ok === undefined ? "·" : ok ? "✓" : "✗");

/** Anything that went wrong in a load row; a row with any of it fails its budget. */
function loadIssues(r) {
  const parts = [];
  if (r.non2xx) parts.push(`${n(r.non2xx)} non-2xx`);
  if (r.errors) parts.push(`${n(r.errors)} errors${r.errorCodes?.length ? ` (${r.errorCodes.join(", ")})` : ""}`);
  if (r.timeouts) parts.push(`${n(r.timeouts)} timeouts`);
  if (r.serverErrors) parts.push(`server logged ${n(r.serverErrors)} error lines`);
  if (!r.requests) parts.push("no answer within the run");
  return parts.length ? ` !! ${parts.join(", ")}` : "";
}
const clean = (r) => Boolean(r?.requests > 0 && !r.non2xx && !r.errors && !r.timeouts);
const cpu = (r, unit = "request") => (r?.serverCpuMsEach == null ? "" : `; CPU a ${unit}: workers ${n(r.serverCpuMsEach, 2)} ms, load generator ${n(r.clientCpuMsEach, 2)} ms`);
/** A flat-out row's figure: throughput, latency, CPU and anything that went wrong. */
const flatOut = (r) => (r ? `${n(r.rps)} req/s, p99 ${n(r.p99)} ms, p50 ${n(r.p50)} ms${cpu(r)}${loadIssues(r)}` : "n/a (not run)");

/** Rows [measure, figure, budget, ok] from everything run.mjs measured (missing parts: n/a). */
export function buildRows(measured) {
  const { signedIn = [], planned = [], guests = [], checkout, invariant, withWrites, memory, capacity, weight = {}, lighthouse, slugPath, config } = measured;
  const rows = [];
  const section = (title) => rows.push({ section: title });

  section(`Signed-in pages, compressed as a browser asks (Accept-Encoding: gzip, deflate, br, zstd); autocannon flat out, ${config.connections} connections, ${config.duration} s each`);
  for (const { name, result } of signedIn) rows.push([name, flatOut(result), "(info)", null]);
  const pageCpu = meanPageCpuMs(signedIn);
  rows.push(["workers' CPU a signed-in page (mean of the 5 above)", pageCpu == null ? "n/a" : `${n(pageCpu, 2)} ms`, `≤ ${BUDGET.pageCpuMs} ms`, pageCpu != null && signedIn.every((l) => clean(l.result)) && pageCpu <= BUDGET.pageCpuMs]);

  section(`Planned load: Poisson arrivals at ${Math.round(ASSUMPTIONS.headroom * 100)} % of each page's flat-out rate, ${config.duration} s each, latency from the moment each request was due`);
  if (!planned.length) rows.push(["p99 of the signed-in pages at the planned load", "n/a (not run)", `< ${BUDGET.plannedP99Ms} ms`, false]);
  for (const { name, rate, result: r } of planned) {
    const figure = `${n(r.p99, 1)} ms (p50 ${n(r.p50, 1)} ms, max ${n(r.max)} ms, ${n(r.requests)} answers${cpu(r)}; sent late by ${n(r.sendLagP99, 1)} ms at p99)${loadIssues(r)}`;
    rows.push([`p99 ${name} at ${n(rate)} req/s`, figure, `< ${BUDGET.plannedP99Ms} ms`, clean(r) && r.p99 < BUDGET.plannedP99Ms]);
  }

  section("Checkouts and the capacity model");
  rows.push([
    "checkouts/s (POST /api/cart + /api/checkout)",
    checkout ? `${n(checkout.checkoutsPerSecond, 1)}/s (${n(checkout.checkouts)} in ${n(checkout.seconds, 1)} s, ${n(checkout.usersUsed)} users; p99 ${n(checkout.p99)} ms${cpu(checkout, "round")})${loadIssues(checkout)}` : "n/a (not run)",
    `≥ ${BUDGET.checkoutsPerSecond}/s, invariant`,
    Boolean(checkout && checkout.checkoutsPerSecond >= BUDGET.checkoutsPerSecond && invariant?.ok),
  ]);
  rows.push([
    "revenue invariant after the mix",
    invariant ? `${invariant.ok ? "PASS" : "FAIL"} (${invariant.cycles} open cycles, ${invariant.mismatches.length} off; ${n(invariant.newOrders)} new orders for ${n(checkout?.checkouts)} checkouts)` : "n/a (not run)",
    "PASS",
    Boolean(invariant?.ok),
  ]);
  if (withWrites) {
    const { rounds, failed } = withWrites.writes;
    const cost = pageCostWithWrites(measured);
    const costNote = cost ? `; /deals's own CPU ${n(cost.pageMs, 2)} ms against ${n(cost.quietMs, 2)} ms with nothing written` : "";
    rows.push([`${withWrites.name}`, `${flatOut(withWrites)}; ${n(rounds)} rounds${failed ? `, ${n(failed)} not 2xx` : ""}${costNote}`, "(info)", null]);
  }
  const shoppers = capacity?.shoppers(2);
  rows.push([
    "capacity model: shoppers ordering in the last hour, 2 cores",
    shoppers == null ? "n/a" : `${n(shoppers)} (${n(Math.floor(shoppers / (ASSUMPTIONS.orderingMembers * ASSUMPTIONS.lastHourShare)))} communities; the model is under the table)`,
    `≥ ${n(BUDGET.shoppersOn2Cores)}`,
    shoppers != null && shoppers >= BUDGET.shoppersOn2Cores,
  ]);

  section(`Memory: ${memory ? `${memory.clients} clients for ${memory.seconds} s` : "n/a"} of distinct search texts, pages, sorts and query strings, signed in and guests (VmRSS; MB = 1,000,000 bytes)`);
  if (!memory) rows.push(["RSS of each worker", "n/a (not run)", `< ${BUDGET.workerRssMb} MB`, false]);
  for (const [i, pid] of (memory?.pids ?? []).entries()) {
    const [before, after, peak] = [memory.before[i], memory.after[i], memory.peak[i]];
    const figure = after == null ? `n/a: worker ${pid} is gone (before ${n(before)} MB)` : `${n(before)} MB before, ${n(after)} MB after (peak ${n(peak)} MB)`;
    rows.push([`RSS of worker ${i + 1} (pid ${pid})`, figure, `< ${BUDGET.workerRssMb} MB`, after != null && after < BUDGET.workerRssMb]);
  }
  if (memory) {
    const failed = Object.entries(memory.statuses).filter(([status]) => !(Number(status) < 500)).reduce((sum, [, count]) => sum + count, 0);
    rows.push(["the memory load", `${n(memory.requests)} requests, ${n(memory.distinct)} distinct URLs; answers ${JSON.stringify(memory.statuses)}${failed ? ` !! ${n(failed)} errors or 5xx` : ""}`, "(info)", null]);
  }

  section(`Guests, flat out (information): autocannon, ${config.connections} connections, ${config.duration} s each, uncompressed`);
  for (const { name, result } of guests) rows.push([name, flatOut(result), "(info)", null]);

  section("Page weight (guest; gzip -9 of each file; kB = 1000 bytes)");
  const w = (path) => weight[path];
  const d = w("/deals");
  rows.push(["first-load JS /deals, gzip", d ? `${kB(d.js.gzip)} (${kB(d.js.raw)} raw, ${d.js.files} files)` : "n/a", `≤ ${kB(BUDGET.dealsJsGzip)}`, d ? d.js.gzip <= BUDGET.dealsJsGzip : false]);
  rows.push(["HTML /deals, gzip", d ? `${kB(d.html.gzip)} (${kB(d.html.raw)} raw${d.css.inline?.raw ? `; the stylesheet inlined in it, ${kB(d.css.inline.gzip)} gzip alone` : ""})` : "n/a", `≤ ${kB(BUDGET.dealsHtmlGzip)}`, d ? d.html.gzip <= BUDGET.dealsHtmlGzip : false]);
  const staticPages = ["/terms", "/privacy", "/about"];
  const staticJs = staticPages.map((p) => w(p)?.js.raw);
  rows.push([
    "JS on /terms, /privacy, /about",
    staticJs.map((b, i) => `${staticPages[i]} ${b == null ? "n/a" : `${n(b)} B`}`).join(", "),
    "none",
    staticJs.every((b) => b === 0),
  ]);
  for (const path of ["/", "/deals", slugPath, "/terms"]) {
    const page = w(path);
    if (!page) {
      rows.push([`weight ${path}`, "n/a", "(info)", null]);
      continue;
    }
    rows.push([
      `weight ${path === slugPath ? "/deals/<slug>" : path}`,
      `HTML ${kB(page.html.gzip)} / ${kB(page.html.raw)} · JS ${kB(page.js.gzip)} / ${kB(page.js.raw)} (${page.js.files}) · CSS ${page.css.files ? `${kB(page.css.gzip)} / ${kB(page.css.raw)}` : page.css.inline?.raw ? `inline in the HTML, ${kB(page.css.inline.gzip)} / ${kB(page.css.inline.raw)}` : "none"}`,
      "(gzip / raw)",
      null,
    ]);
  }

  section(`Lighthouse mobile (simulated slow 4G, 4x CPU; median of ${lighthouse?.runs ?? config.lighthouseRuns ?? 1} runs)`);
  const lhPages = ["/", "/deals", slugPath, "/cart"];
  if (!lighthouse && !config.lighthouse) {
    rows.push(["Lighthouse on /, /deals, /deals/<slug>, /cart", "n/a (skipped, BENCH_LIGHTHOUSE=0)", `≥ ${BUDGET.lighthousePerformance}, LCP < ${n(BUDGET.lcpMs / 1000, 1)} s, TBT < ${BUDGET.tbtMs} ms`, null]);
    return rows;
  }
  for (const path of lhPages) {
    const label = path === slugPath ? "/deals/<slug>" : path;
    const r = lighthouse?.available ? lighthouse.results[path] : null;
    if (!r || r.error) {
      const why = !lighthouse ? "n/a (not run)" : !lighthouse.available ? `n/a (${lighthouse.reason})` : `n/a (${r?.error ?? "not run"})`;
      rows.push([`${label} performance`, why, `≥ ${BUDGET.lighthousePerformance}`, false]);
      rows.push([`${label} accessibility`, "n/a", `= ${BUDGET.lighthouseAccessibility}`, false]);
      rows.push([`${label} LCP`, "n/a", `< ${n(BUDGET.lcpMs / 1000, 1)} s`, false]);
      rows.push([`${label} TBT`, "n/a", `< ${n(BUDGET.tbtMs)} ms`, false]);
      rows.push([`${label} CLS`, "n/a", "= 0", false]);
      continue;
    }
    rows.push([`${label} performance`, n(r.performance), `≥ ${BUDGET.lighthousePerformance}`, r.performance >= BUDGET.lighthousePerformance]);
    rows.push([
      `${label} accessibility`,
      `${n(r.accessibility)}${r.failedA11y?.length ? ` (fails: ${r.failedA11y.join(", ")})` : ""}`,
      `= ${BUDGET.lighthouseAccessibility}`,
      r.accessibility === BUDGET.lighthouseAccessibility,
    ]);
    rows.push([`${label} LCP`, `${n(r.lcpMs / 1000, 2)} s`, `< ${n(BUDGET.lcpMs / 1000, 1)} s`, r.lcpMs < BUDGET.lcpMs]);
    rows.push([`${label} TBT`, `${n(r.tbtMs)} ms`, `< ${n(BUDGET.tbtMs)} ms`, r.tbtMs < BUDGET.tbtMs]);
    rows.push([`${label} CLS`, n(r.cls, 3), "= 0", r.cls < 0.0005]);
    rows.push([`${label} best practices · runs (perf/LCP s/TBT ms)`, `${n(r.bestPractices)} · ${(r.runs ?? []).map((x) => `${x.performance}/${n(x.lcpMs / 1000, 2)}/${n(x.tbtMs)}`).join(" ")}`, "(info)", null]);
  }
  return rows;
}

/** Plain text, aligned columns; section rows span the table. */
export function formatTable(rows) {
  const header = ["measure", "figure", "budget", "ok"];
  const data = rows.filter((r) => !r.section).map((r) => [r[0], r[1], r[2], mark(r[3])]);
  const width = header.map((h, i) => Math.max(h.length, ...data.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(width[i]))).join("  ").trimEnd();
  const out = [line(header), width.map((w) => "-".repeat(w)).join("  ")];
  for (const r of rows) {
    if (r.section) out.push(`[${r.section}]`);
    else out.push(line([r[0], r[1], r[2], mark(r[3])]));
  }
  return out.join("\n");
}

export function summary(rows) {
  const judged = rows.filter((r) => !r.section && r[3] !== null && r[3] !== undefined);
  return { held: judged.filter((r) => r[3]).length, missed: judged.filter((r) => !r[3]).map((r) => r[0]), total: judged.length };
}

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    model: cpus[0]?.model?.trim() ?? "unknown CPU",
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

const MARKER = "<!-- Everything below is rewritten by `npm run bench`. -->";

/** Replaces what follows the marker in bench/README.md with this run's heading, table and notes. */
export function writeReadme(file, { table, notes, startedAt }) {
  const m = machine();
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : `# Benchmarks\n\n${MARKER}\n`;
  const head = existing.includes(MARKER) ? existing.slice(0, existing.indexOf(MARKER)) : `${existing.trimEnd()}\n\n`;
  const date = startedAt.toISOString().replace("T", " ").slice(0, 16);
  const body = [
    MARKER,
    "",
    `## Latest run: ${date} UTC, ${m.cores} cores (${m.model}), ${m.memoryGiB.toFixed(1)} GiB memory, Node ${m.node}`,
    "",
    "```text",
    table,
    "```",
    "",
    ...notes.map((line) => `- ${line}`),
    "",
  ].join("\n");
  fs.writeFileSync(file, head + body);
}
