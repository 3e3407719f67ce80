// The page sweep: every page of the route table, in Hebrew and in English, as a guest, a
// shopper, a vendor and an admin, on a 360 px phone. It fails on what a person sees broken on
// any screen, whichever spec owns it: a raw translation key, a page wider than the phone, and a
// shekel sign that sits on one side of an amount here and on the other side there, an emoji used
// as an icon (an empty box where no emoji font is installed: icons are inline SVG), text cut off
// in the first screen with no "…" to say so, what axe
// finds (accessibility rules, best practices included) on the hydrated page, and, on an English
// page, Hebrew in the main content that is not the data people typed (issue #47).
// Runs in its own Playwright project ("sweep", JavaScript on: hydrated widgets are the wider ones).
import type { Browser, BrowserContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { dealUnitsFrom, unitCatalog, type UnitWords } from "../../app/domain/units";
import { unsubscribeToken } from "../../app/services/unsubscribe-token.server";
import { closedWeekWithSale, DEMO_ADMIN, DEMO_USER, expect, logIn, newPerson, placePickupOrder, test, waitForHydration } from "./fixtures";

const DEMO_VENDOR = { email: "vendor@shuk.example", password: "shuk-vendor-2026" };
const PHONE = { width: 360, height: 740 };
const LANGUAGES = ["he", "en"] as const;
/** axe-core's browser build, evaluated in each page (evaluate is not subject to the page's CSP). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Every page of app/routes.ts a browser opens with GET (no resource routes, no /logout). */
const PLAIN_PAGES = [
  "/", "/login", "/signup", "/forgot-password", "/reset-password", "/auth/magic", "/onboarding/community",
  "/profile", "/profile/edit", "/profile/addresses", "/invite", "/settings",
  "/admin", "/admin/create", "/admin/cycles", "/admin/communities", "/admin/audit", "/admin/mail",
  "/deals", "/cart", "/checkout", "/shipping", "/order-success", "/orders", "/favorites", "/notifications", "/groups",
  "/about", "/contact", "/terms", "/privacy", "/faq",
  "/vendor", "/vendor/dashboard", "/vendor/guide", "/vendor/support", "/vendor/new-deal", "/vendor/statements",
  "/admin/vendor-applications", "/admin/deals", "/no-such-page",
];

/** Reads the server's database (the ids behind the param pages). */
function firstValue(sql: string, ...params: unknown[]): string {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set: global-setup did not run");
  const db = new Database(file, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    const value = db.prepare(sql).pluck().get(...params);
    if (typeof value !== "string") throw new Error(`no row for: ${sql}`);
    return value;
  } finally {
    db.close();
  }
}

let closedWeek: string | null = null;
/** One closed week with a sale of the demo farmer's, made once per worker. */
function closedWeekId(): string {
  closedWeek ??= closedWeekWithSale(DEMO_VENDOR.email, "תרד מהשבוע שעבר").cycleId;
  return closedWeek;
}

/** One real instance of each page with a param, from the demo data (and the shopper's order). */
function paramPages(orderId: string | null, inviteCode: string): string[] {
  const deal = firstValue("SELECT slug FROM deals WHERE status = 'ACTIVE' ORDER BY slug LIMIT 1");
  const vendorDeal = firstValue(
    "SELECT d.id FROM deals d JOIN vendors v ON v.id = d.vendor_id JOIN users u ON u.id = v.user_id WHERE u.email = ? ORDER BY d.slug LIMIT 1",
    DEMO_VENDOR.email,
  );
  const anyDeal = firstValue("SELECT id FROM deals ORDER BY slug LIMIT 1");
  const community = firstValue("SELECT id FROM communities ORDER BY name LIMIT 1");
  const cycle = firstValue("SELECT id FROM weekly_cycles ORDER BY week_start_date DESC LIMIT 1");
  const shopper = firstValue("SELECT id FROM users WHERE email = ?", DEMO_USER.email);
  return [
    // An optional mail's unsubscribe page, signed with the test server's secret (global-setup.ts).
    `/unsubscribe/${unsubscribeToken("e2e-session-secret", shopper, "weeklyDigest")}`,
    `/deals/${deal}`,
    `/invite/${inviteCode}`,
    `/admin/communities/${community}`,
    `/admin/cycles/${cycle}`,
    `/admin/cycles/${cycle}/pickup`,
    // A closed week the demo farmer sold in: the admin's payouts, and her statement on /vendor/statements.
    `/admin/cycles/${closedWeekId()}`,
    `/vendor/deals/${vendorDeal}/edit`,
    `/admin/deals/${anyDeal}/edit`,
    ...(orderId
      ? [`/orders/${orderId}`, `/orders/${orderId}/receipt`, `/checkouts/${firstValue("SELECT coalesce(checkout_id, id) FROM orders WHERE id = ?", orderId)}/receipt`, `/order-success?orderId=${orderId}`]
      : []),
    // The checkout's details step for home delivery (the widest form); /checkout alone starts at /shipping.
    "/checkout?deliveryType=DELIVERY",
  ];
}

/** Every key path of the Hebrew locale files ("faq.items.cancelOrEdit.q"), plural bases too. */
function localeKeys(): { keys: Set<string>; sections: Set<string> } {
  const keys = new Set<string>();
  const sections = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) walk(child, prefix ? `${prefix}.${key}` : key);
    } else {
      keys.add(prefix);
      keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ""));
    }
  };
  const dir = path.join(process.cwd(), "app/locales/he");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const json = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;
    for (const section of Object.keys(json)) sections.add(section);
    walk(json, "");
  }
  return { keys, sections };
}

