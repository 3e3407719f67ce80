// First paint on a slow phone (issue #14), on its own: `BUILD_DIR=build-paint node bench/tools/paint.mjs`.
// Starts the built production server on a temporary demo database (DEMO_DATA=1), signs the demo
// shopper in and puts three deals in her cart, then runs Lighthouse mobile PAINT_RUNS times
// (default 3) on /, /deals, the first deal's page and /cart, and prints the median of each figure,
// the failing accessibility audits and, from the median run, where the time went. Also runs
// bench/tools/first-card.mjs (Chromium throttled through CDP: time to the first deal card on /deals)
// unless PAINT_FIRST_CARD=0. Measures and prints; asserts nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runLighthouse } from "../lighthouse.mjs";
import { pageSignIn } from "../load.mjs";
import { freePort, killAllNow, startAppServer, stopAll } from "../server.mjs";
import { measureFirstCard } from "./first-card.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const runs = Number(process.env.PAINT_RUNS) || 3;
const DEMO_SHOPPER = { email: "demo@shuk.example", password: "shuk-demo-2026" };

/** The first deal on the guest's /deals, and the signed-in shopper's quick-add forms. */
export async function demoPages(origin) {
  const html = await (await fetch(`${origin}/deals`)).text();
  const slug = /href="\/deals\/([^"?#/]+)"/.exec(html)?.[1];
  if (!slug) throw new Error("no deal link on /deals");
  const cookie = await pageSignIn(origin, DEMO_SHOPPER.email, DEMO_SHOPPER.password);
  // Three deals in the cart, through the cards' own "+" forms.
  const signedIn = await (await fetch(`${origin}/deals`, { headers: { Cookie: cookie } })).text();
  // A card's "+" is a button whose value is "<deal id>:<group id>" (routes/card-forms.server.ts).
  const lines = [...signedIn.matchAll(/value="([\da-f-]{36}:[\da-f-]{36})"/g)].map((match) => match[1]).slice(0, 3);
  for (const line of lines) {
    const body = new URLSearchParams({ intent: "add", line, qty: "2", redirectTo: "/deals" });
    const response = await fetch(`${origin}/cart`, { method: "POST", body, redirect: "manual", headers: { Cookie: cookie, Origin: origin } });
    if (response.status >= 400) throw new Error(`adding to the cart: ${response.status}`);
  }
  return { slugPath: `/deals/${slug}`, cookie, cartLines: lines.length };
}

const fmt = (value, digits = 0) => (value == null ? "n/a" : value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));

async function main() {
  if (!fs.existsSync(path.join(buildDir, "start.js"))) throw new Error(`no ${buildDir}/start.js: build first (BUILD_DIR=... npm run build)`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-paint-"));
  const cleanUp = () => fs.rmSync(tmp, { recursive: true, force: true });
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => (killAllNow(), cleanUp(), process.exit(130)));
  const loadBefore = os.loadavg();
  try {
    const server = await startAppServer({ buildDir, databasePath: path.join(tmp, "paint.db"), port: await freePort() });
    const { slugPath, cookie, cartLines } = await demoPages(server.origin);
    const pages = [{ path: "/" }, { path: "/deals" }, { path: slugPath }, { path: "/cart", headers: { Cookie: cookie } }];
    const only = process.env.PAINT_PAGES?.split(",");
    const chosen = only ? pages.filter((p) => only.some((o) => (o === "/deals/<slug>" ? p.path === slugPath : p.path === o))) : pages;
    console.log(`Lighthouse mobile, ${runs} runs per page, medians (load average before ${loadBefore.map((l) => l.toFixed(1)).join(" ")}; cart: ${cartLines} lines)`);
    const lh = await runLighthouse(server.origin, chosen, { runs });
    if (!lh.available) throw new Error(lh.reason);
    const loadAfterLh = os.loadavg();
    console.log(`${"page".padEnd(22)} ${"perf".padStart(4)} ${"a11y".padStart(4)} ${"LCP s".padStart(6)} ${"TBT ms".padStart(6)} ${"CLS".padStart(6)} ${"FCP s".padStart(6)}  runs (perf/LCP/TBT)`);
    for (const page of chosen) {
      const r = lh.results[page.path];
      const label = page.path === slugPath ? "/deals/<slug>" : page.path;
      if (r.error) {
        console.log(`${label.padEnd(22)} error: ${r.error}`);
        continue;
      }
      const perRun = r.runs.map((x) => `${x.performance}/${fmt(x.lcpMs / 1000, 2)}/${fmt(x.tbtMs)}`).join(" ");
      console.log(
        `${label.padEnd(22)} ${fmt(r.performance).padStart(4)} ${fmt(r.accessibility).padStart(4)} ${fmt(r.lcpMs / 1000, 2).padStart(6)} ${fmt(r.tbtMs).padStart(6)} ${fmt(r.cls, 3).padStart(6)} ${fmt(r.diagnostics.fcpMs / 1000, 2).padStart(6)}  ${perRun}`,
      );
    }
    if (process.env.PAINT_DETAILS !== "0") {
      for (const page of chosen) {
        const r = lh.results[page.path];
        if (r.error) continue;
        const d = r.diagnostics;
        const label = page.path === slugPath ? "/deals/<slug>" : page.path;
        console.log(`\n${label} (median run):`);
        if (r.partialError) console.log(`  a run failed: ${r.partialError}`);
        if (r.failedA11y.length) console.log(`  accessibility fails: ${r.failedA11y.join(", ")}`);
        console.log(`  LCP element: ${d.lcpElement ?? "?"}`);
        console.log(`  LCP phases: ${d.lcpPhases.join(", ") || "?"}`);
        console.log(`  render-blocking: ${d.renderBlocking.join(", ") || "none"}`);
        console.log(`  main thread: ${d.mainThread.join(", ")}`);
        if (d.layoutShifts.length) console.log(`  layout shifts: ${d.layoutShifts.join("; ")}`);
        console.log(`  long tasks: ${d.longTasks.join(", ") || "none"}`);
        console.log(`  script boot-up: ${d.bootup.join(", ") || "none"}`);
        console.log(`  ${d.requests} requests, ${fmt(d.transferBytes / 1000, 1)} kB transferred`);
      }
    }
    console.log(`\nLoad average after Lighthouse ${loadAfterLh.map((l) => l.toFixed(1)).join(" ")}; benchmarkIndex ${fmt(lh.results["/deals"]?.benchmarkIndex ?? lh.settings?.benchmarkIndex)}.`);
    if (process.env.PAINT_FIRST_CARD !== "0") {
      const card = await measureFirstCard(server.origin, { runs });
      console.log(
        `First deal card visible on /deals, Chromium throttled (${card.conditions}): median ${fmt(card.medianMs)} ms (runs ${card.runs.map((ms) => fmt(ms)).join(", ")}), its picture loaded ${fmt(card.medianPictureMs)} ms; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}.`,
      );
    }
  } finally {
    await stopAll();
    cleanUp();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
