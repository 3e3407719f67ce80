import { expect, signedInShopper, test, waitForHydration } from "./fixtures";

test.describe("the shell", () => {
  test("serves a Hebrew, right-to-left home page with the five categories and their deal counts", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle(/שוק קהילתי/);
    for (const [slug, name] of [
      ["vegetables", "ירקות"],
      ["fruits", "פירות"],
      ["herbs", "עשבי תיבול"],
      ["sprouts", "נבטים"],
      ["mushrooms", "פטריות"],
    ]) {
      const tile = page.getByTestId(`category-${slug}`);
      await expect(tile).toContainText(name);
      await expect(tile).toContainText(/\d+ מבצעים/);
      await expect(tile).toHaveAttribute("href", `/deals?category=${slug}`);
    }
  });

  test("answers an unknown address with a Hebrew not-found page and status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "העמוד לא נמצא" })).toBeVisible();
  });

  test("sends a nonce-based CSP and the baseline security headers", async ({ page }) => {
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("the header search box is a GET form to /deals?q=", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "חיפוש מבצעים" }).first();
    await search.fill("עגבניות");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/deals\?q=%D7%A2/);
  });

  test("the theme toggle cycles light, dark and system and the choice survives a reload", async ({ page }) => {
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveAttribute("data-theme", "system");
    await page.getByRole("button", { name: /מעבר לערכת נושא: בהירה/ }).click();
    await expect(html).toHaveAttribute("data-theme", "light");
    await page.getByRole("button", { name: /מעבר לערכת נושא: כהה/ }).click();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await page.reload();
    await expect(html).toHaveAttribute("data-theme", "dark");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(15, 21, 17)");
  });

  test("the mobile menu opens without JavaScript and lists the pages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await page.getByLabel("תפריט", { exact: true }).first().click();
    const menu = page.getByRole("navigation", { name: "תפריט" }).first();
    await expect(menu.getByRole("link", { name: "מבצעים" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "הרשמה" })).toBeVisible();
  });

  test("the mobile menu is closed on the page its link leads to, so the page is not under it", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByLabel("תפריט", { exact: true }).first().click();
    await page.getByRole("navigation", { name: "תפריט" }).first().getByRole("link", { name: "התחברות" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("navigation", { name: "תפריט" }).first()).toBeHidden();
    // The sign-in form is there to type in, not behind the menu.
    await page.getByLabel("כתובת מייל").click();
    await expect(page.getByLabel("כתובת מייל")).toBeFocused();
  });

  test("a menu opened before the scripts have started stays open when they do", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript nothing hydrates");
    await page.setViewportSize({ width: 360, height: 740 });
    // A slow phone: the page shows, she opens the menu, and only then do the scripts arrive.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue().catch(() => undefined);
    });
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    await page.getByLabel("תפריט", { exact: true }).first().click();
    const menu = page.getByRole("navigation", { name: "תפריט" }).first();
    await expect(menu).toBeVisible();
    releaseScripts();
    await waitForHydration(page);
    await expect(menu).toBeVisible();
    // Hydrated, it still closes when its link leads to another page.
    await menu.getByRole("link", { name: "מבצעים" }).click();
    await expect(page).toHaveURL(/\/deals$/);
    await expect(page.getByRole("navigation", { name: "תפריט" }).first()).toBeHidden();
  });

  test("every footer link leads to a page that exists", async ({ page, request }) => {
    await page.goto("/");
    const hrefs = await page.locator("footer a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThanOrEqual(12);
    for (const href of hrefs) {
      const response = await request.get(href!);
      expect(response.status(), href!).toBe(200);
    }
  });
});

test("English is available and turns the page left-to-right", async ({ page }) => {
  await page.goto("/?lng=en");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByTestId("category-vegetables")).toContainText("Vegetables");
});

test("home shows hot vegetables and fruits, the platform numbers and a guest's call to action", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("hot-vegetables").getByTestId("deal-card")).toHaveCount(4);
  await expect(page.getByTestId("hot-fruits").getByTestId("deal-card")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "לכל הפירות" })).toHaveAttribute("href", "/deals?category=fruits");
  await expect(page.getByTestId("platform-stats")).toContainText("מבצעים פעילים");
  await expect(page.getByTestId("closing-cta")).toHaveText("מוכנים להצטרף לשכנים?");
  await expect(page.getByTestId("community-banner")).toHaveCount(0);
});

// The header, the footer and the deals list use plain anchors (components/app-link.tsx) that
// the root turns into navigations in the app; without JavaScript they are ordinary links.
test("the header's, the footer's and the deals list's links stay in the app, and work as plain links without JavaScript", async ({ page, jsEnabled }) => {
  // The browser keeps the whole route manifest (react-router.config.ts): no page asks the server
  // which routes its links lead to (lazy discovery's /__manifest cost a worker as much as the page).
  const discovery: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/__manifest") discovery.push(sent.url());
  });
  await page.goto("/");
  // A mark on the window survives a navigation in the app and is gone after a page load.
  async function markWindow() {
    if (!jsEnabled) return;
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  }
  async function expectSameDocument() {
    if (jsEnabled) expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  }
  await markWindow();
  const mainNav = page.getByRole("banner").getByRole("navigation", { name: "תפריט" }).last();
  await expect(mainNav.getByRole("link", { name: "בית" })).toHaveAttribute("aria-current", "page");
  await mainNav.getByRole("link", { name: "מבצעים" }).click();
  await expect(page).toHaveURL(/\/deals$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(mainNav.getByRole("link", { name: "מבצעים" })).toHaveAttribute("aria-current", "page");
  await expect(mainNav.getByRole("link", { name: "בית" })).not.toHaveAttribute("aria-current", "page");
  await expectSameDocument();

  await page.getByRole("navigation", { name: "קטגוריות וסינון מהיר" }).getByRole("link", { name: "פירות" }).click();
  await expect(page).toHaveURL(/\/deals\?category=fruits$/);
  await expect(page.getByRole("navigation", { name: "קטגוריות וסינון מהיר" }).getByRole("link", { name: "פירות" })).toHaveAttribute("aria-current", "page");
  await expectSameDocument();

  await page.getByRole("contentinfo").getByRole("link", { name: "שאלות נפוצות" }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("שאלות");
  await expectSameDocument();
  expect(discovery).toEqual([]);
});

