import type { Browser, Page } from "@playwright/test";
import { DEMO_ADMIN, expect, logIn, newPerson, signUp, signedInShopper, test } from "./fixtures";

const DEMO_VENDOR = { email: "vendor@shuk.example", password: "shuk-vendor-2026" };

/** A second person in their own browser context (same JavaScript setting as the test). */
async function otherPage(browser: Browser, baseURL: string | undefined, jsEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled, locale: "he-IL", timezoneId: "Asia/Jerusalem" });
  return context.newPage();
}

test.describe("the vendor area", () => {
  test("a new person applies on /vendor, an admin approves, and the person reaches the vendor dashboard", async ({ page, browser, baseURL, jsEnabled }) => {
    // Two people, two sign-ins and four forms on a shared two-core machine.
    test.slow();
    const person = newPerson();
    const business = `משק הגליל ${crypto.randomUUID().slice(0, 6)}`;

    // A guest sees the page and the way in.
    await page.goto("/vendor");
    await expect(page.getByRole("heading", { name: "מוכרים בשוק הקהילתי" })).toBeVisible();
    await expect(page.getByRole("link", { name: "התחברות להגשת בקשה" })).toBeVisible();

    await signUp(page, person);
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await page.goto("/vendor");
    await page.getByLabel("שם העסק או המשק").fill(business);
    await expect(page.getByLabel("שם איש הקשר")).toHaveValue(`${person.firstName} ${person.lastName}`);
    await expect(page.getByLabel("מייל לעדכונים")).toHaveValue(person.email);
    await page.getByLabel("טלפון").fill("050-7654321");
    await page.getByLabel("מה אתם מגדלים ומוכרים?").fill("עגבניות שרי, מלפפונים ופלפלים מהחממה שלנו בגליל, כל שבוע.");
    await page.getByRole("button", { name: "שליחת הבקשה" }).click();
    await expect(page.getByRole("status").filter({ hasText: "הבקשה נשלחה" })).toBeVisible();
    await expect(page.getByTestId("vendor-apply-pending")).toContainText(business);
    await expect(page.getByRole("button", { name: "שליחת הבקשה" })).toHaveCount(0);

    // Until approved, the dashboard is closed to them.
    await page.goto("/vendor/dashboard");
    await expect(page.getByTestId("vendor-forbidden")).toBeVisible();

    const admin = await otherPage(browser, baseURL, jsEnabled);
    await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.goto("/admin/vendor-applications");
    await expect(admin.getByRole("heading", { name: "בקשות ספקים", level: 1 })).toBeVisible();
    const card = admin.getByTestId("vendor-application").filter({ hasText: business });
    await expect(card.getByTestId("vendor-application-status")).toHaveText("ממתינה");
    await card.getByRole("button", { name: "אישור והפיכה לספק" }).click();
    await expect(admin.getByRole("status").filter({ hasText: `הבקשה אושרה: ${business}` })).toBeVisible();
    await expect(admin.getByTestId("vendor-applications-reviewed").getByTestId("vendor-application").filter({ hasText: business }).getByTestId("vendor-application-status")).toHaveText("אושרה");
    await admin.context().close();

    // The same session now opens the dashboard: the role is read on every request.
    await page.goto("/vendor/dashboard");
    await expect(page.getByRole("heading", { name: "לוח הספק" })).toBeVisible();
    await expect(page.getByText(`${business}: המבצעים, ההזמנות של השבוע והביקורות שלכם`)).toBeVisible();
    await expect(page.getByText("עוד אין לכם מבצעים")).toBeVisible();
    await expect(page.locator("#main").getByRole("link", { name: "מבצע חדש" })).toHaveAttribute("href", "/vendor/new-deal");
    await page.goto("/vendor");
    await expect(page.getByRole("link", { name: "ללוח הספק" })).toBeVisible();
  });

  test("a vendor sends a message from the support form", async ({ page }) => {
    await logIn(page, DEMO_VENDOR.email, DEMO_VENDOR.password);
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await page.goto("/vendor/support");
    await expect(page.getByRole("textbox", { name: "מייל" })).toHaveValue(DEMO_VENDOR.email);
    await page.getByRole("textbox", { name: "נושא" }).fill("הי");
    // The server's own check (the browser's checks turned off).
    await page.locator("form#vendor-support").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("ההודעה").fill("חסרה נקודת האיסוף של פלורנטין ברשימת הליקוט של השבוע.");
    await page.getByRole("button", { name: "שליחה לצוות" }).click();
    await expect(page.getByText("נושא חייב להכיל לפחות 3 תווים")).toBeVisible();
    await page.getByRole("textbox", { name: "נושא" }).fill(`רשימת ליקוט ${crypto.randomUUID().slice(0, 4)}`);
    await page.getByRole("button", { name: "שליחה לצוות" }).click();
    await expect(page).toHaveURL(/\/vendor\/dashboard$/);
    await expect(page.getByRole("status").filter({ hasText: "הפנייה נשלחה" })).toBeVisible();
  });

  test("a shopper who opens the vendor dashboard sees the forbidden screen with the way to apply", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/vendor/dashboard");
    await expect(page.getByRole("heading", { name: "האזור הזה לספקים בלבד" })).toBeVisible();
    await page.getByRole("link", { name: "לבקשת הצטרפות כספק" }).click();
    await expect(page).toHaveURL(/\/vendor$/);
    await expect(page.getByRole("button", { name: "שליחת הבקשה" })).toBeVisible();
  });
});
