// Issue #16 and #17: deleting an account, the printable receipt, and the organiser's pickup
// day, each with JavaScript on and off, and each new form with bad input.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_ADMIN, expect, logIn, placePickupOrder, runOnDatabase, signedInShopper, test } from "./fixtures";

function cycleOf(orderId: string): string {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
  try {
    return db.prepare("SELECT weekly_cycle_id FROM orders WHERE id = ?").pluck().get(orderId) as string;
  } finally {
    db.close();
  }
}

/** A shopper with a pickup order and a name nobody else has; the admin on the pickup day page. */
async function pickupDayFor(page: Page, request: import("@playwright/test").APIRequestContext, browser: import("@playwright/test").Browser, jsEnabled: boolean) {
  const person = await signedInShopper(page, request);
  const orderId = await placePickupOrder(page, "cucumbers");
  const name = `רותם ${crypto.randomUUID().slice(0, 6)}`;
  runOnDatabase("UPDATE users SET name = ? WHERE email = ?", name, person.email);
  // Marks are for a week whose ordering has closed (#44): her order moves to a closed week of its
  // own, so the demo community's open week stays open for every other test.
  const closedWeek = crypto.randomUUID();
  const day = Date.now() - 86_400_000;
  runOnDatabase(
    "INSERT INTO weekly_cycles (id, community_id, week_start_date, order_deadline, pickup_date, is_active, closed_at) SELECT ?, community_id, ?, ?, ?, 0, ? FROM weekly_cycles WHERE id = ?",
    closedWeek,
    `1900-${closedWeek.slice(0, 8)}`,
    day,
    Date.now(),
    day,
    cycleOf(orderId),
  );
  runOnDatabase("UPDATE orders SET weekly_cycle_id = ? WHERE id = ?", closedWeek, orderId);
  const admin = await browser.newPage({ baseURL: new URL(page.url()).origin, javaScriptEnabled: jsEnabled });
  await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin/cycles/${cycleOf(orderId)}/pickup`);
  const card = admin.getByTestId("pickup-shopper").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  return { admin, card, name, orderId, cycleId: cycleOf(orderId) };
}

test.describe("deleting an account", () => {
  test("refuses a wrong password, then deletes, signs out and cannot sign in again", async ({ page, request }) => {
    const person = await signedInShopper(page, request);
    await page.goto("/settings");
    const zone = page.getByTestId("delete-account");
    await expect(zone).toContainText("מה נשמר, ולמה");
    await zone.getByLabel("כדי לאשר, הקלידו את הסיסמה שלכם").fill("not-my-password");
    await zone.getByRole("button", { name: "מחיקת החשבון לצמיתות" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "הסיסמה לא נכונה. החשבון לא נמחק." })).toBeVisible();
    await expect(page.getByTestId("user-menu")).toBeVisible();

    await page.getByLabel("כדי לאשר, הקלידו את הסיסמה שלכם").fill(person.password);
    await page.getByRole("button", { name: "מחיקת החשבון לצמיתות" }).click();
    await expect(page.getByRole("status").filter({ hasText: "החשבון נמחק" })).toBeVisible();
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, person.email, person.password);
    await expect(page.getByText("שם משתמש או סיסמה שגויים")).toBeVisible();
  });

  test("the privacy page says what is deleted and what is kept", async ({ page }) => {
    await page.goto("/privacy#deletion");
    const section = page.locator("#deletion");
    await expect(section).toContainText("נמחקים: שם, מייל, טלפון ותמונת פרופיל");
    await expect(section).toContainText("נשמרות: ההזמנות עצמן");
  });
});

test.describe("the receipt", () => {
  test("shows the seller, the VAT and the saving, prints with a button or the browser, without the site's chrome", async ({ page, request, jsEnabled }) => {
    await signedInShopper(page, request);
    const orderId = await placePickupOrder(page, "cucumbers");
    await page.goto(`/orders/${orderId}/receipt`);
    await expect(page.getByTestId("receipt-seller")).toContainText("נמכר על ידי");
    await expect(page.getByTestId("receipt-seller")).toContainText("שוק קהילתי (הדגמה)");
    await expect(page.getByText("מתוכם מע״מ 18%")).toBeVisible();
    await expect(page.getByTestId("receipt-total")).toContainText("₪");
    const button = page.getByRole("button", { name: "הדפסה" });
    if (jsEnabled) {
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      await button.click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    } else {
      await expect(button).toBeHidden();
      await expect(page.getByText("להדפסה: בתפריט הדפדפן")).toBeVisible();
    }
    await expect(page.locator("body > header")).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("body > header")).toBeHidden();
    await expect(page.locator("body > footer")).toBeHidden();
    // Not paid yet: an order summary, not a receipt (issue #47).
    await expect(page.getByRole("heading", { name: "סיכום הזמנה" })).toBeVisible();
  });
});

test.describe("the pickup day", () => {
  test("ticks a shopper off as collected; her order is completed", async ({ page, request, browser, jsEnabled }) => {
    const { admin, card, name, orderId } = await pickupDayFor(page, request, browser, jsEnabled);
    await expect(card.getByTestId("pickup-items")).toContainText("מלפפונים");
    await expect(card.getByTestId("pickup-due")).toContainText("₪");
    await card.getByRole("button", { name: `${name}: נאסף` }).click();
    await expect(admin.getByRole("status").filter({ hasText: `סומן: ${name} אסף/ה את ההזמנה` })).toBeVisible();
    await expect(admin.getByTestId("pickup-shopper").filter({ hasText: name }).getByTestId("pickup-state")).toHaveText("נאסף");
    await admin.close();
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByTestId("order-status")).toHaveText("נאספה");
  });

  test("marks a no-show after asking; a tampered form is refused with the reason", async ({ page, request, browser, jsEnabled }) => {
    const { admin, name, cycleId } = await pickupDayFor(page, request, browser, jsEnabled);
    // Bad input: a form whose action was changed (sent with the admin's own session).
    const tampered = await admin.request.post(`/admin/cycles/${cycleId}/pickup`, { form: { intent: "delete-everything", shopper: "x", place: "y" }, maxRedirects: 0 });
    expect(tampered.status()).toBe(400);
    expect(await tampered.text()).toContain("הפעולה לא ברורה");
    await admin.reload();

    const fresh = admin.getByTestId("pickup-shopper").filter({ hasText: name });
    await expect(fresh.getByTestId("pickup-state")).toHaveText("ממתין לאיסוף");
    await fresh.getByText("לא הגיע/ה", { exact: true }).click();
    await fresh.getByRole("button", { name: "כן, לא הגיע/ה" }).click();
    await expect(admin.getByRole("status").filter({ hasText: `סומן: ${name} לא הגיע/ה` })).toBeVisible();
    await expect(admin.getByTestId("pickup-shopper").filter({ hasText: name }).getByTestId("pickup-state")).toHaveText("לא הגיע/ה");
    await admin.close();
  });

  test("fits a 360 px phone", async ({ page, request, browser, jsEnabled }) => {
    const { admin } = await pickupDayFor(page, request, browser, jsEnabled);
    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.reload();
    const width = await admin.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await admin.close();
  });
});

test.describe("the pickup day at the table (#44)", () => {
  test("reads each item line in order: the name first, then the quantity, in Hebrew and in English", async ({ page, request, browser, jsEnabled }) => {
    const { admin, name, cycleId } = await pickupDayFor(page, request, browser, jsEnabled);
    for (const lng of ["he", "en"]) {
      await admin.goto(`/admin/cycles/${cycleId}/pickup?lng=${lng}`);
      const item = admin.getByTestId("pickup-shopper").filter({ hasText: name }).getByTestId("pickup-item").first();
      const title = (await item.getByTestId("pickup-item-name").boundingBox())!;
      const qty = (await item.getByTestId("pickup-item-qty").boundingBox())!;
      // Right to left in Hebrew: the name is to the right of the quantity; in English to its left.
      if (lng === "he") expect(title.x, lng).toBeGreaterThan(qty.x + qty.width - 1);
      else expect(title.x + title.width, lng).toBeLessThan(qty.x + 1);
    }
    await admin.close();
  });

  test("my point and a search narrow the list, kept in the address; 'collected' can be undone; targets are 44 px", async ({ page, request, browser, jsEnabled }) => {
    const { admin, name } = await pickupDayFor(page, request, browser, jsEnabled);
    runOnDatabase("UPDATE users SET phone = '050-1234567' WHERE name = ?", name);
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    const filter = admin.getByTestId("pickup-filter");
    const options = await filter.getByLabel("הנקודה שלי").locator("option").all();
    expect(options.length).toBeGreaterThan(1);
    const pointKey = (await options[1]!.getAttribute("value"))!;
    await filter.getByLabel("הנקודה שלי").selectOption(pointKey);
    await filter.getByLabel("חיפוש לפי שם או טלפון").fill(name.split(" ")[1]!);
    await filter.getByRole("button", { name: "הצגה" }).click();
    await expect(admin).toHaveURL(new RegExp(`point=${pointKey}.*q=`));
    const cards = admin.getByTestId("pickup-shopper");
    await expect(cards).toHaveCount(1);
    const card = cards.filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(admin.getByTestId("pickup-place")).toHaveCount(1);

    for (const target of [card.getByTestId("pickup-call"), card.getByRole("button", { name: `${name}: נאסף` }), card.getByText("לא הגיע/ה", { exact: true })]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }

    await card.getByRole("button", { name: `${name}: נאסף` }).click();
    await expect(admin.getByRole("status").filter({ hasText: `סומן: ${name} אסף/ה את ההזמנה` })).toBeVisible();
    await expect(admin).toHaveURL(new RegExp(`point=${pointKey}`));
    await expect(card.getByTestId("pickup-state")).toHaveText("נאסף");
    const undo = card.getByRole("button", { name: `${name}: ביטול הסימון` });
    expect((await undo.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await undo.click();
    await expect(admin.getByRole("status").filter({ hasText: `הסימון של ${name} בוטל` })).toBeVisible();
    await expect(card.getByTestId("pickup-state")).toHaveText("ממתין לאיסוף");
    await expect(admin).toHaveURL(new RegExp(`point=${pointKey}`));

    // A search that finds nobody says so.
    await admin.getByTestId("pickup-filter").getByLabel("חיפוש לפי שם או טלפון").fill("אין-כזה-שם");
    await admin.getByTestId("pickup-filter").getByRole("button", { name: "הצגה" }).click();
    await expect(admin.getByTestId("pickup-none")).toContainText("אין-כזה-שם");
    await admin.close();
  });
});