// The strings a page's screens read come as a file of their own (app/translation-files.ts):
// not inside every document, kept by the browser for a year, the same for a shopper as for a
// guest; a navigation to a page that reads other sections fetches theirs before it shows.
test("a page's strings come as a file the browser keeps, also after a navigation to other sections", async ({ page, request, jsEnabled }) => {
  const documentHtml = await (await request.get("/deals")).text();
  const scripts = [...documentHtml.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((found) => found[1]).join("\n");
  expect(scripts).not.toContain("skipToContent");
  const fileUrl = /<meta name="translations" content="([^"]+)"/.exec(documentHtml)?.[1];
  expect(fileUrl).toMatch(/^\/i18n\/he\/[0-9a-f]{12}\/[\w.,]+\.json$/);

  await signedInShopper(page, request);
  const file = await page.request.get(fileUrl!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/json");
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(file.headers()["set-cookie"]).toBeUndefined();
  const strings = await file.json();
  expect(strings.app.skipToContent).toBeTruthy();
  expect(strings).not.toHaveProperty("admin");
  // Addresses of no file: another version, an unknown language or set of sections.
  const base = fileUrl!.slice(0, fileUrl!.lastIndexOf("/") + 1);
  for (const wrong of [`${base}nope.json`, `${base}auth,purchase.json`, `${base}purchase,purchase.json`, "/i18n/he/000000000000/_.json", `/i18n/xx/${base.split("/")[3]}/_.json`]) {
    expect((await page.request.get(wrong)).status(), wrong).toBe(404);
  }

  const asked: string[] = [];
  page.on("request", (sent) => {
    if (sent.url().includes("/i18n/")) asked.push(new URL(sent.url()).pathname);
  });
  await page.goto("/deals");
  if (jsEnabled) await waitForHydration(page);
  // Asked for once: the starter's preload and the hydration's fetch are one request. Without
  // scripts, never.
  expect(asked).toEqual(jsEnabled ? [fileUrl] : []);
  asked.length = 0;
  await page.getByTestId("cart-link").click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("הסל ריק");
  if (jsEnabled) {
    // The cart's sections (the purchase flow's) are another file, fetched for the navigation.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("purchase");
    expect(asked[0]).not.toBe(fileUrl);
  }
});

// The stylesheet is inlined in a first visit's documents so nothing blocks the first paint; once
// the browser keeps its file, a cookie says so and later documents link it instead
// (app/web/first-paint.server.ts). Without scripts the cookie is never set: always inlined.
test("a browser that keeps the stylesheet's file gets documents that link it, styled the same", async ({ page, jsEnabled }) => {
  const styleOf = () =>
    page.evaluate(() => {
      const header = document.querySelector("header")!;
      const { fontFamily, direction } = getComputedStyle(document.body);
      const { display, position } = getComputedStyle(header);
      return { fontFamily, direction, display, position };
    });
  const first = await (await page.goto("/deals"))!.text();
  expect(first).toContain("<style>");
  expect(first).not.toContain('<link rel="stylesheet"');
  const inlinedStyle = await styleOf();

  const held = async () => (await page.context().cookies()).find((cookie) => cookie.name === "css")?.value;
  if (!jsEnabled) {
    await page.waitForLoadState("load");
    expect(await held()).toBeUndefined();
    expect(await (await page.reload())!.text()).toContain("<style>");
    return;
  }
  await expect.poll(held).toMatch(/^app-[\w-]+\.css$/);
  const stylesheetHref = `/assets/${await held()}`;
  for (const path of ["/deals", "/cart"]) {
    const again = await (await page.goto(path))!.text();
    expect(again, path).not.toContain("<style>");
    expect(again, path).toContain(`<link rel="stylesheet" href="${stylesheetHref}"/>`);
  }
  await page.goto("/deals");
  expect(await styleOf()).toEqual(inlinedStyle);
  // A cookie naming another build's file gets the stylesheet inlined again.
  await page.context().addCookies([{ name: "css", value: "app-old.css", url: page.url() }]);
  expect(await (await page.reload())!.text()).toContain("<style>");
});

test("at start-up the page clears the caches an earlier version left (the spec's start-up rule)", async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, "clearing the browser's caches takes a script");
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(async () => {
    const cache = await caches.open("old-app-v1");
    await cache.put("/old-page", new Response("stale"));
  });
  expect(await page.evaluate(() => caches.keys())).toEqual(["old-app-v1"]);
  await page.goto("/faq");
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => caches.keys()), { timeout: 8000 }).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
});
