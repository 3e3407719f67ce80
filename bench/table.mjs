// The one table: each figure beside its budget (issue 6 and DESIGN.md "Budgets"), and writing it
// into bench/README.md under the date and the machine.
import fs from "node:fs";
import os from "node:os";
import { ASSUMPTIONS, pageCostWithWrites } from "./capacity.mjs";

export const BUDGET = {
  pageP99Ms: 100,
  dealsVsBarePercent: 5,
  signedInDealsVsBarePercent: 20,
  uncachedGuestDealsPerSecond: 300,
  checkoutsPerSecond: 500,
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

function loadIssues(r) {
  const parts = [];
  if (r.non2xx) parts.push(`${n(r.non2xx)} non-2xx`);
  if (r.errors) parts.push(`${n(r.errors)} errors${r.errorCodes?.length ? ` (${r.errorCodes.join(", ")})` : ""}`);
  if (r.timeouts) parts.push(`${n(r.timeouts)} timeouts`);
  if (r.serverErrors) parts.push(`server logged ${n(r.serverErrors)} error lines`);
  if (!r.requests) parts.push("no answer within the run");
  return parts.length ? ` !! ${parts.join(", ")}` : "";
}

/** The CPU a request (or round) cost the server and autocannon, when measured. */
function cpuNote(r) {
  return r?.serverCpuMsEach == null ? "" : `; CPU each: server ${n(r.serverCpuMsEach, 2)} ms, autocannon ${n(r.clientCpuMsEach, 2)} ms`;
}

/** A load row's figure: p99, p50, throughput, CPU and anything that went wrong (n/a without a result). */
function latencyFigure(result) {
  return result ? `${n(result.p99)} ms (p50 ${n(result.p50)} ms, ${n(result.rps)} req/s${cpuNote(result)})${loadIssues(result)}` : "n/a";
}

/** Rows [measure, figure, budget, ok] from everything run.mjs measured (missing parts: n/a). */
export function buildRows({ loads = [], browser = [], planned = [], api = [], bare, bareSignedIn, checkout, invariant, withWrites, weight = {}, lighthouse, firstCard, slugPath, config }) {
  const rows = [];
  const section = (title) => rows.push({ section: title });

  section(`Load: autocannon, ${config.connections} connections, ${config.duration} s each`);
  for (const { key, name, result } of loads) {
    if (!result) {
      rows.push([`p99 ${name}`, "n/a (not run)", `< ${BUDGET.pageP99Ms} ms`, false]);
      continue;
    }
    // Error lines the server logs do not fail a row by themselves: requests autocannon cuts off
    // at the end of a run are logged too (see bench/README.md).
    const clean = result.requests > 0 && !result.non2xx && !result.errors && !result.timeouts;
    const figure = latencyFigure(result);
    if (key === "dealsUncached") {
      // Its budget is throughput: what the machine renders when no cached page helps.
      rows.push([`${name} throughput`, `${n(result.rps)} req/s (p99 ${n(result.p99)} ms${cpuNote(result)})${loadIssues(result)}`, `≥ ${BUDGET.uncachedGuestDealsPerSecond} req/s`, clean && result.rps >= BUDGET.uncachedGuestDealsPerSecond]);
      continue;
    }
    rows.push([`p99 ${name}`, figure, `< ${BUDGET.pageP99Ms} ms`, clean && result.p99 < BUDGET.pageP99Ms]);
  }
  for (const { name, result } of api) {
    rows.push([`p99 ${name}`, latencyFigure(result), "(info)", null]);
  }
  const deals = loads.find((l) => l.key === "deals")?.result;
  if (bare) rows.push(["bare node:http, same /deals bytes", `${n(bare.rps)} req/s (p99 ${n(bare.p99)} ms${cpuNote(bare)})${loadIssues(bare)}`, "(reference)", null]);
  const ratio = deals && bare ? (100 * deals.rps) / bare.rps : null;
  rows.push([
    "/deals throughput vs bare server",
    ratio == null ? "n/a" : `${n(ratio, 2)} % (${n(deals.rps)} of ${n(bare.rps)} req/s)`,
    `≥ ${BUDGET.dealsVsBarePercent} %`,
    ratio == null ? false : ratio >= BUDGET.dealsVsBarePercent,
  ]);
  const dealsSignedIn = loads.find((l) => l.key === "dealsSignedIn")?.result;
  if (bareSignedIn) rows.push(["bare node:http, same signed-in /deals bytes", `${n(bareSignedIn.rps)} req/s (p99 ${n(bareSignedIn.p99)} ms${cpuNote(bareSignedIn)})${loadIssues(bareSignedIn)}`, "(reference)", null]);
  const signedInRatio = dealsSignedIn && bareSignedIn ? (100 * dealsSignedIn.rps) / bareSignedIn.rps : null;
  rows.push([
    "signed-in /deals throughput vs bare server",
    signedInRatio == null ? "n/a" : `${n(signedInRatio, 2)} % (${n(dealsSignedIn.rps)} of ${n(bareSignedIn.rps)} req/s)`,
    `≥ ${BUDGET.signedInDealsVsBarePercent} %`,
    signedInRatio == null ? false : signedInRatio >= BUDGET.signedInDealsVsBarePercent,
  ]);
  // The same comparison in CPU a request: what the bare server needs of the CPU a page costs us,
  // whoever else (autocannon) shares the machine.
  if (dealsSignedIn?.serverCpuMsEach && bareSignedIn?.serverCpuMsEach) {
    const cpuRatio = (100 * bareSignedIn.serverCpuMsEach) / dealsSignedIn.serverCpuMsEach;
    rows.push(["signed-in /deals CPU a request vs bare server", `${n(cpuRatio, 2)} % (bare ${n(bareSignedIn.serverCpuMsEach, 3)} ms of our ${n(dealsSignedIn.serverCpuMsEach, 2)} ms)`, "(info)", null]);
  }
  if (checkout) {
    rows.push([
      "checkouts/s (POST /api/cart + /api/checkout)",
      `${n(checkout.checkoutsPerSecond, 1)}/s (${n(checkout.checkouts)} in ${n(checkout.seconds, 1)} s, ${n(checkout.usersUsed)} users; p99 ${n(checkout.p99)} ms${cpuNote(checkout)} a round)${loadIssues(checkout)}`,
      `≥ ${BUDGET.checkoutsPerSecond}/s, invariant`,
      checkout.checkoutsPerSecond >= BUDGET.checkoutsPerSecond && Boolean(invariant?.ok),
    ]);
  } else {
    rows.push(["checkouts/s (POST /api/cart + /api/checkout)", "n/a (not run)", `≥ ${BUDGET.checkoutsPerSecond}/s, invariant`, false]);
  }
  rows.push([
    "revenue invariant after the mix",
    invariant
      ? `${invariant.ok ? "PASS" : "FAIL"} (${invariant.cycles} open cycles, ${invariant.mismatches.length} off; ${n(invariant.newOrders)} new orders for ${n(checkout?.checkouts)} checkouts)`
      : "n/a (not run)",
    "PASS",
    invariant ? invariant.ok : false,
  ]);

  if (browser.length) {
    // Information: what the capacity model counts a page at (bench/README.md).
    section(`The signed-in pages as a browser asks for them (Accept-Encoding: gzip, deflate, br, zstd), ${config.connections} connections, ${config.duration} s each`);
    for (const { name, result } of browser) {
      rows.push([`p99 ${name}`, latencyFigure(result), "(info)", null]);
    }
  }
  if (planned.length) {
    // Information beside the budget rows above, which run flat out: see bench/README.md.
    section(`The signed-in pages at the planned load: requests arriving at random, ${Math.round(ASSUMPTIONS.headroom * 100)} % of each one's rate above, ${config.duration} s each`);
    for (const { name, rate, result } of planned) {
      rows.push([`p99 ${name} at ${n(rate)} req/s`, latencyFigure(result), "(info)", null]);
    }
  }

  if (withWrites) {
    // Information: the page rows above write nothing, so the workers' kept reads never empty.
    section(`Signed-in /deals while checkouts are written (one round for every ${ASSUMPTIONS.pagesPerOrder} pages of the row above), ${config.connections} connections, ${config.duration} s`);
    const { rounds, failed, seconds } = withWrites.writes;
    const cost = pageCostWithWrites({ withWrites, checkout, loads });
    const costNote = cost ? `; a page's own CPU ${n(cost.pageMs, 2)} ms against ${n(cost.quietMs, 2)} ms with nothing written` : "";
    rows.push([`p99 ${withWrites.name}`, `${latencyFigure(withWrites)}; ${n(rounds)} rounds in ${n(seconds, 1)} s${failed ? `, ${n(failed)} answers not 2xx` : ""}${costNote}`, "(info)", null]);
  }

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
  for (const path of lhPages) {
    const label = path === slugPath ? "/deals/<slug>" : path;
    const r = lighthouse?.available ? lighthouse.results[path] : null;
    if (!r || r.error) {
      const why = !lighthouse ? (config.lighthouse ? "n/a (not run)" : "n/a (skipped, BENCH_LIGHTHOUSE=0)") : !lighthouse.available ? `n/a (${lighthouse.reason})` : `n/a (${r?.error ?? "not run"})`;
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
  rows.push([
    "first deal card on /deals, real Chromium throttled",
    !firstCard ? "n/a (not run)" : firstCard.error ? `n/a (${firstCard.error})` : `${n(firstCard.medianMs)} ms, picture ${n(firstCard.medianPictureMs)} ms (median of ${firstCard.runs.length}; ${firstCard.conditions})`,
    "(info)",
    null,
  ]);
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