const { keys: KEYS, sections: SECTIONS } = localeKeys();

/** Dotted identifiers that are translation keys: a known key path, or a known section's dotted name. */
function rawKeysIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?<![@\w/.:-])[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+(?![\w@-])/g)) {
    const token = match[0];
    const first = token.split(".")[0]!;
    if (KEYS.has(token) || (SECTIONS.has(first) && /\.[a-z][A-Za-z0-9_]*$/.test(token)) || (token.split(".").length > 2 && /[A-Z]/.test(token))) {
      found.add(token);
    }
  }
  return [...found];
}

/**
 * Columns whose stored Hebrew may be the product's own words, not what a person typed: a tier's
 * name is shown by its level in English, and a deal's unit of the unit list by its English name
 * (a unit typed by hand before the list is the vendor's own word, and counts as typed).
 */
const PRODUCT_WORDS = new Set(["deals.unit", "community_tiers.tier_name"]);
const HEBREW = /[\u05D0-\u05EA]/;
const UNITS = (() => {
  const words = (lng: string) => (JSON.parse(fs.readFileSync(path.join(process.cwd(), `app/locales/${lng}/back-office.json`), "utf8")) as { backOffice: UnitWords }).backOffice;
  return unitCatalog(dealUnitsFrom(words("he"), words("en")));
})();

/**
 * What people typed, as stored (deal titles and descriptions, community, vendor and people's
 * names, addresses, reviews, the admins' site settings, notifications already written): every
 * text value of the database with Hebrew in it, each line of it, and the strings inside JSON.
 */
function userTexts(): string[] {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set: global-setup did not run");
  const db = new Database(file, { readonly: true });
  const texts = new Set<string>();
  const add = (value: unknown): void => {
    if (typeof value !== "string" || !HEBREW.test(value)) return;
    if (/^[[{]/.test(value.trim())) {
      try {
        const parsed: unknown = JSON.parse(value);
        const walk = (node: unknown): void => {
          if (typeof node === "string") add(node);
          else if (node && typeof node === "object") for (const child of Object.values(node)) walk(child);
        };
        return walk(parsed);
      } catch {
        // not JSON: the text itself
      }
    }
    texts.add(value.trim());
    for (const line of value.split(/\n+/)) if (HEBREW.test(line)) texts.add(line.trim());
  };
  try {
    db.pragma("busy_timeout = 5000");
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").pluck().all() as string[];
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[]).filter((c) => /text/i.test(c.type) && !PRODUCT_WORDS.has(`${table}.${c.name}`));
      for (const column of columns) for (const value of db.prepare(`SELECT DISTINCT "${column.name}" FROM "${table}"`).pluck().all()) add(value);
    }
    for (const unit of db.prepare("SELECT DISTINCT unit FROM deals").pluck().all() as string[]) if (!UNITS.knownUnit(unit)) add(unit);
    // Avatar initials, the first letters of a person's names (services/header.server.ts).
    for (const person of db.prepare("SELECT first_name AS firstName, last_name AS lastName FROM users").all() as { firstName: string | null; lastName: string | null }[]) {
      add([person.firstName, person.lastName].filter(Boolean).map((part) => part!.trim()[0]).join(""));
    }
  } finally {
    db.close();
  }
  // Longest first: a title is taken out before a shorter name inside it.
  return [...texts].filter(Boolean).sort((a, b) => b.length - a.length);
}

/**
 * Text in the page's main content with Hebrew letters left once what people typed is taken out:
 * the product's own words in Hebrew on an English page ("per ק״ג", "Current tier: רגיל"). A part
 * marked as Hebrew (lang="he") and the choices of a list (a community picker) are passed over.
 */
