// Issue #45: the organiser's whole first hour on an empty production database (no demo data),
// in one journey, with JavaScript on and off (the js-on and js-off projects): the one-time setup
// link makes the first admin, who fills in the site settings, opens a community with no weekly
// minimum and its pickup point; a farmer applies on /vendor (the admin is mailed), is approved and
// puts up a deal with a phone's 4000x3000 JPEG; the admin activates it; a shopper signs up and
// buys; the admin closes the week now, ticks her off on the pickup day, and her receipt names the
// organiser's business. A server of its own: the shared one holds the demo market. Each step is
// timed; the table is printed at the end and attached as the test's "step" annotations.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { slugify } from "../../app/domain/slug";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, placePickupOrder, signUp, test, waitForHydration, type NewPerson } from "./fixtures";

const ADMIN = { email: "organiser@gefen.example", password: "organiser-password-2026" };
const BUSINESS = { name: "משק הגפן בע״מ", registration: "514123456", address: "רחוב הגפן 12, זכרון יעקב", phone: "04-6391234", email: "office@gefen.example" };
const COMMUNITY = "שכונת הגפן";
const POINT = "רחוב הגפן 12";
const FARM = "משק הזית של רונית";
const VENDOR: NewPerson = { email: "ronit@zait.example", password: "ronit-password-2026", firstName: "רונית", lastName: "זיתוני" };
const SHOPPER: NewPerson = { email: "michal@shopper.example", password: "michal-password-2026", firstName: "מיכל", lastName: "אברהמי" };
const DEAL = "עגבניות שרי מהחממה של רונית";

/**
 * A phone's photo: 4000x3000, gradients and sensor-like noise (about 3 MB, not a flat colour
 * that compresses to nothing), taken with the phone turned (EXIF orientation 6: shown upright it
 * is 3000 wide and 4000 tall).
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 45;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 32;
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = noise();
      raw[i] = clamp(40 + (180 * x) / width + n);
      raw[i + 1] = clamp(160 - (90 * y) / height + 30 * Math.sin(x / 120) + n);
      raw[i + 2] = clamp(60 + 50 * Math.cos(y / 200) + n);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
}

interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeWords(header: string): string {
  return header.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _charset: string, kind: string, body: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(body, "base64").toString("utf8") : Buffer.from(body.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8"),
  );
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = ""): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The text of one .eml: its text/* parts decoded (a multipart's parts, or the whole body). */
function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  let text = "";
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const end = part.search(/\r?\n\r?\n/);
      if (end === -1) continue;
      const partHeaders = headersOf(part.slice(0, end).replace(/^\r?\n/, ""));
      if (/^text\//i.test(partHeaders["content-type"] ?? "")) text += decodeBody(part.slice(end).trim(), partHeaders["content-transfer-encoding"]) + "\n";
    }
  } else {
    text = decodeBody(body, headers["content-transfer-encoding"]);
  }
  return { file, to: headers.to ?? "", subject: decodeWords(headers.subject ?? ""), text };
}

