import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium (apt-get install chromium); Playwright's own browser download is not
// reachable from our machines. The flags keep it from calling home on a closed network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
};

export default defineConfig({
  testDir: "tests/e2e",
  // Separate output folders let two runs (two builds, see BUILD_DIR) go side by side.
  outputDir: `test-results/${process.env.BUILD_DIR ?? "build"}`,
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Long journeys (sign up, shop, check out, cancel) took 20-34 s on our 2-core machines while
  // another build ran: a whole test gets a minute; each expectation still waits 10 s at most.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    locale: "he-IL",
    timezoneId: "Asia/Jerusalem",
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, testIgnore: "page-sweep.spec.ts" },
    // Every form must work without JavaScript: the same tests, script turned off.
    { name: "js-off", use: { javaScriptEnabled: false }, testIgnore: "page-sweep.spec.ts" },
    // Every page at 360 px in both languages (page-sweep.spec.ts): once, with JavaScript on,
    // because hydrated widgets are the widest and the walk is long.
    { name: "sweep", use: { javaScriptEnabled: true }, testMatch: "page-sweep.spec.ts" },
  ],
});
