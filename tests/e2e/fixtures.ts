import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { linkIn } from "../support/mail-catcher";

export const DEMO_USER = { email: "demo@shuk.example", password: "shuk-demo-2026" };
export const DEMO_ADMIN = { email: "admin@shuk.example", password: "shuk-admin-2026" };

export interface NewPerson {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A person nobody has registered yet (tests share one server, so every e-mail is unique). */
export function newPerson(): NewPerson {
  return {
    email: `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: "a-long-enough-password",
    firstName: "מיכל",
    lastName: "אברהם",
  };
}

export const test = base.extend<{ jsEnabled: boolean; failOnBrowserErrors: void }>({
  // global-setup.ts starts the server on a free port and says where.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: global-setup did not run");
    await use(url);
  },
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  // A script error or a hydration mismatch in the browser fails the test that caused it.
  failOnBrowserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) {
          errors.push(`console.error: ${message.text()}`);
        }
      });
      await use();
      expect(errors, "errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has hydrated the page (a page without scripts is done on load). A field
 * filled before then keeps its text but React never hears of it: under a full run's load the
 * scripts can start seconds after the page shows.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    // The scripts start after the first paint (app/web/first-paint.server.ts): look for their starter too.
    () => !document.querySelector('script[type="module"], script[data-scripts-after-paint]') || Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
  // Widgets that switch on once hydrated (steppers, menus) render on the next frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

export async function signUp(page: Page, person: NewPerson, communityIndex = 1) {
  await page.goto("/signup");
  await page.getByLabel("שם פרטי").fill(person.firstName);
  await page.getByLabel("שם משפחה").fill(person.lastName);
  await page.getByLabel("כתובת מייל").fill(person.email);
  await page.getByLabel("סיסמה", { exact: true }).fill(person.password);
  await page.getByLabel("אימות סיסמה").fill(person.password);
  await page.getByLabel("הקהילה שלי").selectOption({ index: communityIndex });
  await page.getByLabel(/קראתי ואני מסכים/).check();
  await page.getByRole("button", { name: "יצירת חשבון" }).click();
}

export async function logIn(page: Page, email: string, password: string, path = "/login?tab=password") {
  await page.goto(path);
  await page.getByLabel("כתובת מייל").fill(email);
  await page.getByLabel("סיסמה", { exact: true }).fill(password);
  // Waits for the server's answer (and its session cookie): a page.goto right after the click
  // would otherwise cancel the sign-in on a busy machine and land on /login.
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/login"));
  await page.getByRole("button", { name: "התחברות", exact: true }).click();
  await answered;
}

export async function logOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "התנתקות" }).first().click();
}

/** A new shopper, registered through the API (fast), then signed in through the login form. */
export async function signedInShopper(page: Page, request: import("@playwright/test").APIRequestContext, communityIndex = 0) {
  const person = newPerson();
  const communities = await (await request.get("/api/communities")).json();
  const response = await request.post("/api/auth/signup", {
    data: { email: person.email, password: person.password, firstName: person.firstName, lastName: person.lastName, communityId: communities[communityIndex].id },
  });
  expect(response.status()).toBe(201);
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  return person;
}

/** A real 1x1 PNG, for the picture uploads of the deal form. */
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/**
 * A vendor of its own for this test (tests run in parallel on one server): signed up through
 * the API, then made a VENDOR with a linked vendors row, as an approved application would.
 */
export async function newVendor(request: import("@playwright/test").APIRequestContext): Promise<NewPerson> {
  const person = newPerson();
  const communities = await (await request.get("/api/communities")).json();
  const signup = await request.post("/api/auth/signup", {
    data: { email: person.email, password: person.password, firstName: person.firstName, lastName: person.lastName, communityId: communities[0].id },
  });
  expect(signup.status()).toBe(201);
  const { userId } = await signup.json();
  runOnDatabase("update users set role = 'VENDOR' where id = ?", userId);
  runOnDatabase("insert into vendors (id, name, user_id) values (?, ?, ?)", crypto.randomUUID(), `משק ${crypto.randomUUID().slice(0, 6)}`, userId);
  return person;
}

/** Runs a statement on the server's database (an arrangement no screen offers yet). */
export function runOnDatabase(sql: string, ...params: unknown[]) {
  const file = process.env.E2E_DATABASE_PATH;
  if (!file) throw new Error("E2E_DATABASE_PATH is not set: global-setup did not run");
  const db = new Database(file);
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

/** The newest link to `linkPath` in mail sent to `to` (the server sends real mail in tests). */
export async function linkFromMail(to: string, linkPath: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: global-setup did not run");
  for (let i = 0; i < 100; i++) {
    const files = fs.readdirSync(dir).filter((f) => f.startsWith(`${to}-`)).sort((a, b) => Number(b.split("-").pop()!.split(".")[0]) - Number(a.split("-").pop()!.split(".")[0]));
    for (const file of files) {
      const link = linkIn(fs.readFileSync(path.join(dir, file), "utf8"), linkPath);
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a ${linkPath} link`);
}

/**
 * Puts one deal in the cart and orders it for pickup through the checkout's three steps
 * (/shipping, then /checkout's details and review); returns the first order's id.
 */
export async function placePickupOrder(page: Page, slug: string): Promise<string> {
  await page.goto(`/deals/${slug}`);
  await page.getByRole("button", { name: "הוספה לעגלה" }).click();
  await expect(page.getByText("המוצר נוסף לעגלה")).toBeVisible();
  await page.goto("/shipping");
  // Pickup at the community's first point is already chosen.
  await page.getByRole("button", { name: "המשך לפרטים" }).click();
  await expect(page).toHaveURL(/\/checkout\?deliveryType=PICKUP/);
  await page.getByLabel("טלפון").fill("0501234567");
  await page.getByRole("button", { name: "המשך לסיכום" }).click();
  await expect(page.getByTestId("checkout-review")).toBeVisible();
  await page.getByRole("button", { name: "ביצוע ההזמנה" }).click();
  await expect(page).toHaveURL(/\/order-success/);
  return new URL(page.url()).searchParams.get("orderId")!;
}

/** A live deal of this vendor in every open week, sold in `unit`; its slug. */
export function liveDealOf(vendorEmail: string, title: string, unit: string): { id: string; slug: string } {
  const id = crypto.randomUUID();
  const slug = `farm-${crypto.randomUUID().slice(0, 8)}`;
  runOnDatabase(
    "insert into deals (id, vendor_id, title, slug, description, category, base_price, unit, status) select ?, v.id, ?, ?, 'נקטף הבוקר', 'vegetables', 900, ?, 'ACTIVE' from vendors v join users u on u.id = v.user_id where u.email = ?",
    id, title, slug, unit, vendorEmail,
  );
  runOnDatabase("insert into groups (id, community_id, weekly_cycle_id, deal_id) select lower(hex(randomblob(16))), community_id, id, ? from weekly_cycles where is_active = 1", id);
  return { id, slug };
}

/**
 * A week of the first community that closed in the past and went ahead, with one collected order
 * of 2 of this vendor's new deal at 9 ₪ and the market's share fixed at 5 %: what the farmer's
 * statement and the admin's paid mark need. Its own week of the year 2000s, so it clashes with no
 * real week; the deal has ended since, so no shop page shows it.
 */
export function closedWeekWithSale(vendorEmail: string, title: string): { cycleId: string; dealId: string } {
  const dealId = crypto.randomUUID();
  runOnDatabase(
    "insert into deals (id, vendor_id, title, slug, description, category, base_price, unit, status) select ?, v.id, ?, ?, 'נקטף הבוקר', 'vegetables', 900, 'ק״ג', 'ENDED' from vendors v join users u on u.id = v.user_id where u.email = ?",
    dealId, title, `past-${dealId.slice(0, 8)}`, vendorEmail,
  );
  const cycleId = crypto.randomUUID();
  const day = new Date(Date.UTC(2000, 0, 1) + Math.floor(Math.random() * 9000) * 86_400_000);
  const weekStart = day.toISOString().slice(0, 10);
  runOnDatabase(
    "insert into weekly_cycles (id, community_id, week_start_date, order_deadline, pickup_date, target_revenue, current_revenue, is_active, closed_at, goal_missed, market_share_bp) select ?, id, ?, ?, ?, 0, 1800, 0, ?, 0, 500 from communities order by name limit 1",
    cycleId, weekStart, day.getTime(), day.getTime() + 2 * 86_400_000, day.getTime(),
  );
  runOnDatabase(
    "insert into orders (id, user_id, deal_id, community_id, weekly_cycle_id, pickup_point_id, qty, unit_price_at_purchase, original_total, total, status, delivery_type, payment_method) select ?, u.id, ?, c.community_id, c.id, (select p.id from pickup_points p where p.community_id = c.community_id order by p.created_at, p.id limit 1), 2, 900, 1800, 1800, 'FULFILLED', 'PICKUP', 'CASH' from users u, weekly_cycles c where u.email = ? and c.id = ?",
    crypto.randomUUID(), dealId, DEMO_USER.email, cycleId,
  );
  return { cycleId, dealId };
}
