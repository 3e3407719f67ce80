import { DEMO_USER, expect, signedInShopper, test } from "./fixtures";

test.describe("community onboarding", () => {
  test("a guest is sent to sign in with the spec's toast", async ({ page }) => {
    await page.goto("/onboarding/community");
    await expect(page).toHaveURL(/\/login\?redirect=\/onboarding\/community$/);
    await expect(page.getByRole("status").filter({ hasText: "יש להתחבר למערכת" })).toBeVisible();
  });

  test("search filters the list, a community shows its details, and confirming moves the member", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/onboarding/community");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("בחירת קהילה");
    const options = page.getByTestId("community-option");
    expect(await options.count()).toBeGreaterThan(1);
    // The member's current community is chosen to begin with.
    await expect(page.getByTestId("community-detail")).toContainText("זו הקהילה שלכם כרגע.");

    await page.getByRole("searchbox", { name: "חיפוש קהילה" }).fill("חיפה");
    await page.locator("main").getByRole("button", { name: "חיפוש", exact: true }).click();
    await expect(page).toHaveURL(/q=%D7%97%D7%99%D7%A4%D7%94/);
    await expect(options).toHaveCount(1);
    await expect(page.getByTestId("community-count")).toHaveText("נמצאה קהילה אחת");

    await options.first().click();
    await expect(page).toHaveURL(/community=/);
    const detail = page.getByTestId("community-detail");
    await expect(detail.getByRole("heading", { name: "אחוזה – חיפה" })).toBeVisible();
    await expect(detail).toContainText("שדרות מוריה 78, חיפה");
    await expect(detail).toContainText("יום חמישי");
    await expect(detail).toContainText("17:00");
    await expect(detail).toContainText("04-8341256");
    await expect(detail).toContainText("נקודות איסוף");

    await page.getByRole("button", { name: "הצטרפות לקהילה אחוזה – חיפה" }).click();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expect(page.getByRole("status").filter({ hasText: "מעולה! עכשיו אתם בקהילה אחוזה – חיפה" })).toBeVisible();

    await page.goto("/profile");
    await expect(page.getByTestId("profile-community")).toContainText("אחוזה – חיפה");
  });

  test("a search that matches nothing says so and offers every community again", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/onboarding/community?q=zzzz");
    await expect(page.getByText("לא מצאנו קהילה שמתאימה לחיפוש")).toBeVisible();
    await page.getByRole("link", { name: "לכל הקהילות" }).click();
    await expect(page.getByTestId("community-option").first()).toBeVisible();
  });
});

test.describe("profile", () => {
  test("a guest is sent to sign in", async ({ page }) => {
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });

  test("shows the name, role badge, e-mail, stats, community and last login", async ({ page, request }) => {
    const person = await signedInShopper(page, request);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${person.firstName} ${person.lastName}`);
    await expect(page.getByTestId("avatar-initials")).toHaveText("מא");
    // A plain shopper gets no role badge: only vendors and admins do (#47).
    await expect(page.getByTestId("role-badge")).toHaveCount(0);
    await expect(page.locator("main").getByText(person.email)).toBeVisible();
    await expect(page.getByTestId("stat-orders")).toContainText("הזמנות");
    await expect(page.getByTestId("stat-orders")).toContainText("0");
    await expect(page.getByTestId("stat-savings")).toContainText("0.00");
    await expect(page.getByTestId("stat-groups")).toContainText("0");
    await expect(page.getByTestId("profile-community")).toContainText("אבני חן – מודיעין");
    await expect(page.getByTestId("last-login")).not.toHaveText("—");
    await page.getByRole("link", { name: "עריכת הפרופיל" }).click();
    await expect(page).toHaveURL(/\/profile\/edit$/);
  });

  test("editing refuses an empty first name and another account's e-mail, then saves a valid change", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/profile/edit");
    await expect(page.getByLabel("שם פרטי")).toHaveValue("מיכל");

    // The browser would stop the empty required field itself; the message must come from us.
    await page.locator("form#profile-edit").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("שם פרטי").fill("");
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page.getByText("שם פרטי הוא שדה חובה")).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/edit$/);

    await page.getByLabel("שם פרטי").fill("שירה");
    await page.getByLabel("כתובת מייל").fill(DEMO_USER.email);
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page.getByText("כתובת המייל הזו כבר רשומה בחשבון אחר")).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/edit$/);

    await page.locator("form#profile-edit").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("שם פרטי").fill("שירה");
    await page.getByLabel("שם משפחה").fill("גולן");
    await page.getByLabel("כתובת מייל").fill(`shira-${crypto.randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel("טלפון").fill("052-3418790");
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("status").filter({ hasText: "הפרופיל עודכן" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("שירה גולן");
    await expect(page.locator("main").getByText("052-3418790")).toBeVisible();
  });

  test("cancel goes back to the profile without saving", async ({ page, request }) => {
    const person = await signedInShopper(page, request);
    await page.goto("/profile/edit");
    await page.getByLabel("שם פרטי").fill("אחר");
    await page.getByRole("link", { name: "ביטול" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${person.firstName} ${person.lastName}`);
  });
});

test.describe("settings", () => {
  test("saving English switches the site to English, left to right, and the toggles persist", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/settings");
    await expect(page.getByRole("link", { name: /חזרה לפרופיל/ })).toHaveAttribute("href", "/profile");
    await expect(page.getByLabel("מיילים שאינם על ההזמנות")).toBeChecked();
    await expect(page.getByLabel("תזכורת לפני סגירת ההזמנות")).toBeChecked();
    // The digest is advertising: off until she asks for it.
    await expect(page.getByLabel("מבצעי השבוע")).not.toBeChecked();
    // No SMS gateway and no Web Push are built in: no switch promises them.
    await expect(page.getByLabel("הודעות SMS")).toHaveCount(0);
    await expect(page.getByLabel("התראות בדפדפן")).toHaveCount(0);

    await page.getByLabel("תזכורת לפני סגירת ההזמנות").uncheck();
    await page.getByLabel("מבצעי השבוע").check();
    await page.getByLabel("שפת האתר").selectOption("en");
    await page.getByRole("button", { name: "שמירת ההגדרות" }).click();

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByLabel("Mails that are not about your orders")).toBeChecked();
    await expect(page.getByLabel("Reminder before orders close")).not.toBeChecked();
    await expect(page.getByLabel("This week's deals")).toBeChecked();
    await expect(page.getByLabel("Site language")).toHaveValue("en");

    // Other pages follow the language too, and Hebrew brings right to left back.
    await page.goto("/profile");
    await expect(page.getByTestId("stat-orders")).toContainText("Orders");
    await page.goto("/settings");
    await page.getByLabel("Site language").selectOption("he");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("status").filter({ hasText: "ההגדרות נשמרו" })).toBeVisible();
  });

  test("settings offer only what is built: no dead two-factor button, nothing 'coming soon'", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/settings");
    await expect(page.getByRole("button", { name: "שמירת ההגדרות" })).toBeVisible();
    await expect(page.getByText(/אימות דו-שלבי|בקרוב/)).toHaveCount(0);
    await expect(page.locator("main button:disabled")).toHaveCount(0);
  });
});