/** Every mail in the server's outbox (no SMTP_URL: each mail is an .eml file there). */
function outbox(server: BuiltServer): Mail[] {
  const dir = path.join(server.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}

test("the organiser's first hour on an empty market: setup link to the shopper's receipt", async ({ browser, jsEnabled }, testInfo) => {
  // One long journey through three people's screens on a server of its own, on a shared two-core machine.
  test.setTimeout(600_000);
  const timings: { name: string; ms: number }[] = [];
  const contexts: BrowserContext[] = [];
  const browserErrors: string[] = [];
  let server: BuiltServer | undefined;
  let origin = "";

  /** A step of the journey, timed. */
  async function step<T>(name: string, body: () => Promise<T>): Promise<T> {
    const started = Date.now();
    try {
      return await test.step(name, body);
    } finally {
      const ms = Date.now() - started;
      timings.push({ name, ms });
      testInfo.annotations.push({ type: "step", description: `${name}: ${(ms / 1000).toFixed(1)} s` });
    }
  }

  /** One person's own browser (cookies of her own), on this server, with the project's JavaScript setting. */
  async function person(who: string, b: Browser): Promise<Page> {
    const context = await b.newContext({ baseURL: origin, javaScriptEnabled: jsEnabled, locale: "he-IL", timezoneId: "Asia/Jerusalem", viewport: { width: 1280, height: 720 } });
    contexts.push(context);
    const page = await context.newPage();
    // As the fixtures' failOnBrowserErrors does for the default page.
    page.on("pageerror", (error) => browserErrors.push(`${who}: pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
        browserErrors.push(`${who}: console.error: ${message.text()}`);
      }
    });
    return page;
  }

  /** With JavaScript, waits for React before a form is touched (see waitForHydration). */
  async function ready(page: Page) {
    if (jsEnabled) await waitForHydration(page);
  }

  try {
    server = await step("0. server starts on an empty database", async () => {
      // No ADMIN_SECRET: the first admin comes from the link the server prints. No SMTP_URL
      // either: mail goes to the outbox folder beside the database, as on a bare self-host.
      const started = await startBuiltServer({ DEMO_DATA: "", WEB_CONCURRENCY: "1", SMTP_URL: "" });
      // localhost, not 127.0.0.1: the browser keeps the Secure session cookie there.
      origin = `http://localhost:${started.port}`;
      return started;
    });
    const admin = await person("admin", browser);

    await step("1. setup link -> first admin -> /admin", async () => {
      let link: RegExpExecArray | null = null;
      await expect.poll(() => (link = /\/admin\/create\?setup=[\w-]+/.exec(server!.output())), { message: `the setup link in the server's output:\n${server!.output()}` }).not.toBeNull();
      await admin.goto(link![0]);
      await expect(admin.getByRole("heading", { level: 1, name: "יצירת מנהל חדש" })).toBeVisible();
      // The link stands in for the secret code: only an e-mail and a password to type.
      await expect(admin.getByLabel("קוד סודי")).toHaveCount(0);
      await ready(admin);
      await admin.getByLabel("כתובת מייל").fill(ADMIN.email);
      await admin.getByLabel("סיסמה", { exact: true }).fill(ADMIN.password);
      await admin.getByLabel("אימות סיסמה").fill(ADMIN.password);
      await admin.getByRole("button", { name: "יצירת אדמין" }).click();
      // The form signs her in and takes her to her dashboard.
      await expect(admin).toHaveURL(`${origin}/admin`);
      await expect(admin.getByTestId("user-menu")).toBeVisible();
      await expect(admin.getByTestId("getting-started")).toBeVisible();
    });

    await step("2. site settings: the organiser's business", async () => {
      await admin.goto("/admin/settings");
      await expect(admin.getByRole("heading", { level: 1, name: "הגדרות האתר" })).toBeVisible();
      await expect(admin.getByTestId("settings-missing")).toBeVisible();
      await ready(admin);
      await admin.getByLabel("שם העסק (עברית)").fill(BUSINESS.name);
      await admin.getByLabel("ח.פ. / ע.מ.").fill(BUSINESS.registration);
      await admin.getByLabel("כתובת (עברית)").fill(BUSINESS.address);
      await admin.getByLabel("טלפון", { exact: true }).fill(BUSINESS.phone);
      await admin.getByLabel("מייל", { exact: true }).fill(BUSINESS.email);
      await admin.getByRole("button", { name: "שמירת ההגדרות" }).click();
      await expect(admin.getByText("ההגדרות נשמרו")).toBeVisible();
      await admin.reload();
      await expect(admin.getByLabel("שם העסק (עברית)")).toHaveValue(BUSINESS.name);
      await expect(admin.getByTestId("settings-missing")).toHaveCount(0);
    });

    const communityPath = await step("3. community with no minimum, and its pickup point", async () => {
      await admin.goto("/admin/communities");
      await expect(admin.getByLabel("ללא מינימום: כל שבוע יוצא לפועל")).toBeChecked();
      await ready(admin);
      await admin.getByLabel("שם הקהילה").fill(COMMUNITY);
      await admin.getByRole("button", { name: "פתיחת הקהילה" }).click();
      await expect(admin.getByText(`הקהילה ${COMMUNITY} נפתחה`)).toBeVisible();
      await expect(admin.getByRole("heading", { level: 1 })).toContainText(COMMUNITY);
      const pathname = new URL(admin.url()).pathname;
      await ready(admin);
      const points = admin.locator("#pickup-points");
      await points.getByLabel("כתובת הנקודה").fill(POINT);
      await points.getByLabel("שישי").check();
      await points.getByLabel("משעה").fill("10:00");
      await points.getByLabel("עד שעה").fill("13:00");
      await points.getByRole("button", { name: "הוספת הנקודה" }).click();
      await expect(admin.getByText("נקודת האיסוף נוספה")).toBeVisible();
      await expect(admin.getByTestId("open-cycle")).toContainText("ללא מינימום");
      return pathname;
    });
    expect(communityPath).toMatch(/^\/admin\/communities\/.+/);

    const vendor = await person("vendor", browser);
    await step("4. a farmer signs up on /vendor and applies; the admin is mailed", async () => {
      await vendor.goto("/vendor");
      await expect(vendor.getByRole("heading", { name: "מוכרים בשוק הקהילתי" })).toBeVisible();
      await ready(vendor);
      await vendor.getByTestId("vendor-apply-top").click();
      await vendor.getByTestId("vendor-signup-link").click();
      await expect(vendor).toHaveURL(/\/signup\?as=vendor/);
      // The farmer's sign-up asks for no shoppers' community.
      await expect(vendor.getByLabel("הקהילה שלי")).toHaveCount(0);
      await ready(vendor);
      await vendor.getByLabel("שם פרטי").fill(VENDOR.firstName);
      await vendor.getByLabel("שם משפחה").fill(VENDOR.lastName);
      await vendor.getByLabel("כתובת מייל").fill(VENDOR.email);
      await vendor.getByLabel("סיסמה", { exact: true }).fill(VENDOR.password);
      await vendor.getByLabel("אימות סיסמה").fill(VENDOR.password);
      await vendor.getByLabel(/קראתי ואני מסכים/).check();
      await vendor.getByRole("button", { name: "יצירת חשבון" }).click();
      await expect(vendor).toHaveURL(/\/vendor(#apply)?$/);
      await expect(vendor.getByTestId("user-menu")).toBeVisible();
      await ready(vendor);
      await vendor.getByLabel("שם העסק או המשק").fill(FARM);
      await expect(vendor.getByLabel("שם איש הקשר")).toHaveValue(`${VENDOR.firstName} ${VENDOR.lastName}`);
      await expect(vendor.getByLabel("מייל לעדכונים")).toHaveValue(VENDOR.email);
      await vendor.getByLabel("טלפון").fill("050-7654321");
      await vendor.getByLabel("מה אתם מגדלים ומוכרים?").fill("עגבניות שרי, מלפפונים ופלפלים מהחממה שלנו, כל שבוע.");
      await vendor.getByRole("button", { name: "שליחת הבקשה" }).click();
      await expect(vendor.getByRole("status").filter({ hasText: "הבקשה נשלחה" })).toBeVisible();
      await expect(vendor.getByTestId("vendor-apply-pending")).toContainText(FARM);

      // The admin's alert mail, in the outbox (it goes after the application's commit).
      let alert: Mail | undefined;
      await expect
        .poll(() => (alert = outbox(server!).find((mail) => mail.to.includes(ADMIN.email) && mail.subject === "בקשת ספק חדשה")), { message: "an alert mail to the admin about the application" })
        .toBeDefined();
      expect(alert!.text).toContain(FARM);
      expect(alert!.text).toContain("/admin/vendor-applications");
    });

    await step("5. the admin approves the farmer", async () => {
      await admin.goto("/admin/vendor-applications");
      await expect(admin.getByRole("heading", { name: "בקשות ספקים", level: 1 })).toBeVisible();
      const card = admin.getByTestId("vendor-application").filter({ hasText: FARM });
      await expect(card.getByTestId("vendor-application-status")).toHaveText("ממתינה");
      await ready(admin);
      await card.getByRole("button", { name: "אישור והפיכה לספק" }).click();
      await expect(admin.getByRole("status").filter({ hasText: `הבקשה אושרה: ${FARM}` })).toBeVisible();
      await vendor.goto("/vendor/dashboard");
      await expect(vendor.getByRole("heading", { name: "לוח הספק" })).toBeVisible();
      await expect(vendor.getByText("עוד אין לכם מבצעים")).toBeVisible();
    });

    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(1_000_000);
    await step(`6. a deal with a 4000x3000 JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MB), sent for review and activated`, async () => {
      await vendor.goto("/vendor/new-deal");
      await expect(vendor.getByRole("heading", { name: "מבצע חדש" })).toBeVisible();
      await ready(vendor);
      await vendor.getByLabel("שם המבצע").fill(DEAL);
      await vendor.getByLabel("תיאור").fill("עגבניות שרי מתוקות מהחממה במושב, נקטפות בבוקר.");
      await vendor.getByLabel("קטגוריה").selectOption("vegetables");
      await vendor.getByLabel("יחידת מכירה").selectOption("kg");
      await vendor.getByLabel("מחיר ליחידה (₪)", { exact: true }).fill("14.90");
      await vendor.getByLabel("כמות מקסימלית להזמנה").fill("30");
      await vendor.getByLabel("מכמות").first().fill("5");
      await vendor.getByLabel("מחיר ליחידה במדרגה (₪)").first().fill("13.50");
      await vendor.getByLabel("תמונות", { exact: true }).setInputFiles({ name: "IMG_20260315_071204.jpg", mimeType: "image/jpeg", buffer: photo });
      await vendor.getByRole("button", { name: "שמירה כטיוטה" }).click();
      await expect(vendor).toHaveURL(/\/vendor\/deals\/[^/]+\/edit$/, { timeout: 60_000 });
      await expect(vendor.getByText("הטיוטה נשמרה")).toBeVisible();
      const picture = vendor.getByTestId("deal-images").getByRole("img");
      await expect(picture).toHaveCount(1);
      const src = (await picture.getAttribute("src"))!;
      expect(src).toMatch(/^\/uploads\/deals\/[a-f0-9]{32}\.jpe?g$/);
      // Stored upright (the phone's turn applied), shrunk, without the camera's metadata.
      const stored = await vendor.request.get(src);
      expect(stored.status()).toBe(200);
      const meta = await sharp(await stored.body()).metadata();
      expect(meta.height!, `${meta.width}x${meta.height}`).toBeGreaterThan(meta.width!);
      expect(meta.width!).toBeLessThan(3000);
      expect(meta.orientation ?? 1).toBe(1);
      expect((await stored.body()).length).toBeLessThan(photo.length);

      await ready(vendor);
      await vendor.getByRole("button", { name: "שליחה לבדיקה" }).click();
      await expect(vendor.getByText("המבצע נשלח לבדיקה")).toBeVisible();
      await expect(vendor.getByTestId("deal-status")).toHaveText("ממתין לבדיקה");

      await admin.goto("/admin/deals");
      await expect(admin.getByRole("heading", { name: "מבצעים", level: 1 })).toBeVisible();
      const item = admin.getByTestId("review-queue-item").filter({ hasText: DEAL });
      await expect(item).toBeVisible();
      await ready(admin);
      await item.getByRole("button", { name: "אישור והעלאה לאתר" }).click();
      await expect(admin.getByText("המבצע פעיל באתר")).toBeVisible();
      await expect(admin.getByTestId("admin-deal-row").filter({ hasText: DEAL }).getByTestId("deal-status")).toHaveText("פעיל");
    });

    const shopper = await person("shopper", browser);
    const orderId = await step("7. a shopper signs up in the community and orders for pickup", async () => {
      await shopper.goto("/signup");
      await ready(shopper);
      // signUp goes to /signup again: on a hydrated page, so the community's option is there.
      await expect(shopper.getByLabel("הקהילה שלי").locator("option", { hasText: COMMUNITY })).toHaveCount(1);
      await signUp(shopper, SHOPPER, 1);
      await expect(shopper.getByTestId("user-menu")).toBeVisible();
      await shopper.goto(`/deals/${encodeURIComponent(slugify(DEAL))}`);
      await expect(shopper.getByRole("heading", { name: DEAL, level: 1 })).toBeVisible();
      await expect(shopper.getByRole("img", { name: DEAL })).toHaveAttribute("src", /^\/uploads\/deals\//);
      await ready(shopper);
      return placePickupOrder(shopper, encodeURIComponent(slugify(DEAL)));
    });
    expect(orderId).toBeTruthy();

    const cyclePath = await step("8. the admin closes the week now", async () => {
      await admin.goto(`/admin/cycles?q=${encodeURIComponent(COMMUNITY)}`);
      await expect(admin.getByTestId("cycle-row")).toHaveCount(1);
      await admin.getByTestId("cycle-row").getByRole("link", { name: "לרשימות" }).click();
      await expect(admin.getByTestId("pickup-list")).toContainText(`${SHOPPER.firstName} ${SHOPPER.lastName}`);
      const pathname = new URL(admin.url()).pathname;
      await ready(admin);
      const control = admin.getByTestId("week-control");
      await expect(control.getByTestId("week-state")).toHaveText("ללא מינימום");
      await control.locator("summary", { hasText: "לסגור את השבוע עכשיו" }).click();
      await control.getByRole("button", { name: "כן, לסגור עכשיו" }).click();
      await expect(admin.getByText("השבוע נסגר והשבוע הבא נפתח")).toBeVisible();
      await expect(admin.getByTestId("week-control")).toHaveCount(0);
      return pathname;
    });

    await step("9. pickup day: the shopper collects her order", async () => {
      await admin.goto(cyclePath);
      await admin.getByRole("link", { name: "ליום האיסוף" }).click();
      await expect(admin).toHaveURL(`${origin}${cyclePath}/pickup`);
      const name = `${SHOPPER.firstName} ${SHOPPER.lastName}`;
      const card = admin.getByTestId("pickup-shopper").filter({ hasText: name });
      await expect(card).toHaveCount(1);
      await expect(card.getByTestId("pickup-items")).toContainText(DEAL);
      await ready(admin);
      await card.getByRole("button", { name: `${name}: נאסף` }).click();
      await expect(admin.getByRole("status").filter({ hasText: `סומן: ${name} אסף/ה את ההזמנה` })).toBeVisible();
      await expect(admin.getByTestId("pickup-shopper").filter({ hasText: name }).getByTestId("pickup-state")).toHaveText("נאסף");
      await shopper.goto(`/orders/${orderId}`);
      await expect(shopper.getByTestId("order-status")).toHaveText("נאספה");
    });

    await step("10. the shopper's receipt names the organiser's business", async () => {
      await shopper.goto(`/orders/${orderId}/receipt`);
      await expect(shopper.getByRole("heading", { name: "קבלה" })).toBeVisible();
      const seller = shopper.getByTestId("receipt-seller");
      await expect(seller).toContainText(FARM);
      await expect(seller).toContainText(BUSINESS.name);
      await expect(seller).toContainText(BUSINESS.registration);
      await expect(seller).toContainText(BUSINESS.address);
      await expect(shopper.getByTestId("receipt-place")).toContainText(COMMUNITY);
      await expect(shopper.getByTestId("receipt-total")).toContainText("₪");
    });

    expect(browserErrors, "errors in the browser").toEqual([]);
  } finally {
    for (const context of contexts) await context.close().catch(() => {});
    const log = server?.output() ?? "";
    await server?.stop();
    if (/\bError\b/.test(log)) await testInfo.attach("server.log", { body: log, contentType: "text/plain" });
    const total = timings.reduce((sum, { ms }) => sum + ms, 0);
    const width = Math.max(...timings.map(({ name }) => name.length), 5);
    console.log(
      [`first hour (${testInfo.project.name}):`, ...timings.map(({ name, ms }) => `  ${name.padEnd(width)}: ${(ms / 1000).toFixed(1)} s`), `  ${"total".padEnd(width)}: ${(total / 1000).toFixed(1)} s`].join("\n"),
    );
  }
});
