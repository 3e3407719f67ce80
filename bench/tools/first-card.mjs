// Time to the first deal card on /deals in a real, throttled Chromium (issue #14): Playwright
// drives Debian's Chromium with a phone's screen, DevTools' slow 4G (Network.emulateNetworkConditions)
// and a 4x CPU slowdown (Emulation.setCPUThrottlingRate), each run in a fresh context (cold cache).
// A script added before the page's own records, from navigation start, the first frame in which a
// deal card is in the viewport ("card") and the moment its picture has loaded ("picture"). Used by
// bench/tools/paint.mjs; prints nothing itself.
import { CHROMIUM_PATH, median } from "../lighthouse.mjs";

// What Lighthouse applies for "slow 4G" when it throttles a real browser (its devtools method):
// 150 ms RTT x 3.75 of request latency, 1.6 Mbps x 0.9 down, 750 kbps x 0.9 up.
export const SLOW_4G = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;

function watchFirstCard() {
  // Every frame until both are seen: rAF callbacks run just before the frame is painted.
  const marks = (window.__firstCard = {});
  const frame = (now) => {
    const card = document.querySelector('[data-testid="deal-card"]');
    const img = card?.querySelector("img");
    if (card && img && marks.card == null) {
      const box = card.getBoundingClientRect();
      if (box.width > 0 && box.top < innerHeight) marks.card = now;
    }
    if (img && marks.picture == null && img.complete && img.naturalWidth > 0) marks.picture = now;
    if (marks.card == null || marks.picture == null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** { conditions, runs: [ms], pictureRuns: [ms], medianMs, medianPictureMs } */
export async function measureFirstCard(origin, { runs = 3, path = "/deals" } = {}) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const cardRuns = [];
  const pictureRuns = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: "he-IL" });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      await page.addInitScript(watchFirstCard);
      await page.goto(`${origin}${path}`, { waitUntil: "load", timeout: 60_000 });
      await page.waitForFunction(() => window.__firstCard?.card != null && window.__firstCard?.picture != null, null, { timeout: 30_000 });
      const marks = await page.evaluate(() => window.__firstCard);
      cardRuns.push(marks.card);
      pictureRuns.push(marks.picture);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    conditions: `${SLOW_4G.latency} ms latency, ${((SLOW_4G.downloadThroughput * 8) / 1024 / 1024).toFixed(2)} Mbps down, CPU x${CPU_SLOWDOWN}, 412x823 @1.75`,
    runs: cardRuns,
    pictureRuns,
    medianMs: median(cardRuns),
    medianPictureMs: median(pictureRuns),
  };
}
