// Screenshots of home's first screen on a 360 x 740 phone, as a guest and signed in, in Hebrew
// and in English (issue #47), into docs/screens/. Run against a server with the demo data:
//   npm run demo   (another shell)   then   node scripts/home-screens.mjs [origin]
// Chromium is Debian's (/usr/bin/chromium), as in the tests.
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const origin = process.argv[2] ?? "http://localhost:3000";
const out = new URL("../docs/screens/", import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update"] });
try {
  for (const lng of ["he", "en"]) {
    for (const who of ["guest", "signed-in"]) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, locale: lng === "he" ? "he-IL" : "en-GB", timezoneId: "Asia/Jerusalem" });
      const page = await context.newPage();
      if (who === "signed-in") {
        // Through the form, as she would.
        await page.goto(`${origin}/login?tab=password`);
        await page.locator('input[name="email"]').first().fill("demo@shuk.example");
        await page.locator('input[name="password"]').first().fill("shuk-demo-2026");
        await Promise.all([page.waitForURL((url) => !url.pathname.startsWith("/login")), page.locator('input[name="password"]').first().press("Enter")]);
      }
      await page.goto(`${origin}/?lng=${lng}`);
      await page.waitForLoadState("networkidle");
      const file = `${out}home-360-${lng}-${who}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
