import type { Page } from "@playwright/test";
import { DEMO_ADMIN, expect, logIn, test } from "./fixtures";

async function signInAdmin(page: Page) {
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // Let the login's own redirect finish first, or it lands after our goto.
  await expect(page).toHaveURL(/\/admin$/);
}

/** The audit log filtered to one type lists a row for this community (or its pickup point). */
async function expectInAudit(page: Page, typeLabel: string, entityId: string) {
  await page.goto("/admin/audit");
  await page.getByLabel("סוג השינוי").selectOption({ label: typeLabel });
  await page.getByRole("button", { name: "הצגה" }).click();
  await expect(page).toHaveURL(/type=/);
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toContainText(typeLabel);
  await expect(rows.filter({ hasText: entityId }).first()).toContainText("admin@shuk.example");
}

test("an admin opens a community, adds a pickup point, sets tiers and the week, deactivates it, and finds it all in the audit log", async ({ page }) => {
  // One admin's whole afternoon: a dozen round trips on a shared two-core machine.
  test.setTimeout(120_000);
  const suffix = crypto.randomUUID().slice(0, 6);
  const name = `קהילת הגפן ${suffix}`;
  await signInAdmin(page);

  await page.goto("/admin/communities");
  await expect(page.getByRole("link", { name: "קהילות" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel("שם הקהילה").fill(name);
  await page.getByRole("button", { name: "פתיחת הקהילה" }).click();
  await expect(page.getByText(`הקהילה ${name} נפתחה`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  // Where and when members collect is the pickup points alone (issue #45): without one, no week.
  await expect(page.getByTestId("points-missing")).toBeVisible();
  await expect(page.getByTestId("open-cycle")).not.toContainText("השבוע הפתוח");
  const communityId = new URL(page.url()).pathname.split("/").pop()!;

  // The first pickup point (its 400s: tests/integration/one-pickup-concept.test.ts).
  const points = page.locator("#pickup-points");
  await points.getByLabel("כתובת הנקודה").fill(`מתנ"ס הגפן ${suffix}`);
  await points.getByLabel("שישי").check();
  await points.getByLabel("משעה").fill("09:00");
  await points.getByLabel("עד שעה").fill("12:00");
  await points.getByRole("button", { name: "הוספת הנקודה" }).click();
  await expect(page.getByText("נקודת האיסוף נוספה")).toBeVisible();
  await expect(page.getByTestId("pickup-point")).toContainText(`מתנ"ס הגפן ${suffix}`);
  await expect(page.getByTestId("pickup-point")).toContainText("שישי");
  // The first point opens the week, and the page no longer says one is missing.
  await expect(page.getByTestId("open-cycle")).toContainText("השבוע הפתוח");
  await expect(page.getByTestId("points-missing")).toHaveCount(0);

  // Tiers: a second row, one bad try, then a good set.
  const tiers = page.locator("#tiers");
  await tiers.getByLabel("מדרגה 1: הנחה (%)").fill("5");
  await tiers.getByLabel("מדרגה 1: שם").fill("בסיס");
  await tiers.getByRole("button", { name: "הוספת מדרגה" }).click();
  await expect(page.getByTestId("tier-row")).toHaveCount(2);
  await expect(tiers.getByLabel("מדרגה 1: שם")).toHaveValue("בסיס");
  await tiers.getByLabel("מדרגה 2: מסכום (₪)").fill("0");
  await tiers.getByLabel("מדרגה 2: הנחה (%)").fill("95");
  await tiers.getByLabel("מדרגה 2: שם").fill("זהב");
  await tiers.getByRole("button", { name: "שמירת המדרגות" }).click();
  await expect(tiers.getByText("הסכום צריך להיות גבוה מהמדרגה שלפניה")).toBeVisible();
  await expect(tiers.getByText("ההנחה יכולה להיות עד 90%")).toBeVisible();
  await tiers.getByLabel("מדרגה 2: מסכום (₪)").fill("1500");
  await tiers.getByLabel("מדרגה 2: הנחה (%)").fill("10");
  await tiers.getByRole("button", { name: "שמירת המדרגות" }).click();
  await expect(page.getByText("מדרגות ההנחה נשמרו")).toBeVisible();
  await expect(tiers.getByLabel("מדרגה 2: מסכום (₪)")).toHaveValue("1500.00");
  await expect(tiers.getByText("הסכום צריך להיות גבוה מהמדרגה שלפניה")).toHaveCount(0);

  // The week's settings.
  const cycle = page.locator("#cycle");
  await cycle.getByLabel("יום סגירת ההזמנות").selectOption({ label: "רביעי" });
  await cycle.getByLabel("שעת סגירת ההזמנות").fill("19:30");
  await cycle.getByLabel("לקבוע מינימום").check();
  await cycle.getByLabel("סכום המינימום (₪)").fill("2500");
  await cycle.getByRole("button", { name: "שמירת הגדרות השבוע" }).click();
  await expect(page.getByText("הגדרות השבוע נשמרו")).toBeVisible();
  await expect(cycle.getByLabel("סכום המינימום (₪)")).toHaveValue("2500.00");
  await expect(page.getByTestId("open-cycle")).toContainText("2,500");

  // Deactivate: it asks first.
  await page.getByText("העברה ללא פעילה").click();
  await page.getByRole("button", { name: "כן, להפסיק" }).click();
  await expect(page.getByText("הקהילה הועברה ללא פעילה")).toBeVisible();
  await expect(page.getByTestId("community-status")).toHaveText("לא פעילה");
  const publicList = (await (await page.request.get("/api/communities")).json()) as { id: string }[];
  expect(publicList.map((c) => c.id)).not.toContain(communityId);

  await page.goto("/admin/communities");
  await expect(page.getByTestId("community-row").filter({ hasText: name })).toContainText("לא פעילה");

  // Every change is in the audit log, found by its type.
  await expectInAudit(page, "קהילה נפתחה", communityId);
  await expectInAudit(page, "מדרגות הנחה עודכנו", communityId);
  await expectInAudit(page, "הגדרות שבוע עודכנו", communityId);
  await expectInAudit(page, "קהילה הועברה ללא פעילה", communityId);
  await page.goto("/admin/audit?type=pickup_point.created");
  await expect(page.getByTestId("audit-row").filter({ hasText: `מתנ"ס הגפן ${suffix}` })).toHaveCount(1);
});

test("a shopper who is not an admin gets the not-allowed screen on the community pages", async ({ page, request }) => {
  const person = { email: `shopper-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "a-long-enough-password" };
  const communities = (await (await request.get("/api/communities")).json()) as { id: string }[];
  const created = await request.post("/api/auth/signup", { data: { ...person, firstName: "רון", lastName: "שקד", communityId: communities[0]!.id } });
  expect(created.status()).toBe(201);
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
  for (const path of ["/admin/communities", `/admin/communities/${communities[0]!.id}`, "/admin/audit"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "אין הרשאה" })).toBeVisible();
  }
});