async function hebrewInMain(page: Page, typed: string[]): Promise<string[]> {
  return page.evaluate((typedTexts) => {
    const hebrew = /[\u05D0-\u05EA]/;
    const main = document.querySelector("main");
    if (!main) return [];
    const found: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!hebrew.test(node.data)) continue;
      const parent = node.parentElement;
      if (!parent || parent.closest('[lang="he"], option, select, textarea, script, style, template') || !parent.checkVisibility()) continue;
      let rest = node.data;
      for (const text of typedTexts) if (rest.includes(text)) rest = rest.split(text).join(" ");
      if (hebrew.test(rest)) found.push(node.data.trim().slice(0, 80));
    }
    return [...new Set(found)].slice(0, 5);
  }, typed);
}

interface PageReading {
  text: string;
  scrollWidth: number;
  clientWidth: number;
  /** Amounts drawn with the shekel sign to their left ("₪ 9.90") and to their right ("9.90 ₪"). */
  signLeft: string[];
  signRight: string[];
  /** The innermost elements that stick out of the phone's width (what to fix when it overflows). */
  outside: string[];
  /** Emoji and other pictographs the page itself draws (not what people typed), with their text. */
  pictographs: string[];
  /** Text cut off in the first screen by a box too narrow for it, with no "…" to say so. */
  clipped: string[];
}

/** What the phone shows: the text (and labels a screen reader says), the width, the sign sides. */
async function read(page: Page): Promise<PageReading> {
  return page.evaluate(() => {
    const skip = /[\s\u00a0\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const signLeft: string[] = [];
    const signRight: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const s = node.data;
      for (let i = s.indexOf("₪"); i !== -1; i = s.indexOf("₪", i + 1)) {
        // The digits next to the sign, before it or after it in the text (bidi marks between).
        let from = -1;
        let to = -1;
        let j = i - 1;
        while (j >= 0 && skip.test(s[j]!)) j--;
        if (j >= 0 && /\d/.test(s[j]!)) {
          to = j + 1;
          from = j;
          while (from > 0 && /[\d.,]/.test(s[from - 1]!)) from--;
        } else {
          j = i + 1;
          while (j < s.length && skip.test(s[j]!)) j++;
          if (j < s.length && /\d/.test(s[j]!)) {
            from = j;
            to = j + 1;
            while (to < s.length && /[\d.,]/.test(s[to]!)) to++;
          }
        }
        if (from === -1) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const sign = range.getBoundingClientRect();
        range.setStart(node, from);
        range.setEnd(node, to);
        const amount = range.getBoundingClientRect();
        if (sign.width === 0 || amount.width === 0) continue; // not drawn
        const label = `${s.slice(from, to)} (${s.trim().slice(0, 60)})`;
        (sign.left + sign.width / 2 < amount.left + amount.width / 2 ? signLeft : signRight).push(label);
      }
    }
    // A pictograph in the page's own text is an icon drawn with an emoji font that a phone may
    // lack. What people typed (names, titles, reviews) is isolated in <bdi> or dir="auto", and
    // may hold emoji; ©, ® and ™ are ordinary text characters.
    const pictographs: string[] = [];
    const pictograph = /(?![\u00a9\u00ae\u2122])\p{Extended_Pictographic}/u;
    const pictographWalker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = pictographWalker.nextNode() as Text | null; node; node = pictographWalker.nextNode() as Text | null) {
      const found = node.data.match(pictograph);
      const parent = node.parentElement;
      if (!found || !parent || parent.closest("bdi, [dir=auto], script, style, noscript, textarea")) continue;
      pictographs.push(`${found[0]} in <${parent.tagName.toLowerCase()}>${node.data.trim().slice(0, 40)}`);
    }
    const labels = [...document.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")]
      .map((el) => ["placeholder", "aria-label", "title", "alt"].map((name) => el.getAttribute(name) ?? "").join(" "))
      .join("\n");
    const width = document.documentElement.clientWidth;
    const sticksOut = (el: Element) => {
      const rect = el.getBoundingClientRect();
      return rect.width > 2 && (rect.right > width + 1 || rect.left < -1) && el.checkVisibility();
    };
    // What scrolls inside a box of its own (a table, a tab strip) does not widen the page.
    const scrolls = (el: Element | null): boolean => !!el && el !== document.body && (/auto|scroll|hidden|clip/.test(getComputedStyle(el).overflowX) || scrolls(el.parentElement));
    // Where the page first escapes: an element out of bounds whose parent is within them.
    const outside = [...document.body.querySelectorAll("*")]
      .filter((el) => sticksOut(el) && el.parentElement && !sticksOut(el.parentElement) && !scrolls(el.parentElement))
      .slice(0, 4)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">${(el.textContent ?? "").trim().slice(0, 30)}`);
    // Text a box cuts off in the first screen with nothing to say so: a box that hides what
    // overflows it sideways (hidden or clip), holds text wider than itself, and shows no "…".
    // A box that scrolls (auto, scroll) has its own cue; the screen-reader-only texts are 1 px
    // boxes on purpose.
    const firstScreen = window.innerHeight;
    const clipped = [...document.body.querySelectorAll("*")]
      .filter((el) => {
        const style = getComputedStyle(el);
        if (!/hidden|clip/.test(style.overflowX) || style.textOverflow === "ellipsis") return false;
        const box = el as HTMLElement;
        if (box.clientWidth <= 1 || box.scrollWidth <= box.clientWidth + 1) return false;
        const rect = el.getBoundingClientRect();
        if (rect.top >= firstScreen || rect.bottom <= 0 || !el.checkVisibility()) return false;
        // What sticks out must be text that is drawn, not a picture or an animation's frame.
        const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          if (!node.textContent!.trim() || !node.parentElement?.checkVisibility()) continue;
          range.selectNodeContents(node);
          const r = range.getBoundingClientRect();
          if (r.width > 1 && (r.right > rect.right + 1 || r.left < rect.left - 1)) return true;
        }
        return false;
      })
      .slice(0, 4)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">${(el.textContent ?? "").trim().slice(0, 40)}`);
    return {
      outside,
      clipped,
      pictographs,
      text: `${document.title}\n${document.body.innerText}\n${labels}`,
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      signLeft,
      signRight,
    };
  });
}

