// Issue #45: the admins are told when something waits for them (a notification each and a mail
// each, in their own language), the dashboard and the admin tabs count what waits, and an empty
// install's dashboard lists its first steps, ticking them off as the data appears.
import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { migrateDatabase, openDatabase, type Db } from "~/db/client.server";
import { communities, communityTiers, deals, groups, notifications, pickupPoints, users, vendors, weeklyCycles } from "~/db/schema";
import { DEMO_ADMIN, DEMO_VENDOR } from "~/demo/seed.server";
import { createCommunity } from "~/services/admin-communities.server";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { placeOrder } from "~/services/orders.server";
import { linkIn, type CaughtMail } from "../support/mail-catcher";
import { useMailCatcher } from "../support/use-mail-catcher";
import { getPageAs, signUpShopper, tokenOf } from "../support/sign-in";
import { copyTemplateDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

let dir = "";
let current: Db | undefined;
const db = () => {
  if (!current) throw new Error("no database outside a test");
  return current;
};
const app = useTestServer(db);

const mail = useMailCatcher();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-admin-alerts-"));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs a test on a database of its own (the demo one, or an empty install), closed after it. */
async function withDatabase(make: () => Db, test: () => Promise<void>) {
  current = make();
  try {
    await test();
  } finally {
    // Mails queued after a commit go before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    current.$client.close();
    current = undefined;
  }
}
let counter = 0;
const emptyDatabase = () => {
  const made = openDatabase(path.join(dir, `empty-${++counter}.db`));
  migrateDatabase(made);
  return made;
};

const ENGLISH_ADMIN = { email: "", password: "second-admin-password" };

/** A second admin, who reads the site in English; returns her e-mail. */
async function englishAdmin() {
  ENGLISH_ADMIN.email = `admin-en-${crypto.randomUUID().slice(0, 8)}@example.com`;
  db().insert(users).values({ email: ENGLISH_ADMIN.email, passwordHash: await hashPassword(ENGLISH_ADMIN.password), role: "ADMIN", language: "en", firstName: "Dana" }).run();
  return ENGLISH_ADMIN.email;
}

function adminAlerts() {
  return db()
    .select({ email: users.email, language: users.language, title: notifications.title, message: notifications.message, data: notifications.data })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.type, "ADMIN_ATTENTION"))
    .all();
}

/** The mails to `address` that lead to `href`, waiting a little for those sent after a commit. */
async function mailsTo(address: string, href: string, atLeast = 1): Promise<CaughtMail[]> {
  const find = () => mail.inbox.filter((m) => m.to.includes(address) && linkIn(m.raw, href));
  for (let i = 0; i < 100 && find().length < atLeast; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return find();
}

/** The opening tag and text of the element with this test id (the first). */
function element(html: string, testId: string): { tag: string; text: string } | null {
  const match = new RegExp(`(<[a-z]+ [^>]*data-testid="${testId}"[^>]*>)(.*?)</(?:a|li|section|div)>`, "s").exec(html);
  return match ? { tag: match[1]!, text: match[2]!.replace(/<[^>]+>/g, "") } : null;
}

const application = { businessName: "משק הגפן", contactName: "רותם גפן", phone: "050-1234567", email: "", description: "ירקות אורגניים מהעמק, נקטפים בבוקר ומגיעים באותו יום." };

describe("a vendor application", () => {
  it("gives every admin an ADMIN_ATTENTION notification leading to the applications, and one mail each in their language", () =>
    withDatabase(copyTemplateDatabase, async () => {
      const english = await englishAdmin();
      const admins = db().select().from(users).where(eq(users.role, "ADMIN")).all();
      expect(admins.length).toBeGreaterThanOrEqual(2);
      const community = db().select().from(communities).limit(1).get()!;
      const person = await signUpShopper(app, community.id, { emailPrefix: "applicant", addressPrefix: "10.45" });
      const applied = await app.fetch("/api/vendor/applications", jsonInit("POST", { ...application, email: `farm-${counter}@example.com` }, person.token));
      expect(applied.status).toBe(201);

      const alerts = adminAlerts();
      expect(alerts.map((a) => a.email).sort()).toEqual(admins.map((a) => a.email).sort());
      for (const alert of alerts) expect(alert.data).toEqual({ href: "/admin/vendor-applications" });
      expect(alerts.find((a) => a.email === english)).toMatchObject({ title: "New vendor application" });
      expect(alerts.find((a) => a.email === DEMO_ADMIN.email)).toMatchObject({ title: "בקשת ספק חדשה" });
      expect(alerts.find((a) => a.email === DEMO_ADMIN.email)!.message).toContain("משק הגפן");

      for (const admin of admins) expect(await mailsTo(admin.email, "/admin/vendor-applications")).toHaveLength(1);
      const [englishMail] = await mailsTo(english, "/admin/vendor-applications");
      expect(englishMail!.raw).toContain("Subject: New vendor application");
      expect(englishMail!.raw).toContain("Content-Type: text/html");

      // A second application from the same person is refused, and its transaction tells nobody.
      const again = await app.fetch("/api/vendor/applications", jsonInit("POST", { ...application, email: "again@example.com" }, person.token));
      expect(again.status).toBe(409);
      expect(adminAlerts()).toHaveLength(admins.length);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const admin of admins) expect(await mailsTo(admin.email, "/admin/vendor-applications")).toHaveLength(1);

      // The bell and /notifications lead the admin to the page.
      const token = await tokenOf(app, DEMO_ADMIN);
      const page = await (await getPageAs(app, "/notifications", token)).text();
      expect(page).toContain('value="/admin/vendor-applications"');
    }));
});

