// Lighthouse from npm driving Debian's Chromium (chrome-launcher), with Lighthouse's default
// mobile settings: Moto G Power screen, simulated slow 4G (150 ms RTT, 1.6 Mbps down) and a 4x
// CPU slowdown. One Chromium for all pages. Each page is measured `runs` times (its figures vary
// by several points between runs and with the machine's load) and every figure is the median of
// its runs. If Chromium or Lighthouse cannot run here, the result says so and the table prints
// "n/a".
import fs from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update"];

export function median(values) {
  const sorted = values.filter((v) => typeof v === "number" && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** What one run says about where the time went (for bench/paint.mjs). */
function diagnosticsOf(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lcpElement = items("largest-contentful-paint-element");
  const element = lcpElement[0]?.items?.[0]?.node ?? lcpElement[0]?.node;
  const phases = (lcpElement[1]?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing)} ms`);
  return {
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? null,
    speedIndexMs: lhr.audits["speed-index"]?.numericValue ?? null,
    lcpElement: element ? `${element.nodeLabel ?? ""} ${element.snippet ?? ""}`.trim().slice(0, 160) : null,
    lcpPhases: phases,
    renderBlocking: items("render-blocking-resources").map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(r.wastedMs ?? 0)} ms`),
    mainThread: items("mainthread-work-breakdown").slice(0, 5).map((r) => `${r.groupLabel ?? r.group} ${Math.round(r.duration)} ms`),
    bootup: items("bootup-time").slice(0, 4).map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, "")} ${Math.round(r.total)} ms`),
    layoutShifts: items("layout-shifts").slice(0, 3).map((r) => `${(r.node?.snippet ?? "?").slice(0, 100)} ${Number(r.score ?? 0).toFixed(3)}`),
    longTasks: items("long-tasks").slice(0, 6).map((r) => `${r.url.replace(/^https?:\/\/[^/]+/, "")} @${Math.round(r.startTime)} ${Math.round(r.duration)} ms`),
    requests: items("network-requests").length,
    transferBytes: items("network-requests").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

/**
 * pages: [{ path, headers? }]; options.runs (default 1, or BENCH_LIGHTHOUSE_RUNS). Resolves with
 * { available, reason?, settings?, runs, results: { [path]: { performance, accessibility,
 * bestPractices, lcpMs, tbtMs, cls, failedA11y, runs: [...], diagnostics } | { error } } }, each
 * figure the median of the page's runs; `diagnostics` are those of the run whose performance
 * score is the median.
 */
export async function runLighthouse(origin, pages, { runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 1 } = {}) {
  if (!fs.existsSync(CHROMIUM_PATH)) return { available: false, reason: `no Chromium at ${CHROMIUM_PATH}`, results: {} };
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import("lighthouse")).default;
    chromeLauncher = await import("chrome-launcher");
  } catch (error) {
    return { available: false, reason: `lighthouse or chrome-launcher not installed (${error.message})`, results: {} };
  }
  let chrome;
  try {
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  } catch (error) {
    return { available: false, reason: `Chromium did not start (${error.message})`, results: {} };
  }
  const perPage = new Map(pages.map((page) => [page.path, []]));
  const errors = {};
  let settings;
  try {
    // Round-robin over the pages, so a spell of machine load spreads over all of them.
    for (let run = 0; run < runs; run++) {
      for (const page of pages) {
        try {
          const runner = await lighthouse(`${origin}${page.path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices"],
            formFactor: "mobile",
            throttlingMethod: "simulate",
            extraHeaders: page.headers ?? null,
          });
          const lhr = runner?.lhr;
          if (!lhr) throw new Error("no result");
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          settings ??= { throttling: lhr.configSettings.throttling, formFactor: lhr.configSettings.formFactor, benchmarkIndex: lhr.environment?.benchmarkIndex, chrome: lhr.environment?.hostUserAgent };
          const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
          const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
          perPage.get(page.path).push({
            performance: score("performance"),
            accessibility: score("accessibility"),
            bestPractices: score("best-practices"),
            lcpMs: numeric("largest-contentful-paint"),
            tbtMs: numeric("total-blocking-time"),
            cls: numeric("cumulative-layout-shift"),
            benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
            failedA11y: Object.values(lhr.audits)
              .filter((a) => lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
              .map((a) => a.id),
            finalUrl: lhr.finalDisplayedUrl,
            diagnostics: diagnosticsOf(lhr),
          });
        } catch (error) {
          errors[page.path] = error.message;
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  const results = {};
  for (const [path, list] of perPage) {
    if (!list.length) {
      results[path] = { error: errors[path] ?? "no run" };
      continue;
    }
    const figure = (key) => median(list.map((r) => r[key]));
    const performance = figure("performance");
    const middle = [...list].sort((a, b) => a.performance - b.performance)[Math.floor((list.length - 1) / 2)];
    results[path] = {
      performance: performance == null ? null : Math.round(performance),
      accessibility: figure("accessibility"),
      bestPractices: figure("bestPractices"),
      lcpMs: figure("lcpMs"),
      tbtMs: figure("tbtMs"),
      cls: figure("cls"),
      benchmarkIndex: figure("benchmarkIndex"),
      failedA11y: [...new Set(list.flatMap((r) => r.failedA11y))],
      finalUrl: list[0].finalUrl,
      runs: list.map(({ diagnostics, failedA11y, finalUrl, ...figures }) => figures),
      diagnostics: middle.diagnostics,
      ...(errors[path] ? { partialError: errors[path] } : {}),
    };
  }
  return { available: true, settings, runs, results };
}
