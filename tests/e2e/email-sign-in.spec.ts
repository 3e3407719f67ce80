import { expect, linkFromMail, logIn, signedInShopper, test } from "./fixtures";

test.describe("signing in by e-mail", () => {
  test("the magic-link tab (the default) mails a link that signs the person in", async ({ page, request, browser }) => {
    const person = await signedInShopper(page, request);
    // A fresh browser, signed out.
    const guest = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await guest.goto("/login");
    await expect(guest.getByRole("link", { name: "קישור למייל" })).toHaveAttribute("aria-current", "page");
    await guest.getByLabel("כתובת מייל").fill(person.email);
    await guest.getByRole("button", { name: "שליחת קישור התחברות" }).click();
    await expect(guest.getByTestId("magic-sent")).toContainText(person.email);
    await expect(guest.getByRole("button", { name: "שליחה חוזרת" })).toBeVisible();

    const link = await linkFromMail(person.email, "/auth/magic?token=");
    // Opening the link spends nothing (mail scanners open links too): the page asks first.
    await guest.goto(link);
    await guest.reload();
    await expect(guest.getByTestId("user-menu")).toHaveCount(0);
    await guest.getByRole("button", { name: "כניסה לחשבון" }).click();
    await expect(guest).toHaveURL(/\/$/);
    await expect(guest.getByTestId("user-menu")).toBeVisible();

    // A link works once.
    await guest.goto(link);
    await expect(guest.getByText("הקישור פג תוקף או שכבר השתמשו בו")).toBeVisible();
    await guest.close();
  });

  test("forgot password mails a reset link; the new password signs in", async ({ page, request, browser }) => {
    const person = await signedInShopper(page, request);
    const guest = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await guest.goto("/login");
    await guest.getByRole("link", { name: "שכחתי סיסמה" }).click();
    // With JavaScript the link is a client navigation: the login form's e-mail field is still
    // on screen for a moment, so wait for the new page before typing.
    await expect(guest.getByRole("heading", { name: "שכחתי סיסמה" })).toBeVisible();
    await guest.getByLabel("כתובת מייל").fill(person.email);
    await guest.getByRole("button", { name: "שליחת קישור איפוס" }).click();
    await expect(guest.getByTestId("reset-sent")).toContainText(person.email);

    await guest.goto(await linkFromMail(person.email, "/reset-password?token="));
    await guest.getByLabel("סיסמה חדשה").fill("my-new-password-2026");
    await guest.getByLabel("אימות סיסמה").fill("my-new-password-2026");
    await guest.getByRole("button", { name: "שמירת הסיסמה" }).click();
    await expect(guest.getByText("הסיסמה עודכנה ונכנסתם לחשבון.")).toBeVisible();
    await guest.close();

    const fresh = await browser.newPage({ baseURL: new URL(page.url()).origin });
    await logIn(fresh, person.email, "my-new-password-2026", "/login?tab=password");
    await expect(fresh.getByTestId("user-menu")).toBeVisible();
    await fresh.close();
  });
});