describe("a deal sent for review", () => {
  it("tells every admin, leading to the deals tab, and the dashboard and the tabs count it", () =>
    withDatabase(copyTemplateDatabase, async () => {
      const adminToken = await tokenOf(app, DEMO_ADMIN);
      const countOnDashboard = async () => {
        const html = await (await getPageAs(app, "/admin", adminToken)).text();
        const card = /data-testid="admin-waiting-dealsInReview".*?data-testid="admin-waiting-count">(\d+)</s.exec(html);
        return { count: Number(card?.[1]), html };
      };
      const before = await countOnDashboard();

      const vendorToken = await tokenOf(app, DEMO_VENDOR);
      const created = await app.fetch(
        "/api/vendor/deals",
        jsonInit("POST", { title: "תותים מהשדה", description: "תותים אדומים ומתוקים, נקטפים בבוקר ומגיעים באותו שבוע.", category: "fruits", unit: "קופסה", basePrice: "19.90", minQty: 1, maxQty: 20, tiers: [] }, vendorToken),
      );
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = await created.json();
      expect(adminAlerts()).toHaveLength(0);
      expect((await app.fetch(`/api/vendor/deals/${id}/submit`, jsonInit("POST", undefined, vendorToken))).status).toBe(200);

      const alerts = adminAlerts();
      const admins = db().select().from(users).where(eq(users.role, "ADMIN")).all();
      expect(alerts).toHaveLength(admins.length);
      expect(alerts[0]).toMatchObject({ title: "מבצע ממתין לבדיקה", data: { href: "/admin/deals" } });
      expect(alerts[0]!.message).toContain("תותים מהשדה");
      expect(await mailsTo(DEMO_ADMIN.email, "/admin/deals")).toHaveLength(1);

      const after = await countOnDashboard();
      expect(after.count).toBe(before.count + 1);
      // The deals tab carries the count, with words for a screen reader.
      const tab = element(after.html, "admin-nav-deals")!;
      expect(tab.text).toBe(`מבצעים${after.count} (${after.count === 1 ? "מבצע אחד ממתין לבדיקה" : `${after.count} מבצעים ממתינים לבדיקה`})`);
    }));
});

describe("a week's close", () => {
  function openCycleOf(communityId: string) {
    return db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!;
  }
  async function orderIn(communityId: string) {
    const deal = db().select().from(deals).where(eq(deals.status, "ACTIVE")).orderBy(deals.slug).limit(1).get()!;
    const cycle = openCycleOf(communityId);
    const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
    const member = db().insert(users).values({ email: `member-${crypto.randomUUID().slice(0, 8)}@example.com`, communityId }).returning().get();
    return placeOrder(db(), member, { dealId: deal.id, groupId: group.id, qty: 2 }, { deliveryType: "PICKUP" });
  }

  it("tells the admins the week closed, with its revenue and tier, leading to the week", () =>
    withDatabase(copyTemplateDatabase, async () => {
      const community = db().select().from(communities).orderBy(communities.name).limit(1).get()!;
      const cycle = openCycleOf(community.id);
      db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
      await orderIn(community.id);
      db().delete(notifications).run();
      runCycleEngine(db(), cycle.orderDeadline);

      const mine = adminAlerts().filter((a) => a.data?.href === `/admin/cycles/${cycle.id}`);
      const admins = db().select().from(users).where(eq(users.role, "ADMIN")).all();
      expect(mine).toHaveLength(admins.length);
      expect(mine[0]!.title).toBe(`השבוע נסגר: ${community.name}`);
      expect(mine[0]!.message).toMatch(/₪/);
      expect(mine[0]!.message).toMatch(/המדרגה שהושגה|לא הושגה מדרגת הנחה/);
      expect(await mailsTo(DEMO_ADMIN.email, `/admin/cycles/${cycle.id}`)).toHaveLength(1);

      // Running the clock again closes nothing and tells nobody again.
      runCycleEngine(db(), cycle.orderDeadline);
      expect(adminAlerts().filter((a) => a.data?.href === `/admin/cycles/${cycle.id}`)).toHaveLength(admins.length);
    }));

  it("tells the admins a week missed its minimum and how many orders were cancelled; an empty week tells nobody", () =>
    withDatabase(copyTemplateDatabase, async () => {
      const english = await englishAdmin();
      const [first, second] = db().select().from(communities).orderBy(communities.name).limit(2).all();
      const missed = openCycleOf(first!.id);
      db().update(weeklyCycles).set({ targetRevenue: 100_000_000 }).where(eq(weeklyCycles.id, missed.id)).run();
      await orderIn(first!.id);
      await orderIn(first!.id);
      const empty = openCycleOf(second!.id);
      db().update(weeklyCycles).set({ orderDeadline: missed.orderDeadline }).where(eq(weeklyCycles.id, empty.id)).run();
      db().delete(groups).where(eq(groups.weeklyCycleId, empty.id)).run();
      db().delete(notifications).run();
      runCycleEngine(db(), missed.orderDeadline);

      const told = adminAlerts().filter((a) => a.data?.href === `/admin/cycles/${missed.id}`);
      expect(told.find((a) => a.email === english)).toMatchObject({ title: `The week missed its minimum: ${first!.name}` });
      expect(told.find((a) => a.email === english)!.message).toContain("2 orders were cancelled at no charge");
      expect(told.find((a) => a.email === DEMO_ADMIN.email)!.message).toContain("שתי הזמנות בוטלו ללא חיוב");
      expect(adminAlerts().filter((a) => a.data?.href === `/admin/cycles/${empty.id}`)).toHaveLength(0);
      expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.id, empty.id)).get()!.closedAt).not.toBeNull();
      expect(await mailsTo(english, `/admin/cycles/${missed.id}`)).toHaveLength(1);
    }));
});