/** axe's violations on the page as it stands: "rule (impact): first elements, each with the start of its HTML". */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[]; html: string }[] }[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.html.slice(0, 90)}`).join(" | ")}`);
  });
}

/** Opens the page and waits for hydration; the document's HTML as it came. */
async function open(page: Page, url: string): Promise<string> {
  const response = await page.goto(url);
  await waitForHydration(page);
  return (await response?.text()) ?? "";
}

/** Walks `pages` in both languages; returns every problem found, one line each. */
async function sweep(context: BrowserContext, persona: string, pages: string[]): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`${persona} ${page.url()}: script error: ${error.message}`));
  let typed: string[] = [];
  for (const lng of LANGUAGES) {
    // Read after the Hebrew walk: what the pages themselves stored (an invitation) counts too.
    if (lng === "en") typed = userTexts();
    // The language cookie too, not only ?lng=: a page that redirects keeps the language.
    await context.addCookies([{ name: "lng", value: encodeURIComponent(btoa(JSON.stringify(lng))), url: process.env.E2E_BASE_URL! }]);
    const signs = { left: [] as string[], right: [] as string[] };
    for (const pathname of pages) {
      const url = `${pathname}${pathname.includes("?") ? "&" : "?"}lng=${lng}`;
      await open(page, url);
      const where = `${persona} ${lng} ${pathname}${page.url().includes(pathname) ? "" : ` (at ${new URL(page.url()).pathname})`}`;
      const reading = await read(page);
      for (const key of rawKeysIn(reading.text)) problems.push(`${where}: raw key "${key}"`);
      if (reading.scrollWidth > reading.clientWidth + 1) problems.push(`${where}: ${reading.scrollWidth} px wide on a ${reading.clientWidth} px phone: ${reading.outside.join(" | ")}`);
      for (const found of reading.pictographs) problems.push(`${where}: an emoji as an icon: ${found}`);
      for (const box of reading.clipped) problems.push(`${where}: text cut off in the first screen with no cue: ${box}`);
      if (reading.signLeft.length && reading.signRight.length) {
        problems.push(`${where}: the shekel sign on both sides: ${reading.signLeft[0]} and ${reading.signRight[0]}`);
      }
      for (const violation of await axeViolations(page)) problems.push(`${where}: axe ${violation}`);
      if (lng === "en") for (const text of await hebrewInMain(page, typed)) problems.push(`${where}: Hebrew on an English page: "${text}"`);
      signs.left.push(...reading.signLeft.map((s) => `${pathname} ${s}`));
      signs.right.push(...reading.signRight.map((s) => `${pathname} ${s}`));
    }
    // One language draws the sign on one side on every page, not only within one page.
    if (signs.left.length && signs.right.length) {
      problems.push(`${persona} ${lng}: the shekel sign on both sides across pages: ${signs.left[0]} and ${signs.right[0]}`);
    }
  }
  await page.close();
  return problems;
}

