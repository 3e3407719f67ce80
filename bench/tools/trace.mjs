// `node bench/tools/trace.mjs <url> [runs]`: what a page's long tasks are made of on a slow phone.
// Lighthouse names a long task's script at most; this loads the page in Debian's Chromium with
// the CPU slowed 4x through the DevTools protocol (what Lighthouse's figures assume), a 412x823
// phone screen and a fresh context, records a Chromium trace and prints, for each task of the
// page's main thread over 30 ms, its start, its length and the trace events that fill it
// (layout, style, paint, HTML parse, script evaluation, compilation, GC...), then totals.
// TRACE_JS=0 loads the page with JavaScript off: what the HTML and CSS cost alone.
// Tracing adds its own overhead and the figures move a lot between runs on a shared machine:
// use it to see what a task is, and Lighthouse medians (bench/tools/paint.mjs) to compare builds.
import { chromium } from "playwright";

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 1);
if (!url) {
  console.error("usage: node bench/tools/trace.mjs <url> [runs]");
  process.exit(2);
}
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "disabled-by-default-v8.compile", "blink", "loading"];
const LONG_TASK_MS = 50;
const SHOWN_TASK_MS = 30;

async function traceOnce() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // Chromium 156 loads its omnibox popup (a WebUI page of custom elements) in a renderer of
    // its own at start, busier than ours: without this, the busiest renderer main thread below
    // was that page's, not ours (decision record 016, session 20).
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-features=WebUIOmniboxPopup"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, javaScriptEnabled: process.env.TRACE_JS !== "0" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: "load" });
    // Hydration and the work after the load event.
    await page.waitForTimeout(3000);
    return JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  } finally {
    await browser.close();
  }
}

/** The renderer main thread that did the page's work: the one with most events. */
function mainThreadEvents(events) {
  const threads = events.filter((e) => e.name === "thread_name" && e.args.name === "CrRendererMain");
  const sized = threads.map((t) => ({ t, count: events.filter((e) => e.pid === t.pid && e.tid === t.tid).length }));
  const main = sized.sort((a, b) => b.count - a.count)[0].t;
  const complete = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const start = events.filter((e) => e.name === "navigationStart" && e.pid === main.pid).at(-1)?.ts ?? complete[0].ts;
  return { complete, start };
}

function report(events) {
  const { complete, start } = mainThreadEvents(events);
  const tasks = complete.filter((e) => e.name === "RunTask" && e.dur > SHOWN_TASK_MS * 1000).sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  for (const task of tasks) {
    const ms = task.dur / 1000;
    if (ms > LONG_TASK_MS) blocking += ms - LONG_TASK_MS;
    const inside = new Map();
    for (const e of complete) {
      if (e === task || e.name === "RunTask" || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
      const key = e.name + (e.args?.data?.url ? ` ${e.args.data.url.split("/").pop().slice(0, 40)}` : "");
      inside.set(key, (inside.get(key) ?? 0) + e.dur / 1000);
    }
    const parts = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, total]) => `${name} ${total.toFixed(0)}`);
    console.log(`  @${((task.ts - start) / 1000).toFixed(0)} ms  ${ms.toFixed(0)} ms: ${parts.join(" | ")}`);
  }
  const total = (name) => complete.filter((e) => e.name === name).reduce((sum, e) => sum + e.dur / 1000, 0).toFixed(0);
  console.log(
    `  blocking time (each task's part over ${LONG_TASK_MS} ms) ${blocking.toFixed(0)} ms; Layout ${total("Layout")}, UpdateLayoutTree ${total("UpdateLayoutTree")}, Paint ${total("Paint")}, ParseHTML ${total("ParseHTML")}, evaluateModule ${total("v8.evaluateModule")} ms`,
  );
}

for (let run = 1; run <= runs; run++) {
  console.log(`${url}, run ${run} of ${runs}, CPU x4${process.env.TRACE_JS === "0" ? ", JavaScript off" : ""}:`);
  report(await traceOnce());
}