describe("an empty install's dashboard", () => {
  it("shows the first steps with where each is done, ticks them off as data appears, and hides them when all are done", () =>
    withDatabase(emptyDatabase, async () => {
      const admin = db()
        .insert(users)
        .values({ email: "organiser@example.com", passwordHash: await hashPassword("organiser-password"), role: "ADMIN", firstName: "מיכל" })
        .returning()
        .get();
      const token = await tokenOf(app, { email: admin.email, password: "organiser-password" });
      const dashboard = async () => (await getPageAs(app, "/admin", token)).text();
      const doneSteps = (html: string) => [...html.matchAll(/data-testid="setup-step-(\w+)" data-done="true"/g)].map((m) => m[1]);

      let html = await dashboard();
      expect(html).toContain('data-testid="getting-started"');
      expect(html).toContain("0 מתוך 6 הושלמו");
      expect(doneSteps(html)).toEqual([]);
      // The main button leads to the first step, not to an empty list of weeks.
      expect(element(html, "admin-primary-action")).toMatchObject({ text: "הצעד הבא: יצירת הקהילה" });
      expect(element(html, "admin-primary-action")!.tag).toContain('href="/admin/communities"');
      expect(html).toMatch(/data-testid="admin-waiting-vendorApplications".*?data-testid="admin-waiting-count">0</s);
      for (const href of ["/admin/communities", "/admin/vendor-applications", "/admin/deals", "/groups"]) expect(html).toContain(`href="${href}"`);
      // The empty weeks screen leads on as well.
      expect(await (await getPageAs(app, "/admin/cycles", token)).text()).toMatch(/data-testid="no-cycles".*href="\/admin\/communities"/s);

      const community = createCommunity(db(), admin.id, { name: "שכונת הגפן", pickupDay: 4, pickupTime: "17:00", pickupAddress: "הגפן 3" } as Parameters<typeof createCommunity>[2]);
      html = await dashboard();
      expect(doneSteps(html)).toContain("community");
      expect(html).toContain(`href="/admin/communities/${community.id}#pickup-points"`);

      if (!doneSteps(html).includes("tiers")) db().insert(communityTiers).values({ communityId: community.id, minRevenue: 0, discountPercent: 5 }).run();
      db().insert(pickupPoints).values({ communityId: community.id, address: "הגפן 3", pickupStartTime: "17:00", pickupEndTime: "19:00" }).run();
      const vendor = db().insert(vendors).values({ name: "משק הגפן" }).returning().get();
      html = await dashboard();
      expect(doneSteps(html)).toEqual(["community", "tiers", "pickupPoint", "farmer"]);
      expect(html).toContain("4 מתוך 6 הושלמו");

      db().insert(deals).values({ vendorId: vendor.id, title: "ענבים", slug: "grapes", description: "ענבים מתוקים", category: "fruits", unit: "קילו", basePrice: 1500, status: "ACTIVE" }).run();
      db().insert(users).values({ email: "neighbour@example.com", communityId: community.id }).run();
      html = await dashboard();
      expect(html).not.toContain('data-testid="getting-started"');
      expect(element(html, "admin-primary-action")!.tag).toContain('href="/admin/cycles"');
    }));
});
