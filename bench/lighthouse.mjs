// Lighthouse from npm driving Debian's Chromium (chrome-launcher), with Lighthouse's default
// mobile settings: Moto G Power screen, simulated slow 4G (150 ms RTT, 1.6 Mbps down) and a 4x
// CPU slowdown. One Chromium for all pages. If Chromium or Lighthouse cannot run here, the
// result says so and the table prints "n/a".
import fs from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-background-networking", "--disable-component-update"];

/**
 * pages: [{ path, headers? }]. Resolves with { available, reason?, settings?, results: { [path]:
 * { performance, accessibility, bestPractices, lcpMs, tbtMs, cls } | { error } } }.
 */
export async function runLighthouse(origin, pages) {
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
  const results = {};
  let settings;
  try {
    for (const page of pages) {
      try {
        const runner = await lighthouse(
          `${origin}${page.path}`,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices"],
            formFactor: "mobile",
            throttlingMethod: "simulate",
            extraHeaders: page.headers ?? null,
          },
        );
        const lhr = runner?.lhr;
        if (!lhr) throw new Error("no result");
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        settings ??= { throttling: lhr.configSettings.throttling, formFactor: lhr.configSettings.formFactor, benchmarkIndex: lhr.environment?.benchmarkIndex, chrome: lhr.environment?.hostUserAgent };
        const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
        const numeric = (id) => lhr.audits[id]?.numericValue ?? null;
        results[page.path] = {
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          lcpMs: numeric("largest-contentful-paint"),
          tbtMs: numeric("total-blocking-time"),
          cls: numeric("cumulative-layout-shift"),
          failedA11y: Object.values(lhr.audits)
            .filter((a) => lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
            .map((a) => a.id),
          finalUrl: lhr.finalDisplayedUrl,
        };
      } catch (error) {
        results[page.path] = { error: error.message };
      }
    }
  } finally {
    await chrome.kill();
  }
  return { available: true, settings, results };
}
