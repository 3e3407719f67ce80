// The admin's site settings form (issue #45), with and without JavaScript: a bad value is refused
// with its message beside the field, a good one is saved and shown again. It changes only the
// English receipt line, which no other test reads: every test shares one server.
import { DEMO_ADMIN, expect, logIn, test } from "./fixtures";

test.describe("/admin/settings", () => {
  test("refuses a bad e-mail with its message, then saves a change", async ({ page, jsEnabled }) => {
    // Two posts and two page loads of the back office: more than one page's time on a busy machine.
    test.slow();
    await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto("/admin");
    await page.getByTestId("admin-nav").getByRole("link", { name: "הגדרות האתר" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "הגדרות האתר" })).toBeVisible();

    const email = page.getByLabel("מייל", { exact: true });
    const before = await email.inputValue();
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "שמירת ההגדרות" }).click();
    await expect(page.getByText("כתובת המייל לא תקינה")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/settings$/);

    const footer = page.getByLabel("שורת סיום בקבלה (אנגלית)");
    const line = `Returns within 7 days (${jsEnabled ? "js" : "no js"} ${Date.now()})`;
    await email.fill(before);
    await footer.fill(line);
    await page.getByRole("button", { name: "שמירת ההגדרות" }).click();
    await expect(page.getByText("ההגדרות נשמרו")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("שורת סיום בקבלה (אנגלית)")).toHaveValue(line);
    await expect(page.getByLabel("מייל", { exact: true })).toHaveValue(before);
  });
});