async function phone(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    baseURL: process.env.E2E_BASE_URL,
    locale: "he-IL",
    timezoneId: "Asia/Jerusalem",
  });
  return context;
}

/** A new shopper with an order, a line in the cart and an invitation link to share. */
async function shopperWithHistory(page: Page): Promise<{ orderId: string; inviteCode: string }> {
  const person = newPerson();
  const communities = await (await page.request.get("/api/communities")).json();
  const response = await page.request.post("/api/auth/signup", {
    data: { email: person.email, password: person.password, firstName: person.firstName, lastName: person.lastName, communityId: communities[0].id },
  });
  expect(response.status()).toBe(201);
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  const deal = firstValue("SELECT slug FROM deals WHERE status = 'ACTIVE' ORDER BY slug LIMIT 1");
  const orderId = await placePickupOrder(page, deal);
  // The cart with a line: its steppers and totals are the widest thing a shopper sees.
  await page.goto(`/deals/${deal}`);
  await page.getByRole("button", { name: "הוספה לעגלה" }).click();
  await expect(page.getByText("המוצר נוסף לעגלה")).toBeVisible();
  await page.goto("/profile");
  await page.getByRole("button", { name: "לקבלת הקישור שלי" }).click();
  await expect(page).toHaveURL(/#invite/);
  const inviteCode = firstValue(
    "SELECT r.ref_code FROM referrals r JOIN users u ON u.id = r.created_by_user_id WHERE u.email = ? ORDER BY r.created_at DESC LIMIT 1",
    person.email,
  );
  return { orderId, inviteCode };
}

/** The demo shopper's invitation link (made on /profile if it has none yet). */
async function demoInviteCode(browser: Browser): Promise<string> {
  const context = await phone(browser);
  const page = await context.newPage();
  await logIn(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await page.goto("/profile");
  const create = page.getByRole("button", { name: "לקבלת הקישור שלי" });
  if (await create.isVisible()) {
    await create.click();
    await expect(page).toHaveURL(/#invite/);
  }
  await context.close();
  return firstValue(
    "SELECT r.ref_code FROM referrals r JOIN users u ON u.id = r.created_by_user_id WHERE u.email = ? AND r.deal_id IS NULL LIMIT 1",
    DEMO_USER.email,
  );
}

test.describe("every page at 360 px in Hebrew and English", () => {
  // One browser context per persona, reused for every page; the walk takes a while.
  // About 2 minutes a persona on a quiet 2-core machine; a busy one (a build beside it) took over 4.
  test.describe.configure({ timeout: 600_000 });

  test("as a shopper", async ({ browser }) => {
    const context = await phone(browser);
    const setup = await context.newPage();
    const { orderId, inviteCode } = await shopperWithHistory(setup);
    await setup.close();
    expect(await sweep(context, "shopper", [...PLAIN_PAGES, ...paramPages(orderId, inviteCode)])).toEqual([]);
    await context.close();
  });

  test("as a guest", async ({ browser }) => {
    const inviteCode = await demoInviteCode(browser);
    const context = await phone(browser);
    expect(await sweep(context, "guest", [...PLAIN_PAGES, ...paramPages(null, inviteCode)])).toEqual([]);
    await context.close();
  });

  // The header's own search shows only from 1024 px: two search landmarks meet on a desktop.
  test("as a guest on a desktop, axe finds nothing", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: process.env.E2E_BASE_URL, locale: "he-IL", timezoneId: "Asia/Jerusalem" });
    const page = await context.newPage();
    const problems: string[] = [];
    for (const lng of LANGUAGES) {
      for (const pathname of PLAIN_PAGES) {
        await open(page, `${pathname}?lng=${lng}`);
        for (const violation of await axeViolations(page)) problems.push(`guest desktop ${lng} ${pathname}: axe ${violation}`);
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [persona, account] of [
    ["vendor", DEMO_VENDOR],
    ["admin", DEMO_ADMIN],
  ] as const) {
    test(`as the ${persona}`, async ({ browser }) => {
      const inviteCode = await demoInviteCode(browser);
      const context = await phone(browser);
      const page = await context.newPage();
      await logIn(page, account.email, account.password);
      await expect(page.getByTestId("user-menu")).toBeVisible();
      await page.close();
      expect(await sweep(context, persona, [...PLAIN_PAGES, ...paramPages(null, inviteCode)])).toEqual([]);
      await context.close();
    });
  }
});
