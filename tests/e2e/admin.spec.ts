import type { APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN, expect, logIn, newPerson, runOnDatabase, signedInShopper, test } from "./fixtures";

/** A shopper with one order, made through the API; answers their e-mail and the deal's title. */
async function shopperWithOrder(request: APIRequestContext) {
  const person = newPerson();
  const communities = await (await request.get("/api/communities")).json();
  const signup = await request.post("/api/auth/signup", {
    data: { email: person.email, password: person.password, firstName: person.firstName, lastName: person.lastName, communityId: communities[0].id },
  });
  expect(signup.status()).toBe(201);
  const headers = { Authorization: `Bearer ${(await signup.json()).token}` };
  const [deal] = await (await request.get("/api/deals?limit=1", { headers })).json();
  const order = await request.post("/api/orders", { headers, data: { dealId: deal.id, groupId: deal.groups[0].id, qty: 2, deliveryType: "PICKUP" } });
  expect(order.status()).toBe(201);
  return { email: person.email, dealTitle: deal.title as string };
}

test.describe("admin dashboard", () => {
  test("the admin sees the five cards, searches users by e-mail, and reads the orders and messages tabs", async ({ page, request }) => {
    const shopper = await shopperWithOrder(request);
    const subject = `איסוף בשישי ${crypto.randomUUID().slice(0, 6)}`;
    runOnDatabase(
      "insert into contact_messages (id, name, email, phone, subject, message) values (?, ?, ?, ?, ?, ?)",
      crypto.randomUUID(), "שירה לוי", "shira@example.com", "050-1234567", subject, "אפשר לאסוף את הסל גם ביום שישי בבוקר?",
    );

    await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "לוח ניהול" })).toBeVisible();
    await expect(page.getByTestId("admin-stat")).toHaveCount(5);
    for (const label of ["סה״כ משתמשים", "סה״כ הזמנות", "סה״כ הכנסות", "הזמנות ממתינות", "מבצעים פעילים"]) {
      await expect(page.getByTestId("admin-stat").filter({ hasText: label })).toBeVisible();
    }
    await expect(page.getByTestId("admin-stat").filter({ hasText: "סה״כ הכנסות" })).toContainText("₪");
    // The admin's real work is the primary action; signing out is in the user menu.
    await expect(page.getByTestId("admin-primary-action")).toHaveAttribute("href", "/admin/cycles");
    await page.getByTestId("user-menu").click();
    await expect(page.getByRole("button", { name: "התנתקות" })).toBeVisible();
    await page.getByTestId("user-menu").click();

    // Users tab by default; the search box is a GET form.
    await expect(page.getByTestId("admin-user-row").first()).toBeVisible();
    const search = page.getByRole("search", { name: "חיפוש לפי שם, מייל או מזהה" });
    await search.getByRole("searchbox").fill(shopper.email);
    await search.getByRole("button", { name: "חיפוש" }).click();
    await expect(page).toHaveURL(/q=shopper-/);
    await expect(page.getByTestId("admin-user-row")).toHaveCount(1);
    await expect(page.getByTestId("admin-user-row")).toContainText(shopper.email);
    await expect(page.getByTestId("admin-user-row").getByTestId("role-badge")).toHaveText("משתמש");
    await expect(page.getByTestId("admin-user-row")).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d/);

    // The orders tab keeps the search: this shopper's one order.
    const tabs = page.getByRole("navigation", { name: "רשימות הניהול" });
    await tabs.getByRole("link", { name: /הזמנות/ }).click();
    await expect(page).toHaveURL(/tab=orders/);
    await expect(page.getByTestId("admin-order-row")).toHaveCount(1);
    await expect(page.getByTestId("admin-order-row")).toContainText(shopper.dealTitle);
    await expect(page.getByTestId("admin-order-row").getByTestId("admin-order-status")).toHaveText("לתשלום באיסוף");
    await expect(tabs.getByTestId("admin-tab-count-orders")).toHaveText("1");

    // Messages: clear the search first, then the newest message is the one just sent.
    await page.getByRole("link", { name: "ניקוי החיפוש" }).click();
    await expect(page).not.toHaveURL(/q=/);
    await tabs.getByRole("link", { name: /הודעות/ }).click();
    await expect(page).toHaveURL(/tab=messages/);
    await expect(page.getByTestId("admin-message-row").filter({ hasText: subject })).toContainText("050-1234567");

    // A search nobody matches says so.
    await search.getByRole("searchbox").fill("no-such-person-anywhere");
    await search.getByRole("button", { name: "חיפוש" }).click();
    // The tabs' links carry the search: wait for it before following one.
    await expect(page).toHaveURL(/q=no-such-person-anywhere/);
    await tabs.getByRole("link", { name: /משתמשים/ }).click();
    await expect(page.getByText("לא נמצאו משתמשים")).toBeVisible();
    await tabs.getByRole("link", { name: /הזמנות/ }).click();
    await expect(page.getByText("לא נמצאו הזמנות")).toBeVisible();
  });

  test("a USER sees the unauthorized screen, a guest is sent to log in", async ({ page, request }) => {
    const guest = await page.goto("/admin");
    expect(guest?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin$/);

    await signedInShopper(page, request);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "אין הרשאה" })).toBeVisible();
    await expect(page.getByText("רק מנהלים יכולים לגשת לדף זה")).toBeVisible();
  });
});

test.describe("admin creation", () => {
  test("a wrong secret is refused; the right one creates an admin who logs in to /admin", async ({ page }) => {
    const email = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "garden-bed-2026";
    await page.goto("/admin/create");
    await expect(page.getByRole("heading", { name: "יצירת מנהל חדש" })).toBeVisible();
    await expect(page.getByRole("link", { name: "חזרה להתחברות" })).toBeVisible();

    // The server's own check of the confirmation (browser checks turned off).
    await page.locator("form#admin-create").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("כתובת מייל").fill(email);
    await page.getByLabel("סיסמה", { exact: true }).fill(password);
    await page.getByLabel("אימות סיסמה").fill("something-else");
    await page.getByLabel("קוד סודי").fill("not-the-secret");
    await page.getByRole("button", { name: "יצירת אדמין" }).click();
    await expect(page.getByText("הסיסמאות אינן תואמות")).toBeVisible();

    const fill = async (secret: string) => {
      await page.getByLabel("כתובת מייל").fill(email);
      await page.getByLabel("סיסמה", { exact: true }).fill(password);
      await page.getByLabel("אימות סיסמה").fill(password);
      await page.getByLabel("קוד סודי").fill(secret);
      await page.getByRole("button", { name: "יצירת אדמין" }).click();
    };
    await fill("not-the-secret");
    const alert = page.getByRole("alert").filter({ hasText: "שגיאה ביצירת אדמין" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("הקוד הסודי שגוי");

    await fill("e2e-admin-secret");
    await expect(page.getByText("אדמין נוצר בהצלחה!").first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, email, password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "לוח ניהול" })).toBeVisible();
  });

  // A working link needs a market with no admin (tests/integration/first-admin.test.ts); this
  // market has its demo admin, so any setup link is dead and the usual form is back.
  test("a setup link on a market that has its admin says it no longer works and asks for the secret code", async ({ page }) => {
    await page.goto("/admin/create?setup=an-old-link-from-the-log");
    await expect(page.getByRole("alert").filter({ hasText: "קישור ההקמה הזה כבר לא פעיל" })).toBeVisible();
    await expect(page.getByLabel("קוד סודי")).toBeVisible();
  });
});
