// The language switch for everyone (issue #47): the header (the mobile menu on a phone) and the
// footer, a plain form that works with JavaScript on and off, keeps the page and the choice
// for the visit, and saves a signed-in person's language; a browser asking for English gets
// English on its first visit.
import { expect, logIn, newVendor, signedInShopper, test } from "./fixtures";

test.describe("the language switch", () => {
  test("a guest switches to English from the footer, stays on the same page, and English lasts across pages", async ({ page }) => {
    await page.goto("/deals?category=fruits");
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    const toEnglish = page.getByTestId("language-switch-footer");
    // Its name says what it does in the page's language, then the language's own name, marked as English.
    await expect(toEnglish).toHaveAccessibleName("החלפת שפת האתר ל: English");
    await expect(toEnglish.locator('[lang="en"]')).toHaveText("English");
    await toEnglish.click();
    await expect(page).toHaveURL(/\/deals\?category=fruits$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    // The cookie keeps it: another page, by a link and by typing its address, is English too.
    await page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // And back to Hebrew the same way, named in English with the Hebrew word marked as Hebrew.
    const toHebrew = page.getByTestId("language-switch-footer");
    await expect(toHebrew).toHaveAccessibleName("Change the site's language to: עברית");
    await expect(toHebrew.locator('[lang="he"]')).toHaveText("עברית");
    await toHebrew.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    await page.goto("/deals");
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
  });

  test("the header's switch is there on a wide screen, and drops a ?lng= that would outvote the choice", async ({ page }) => {
    await page.goto("/deals?lng=he&category=herbs");
    const toEnglish = page.getByTestId("language-switch-header");
    await expect(toEnglish).toBeVisible();
    await toEnglish.click();
    await expect(page).toHaveURL(/\/deals\?category=herbs$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("on a 360 px phone it is in the menu and the footer, 44 px tall", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/faq");
    await expect(page.getByTestId("language-switch-header")).toBeHidden();
    await page.getByLabel("תפריט", { exact: true }).first().click();
    const inMenu = page.getByTestId("language-switch-menu");
    await expect(inMenu).toBeVisible();
    expect((await inMenu.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const inFooter = page.getByTestId("language-switch-footer");
    await inFooter.scrollIntoViewIfNeeded();
    const box = (await inFooter.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await inMenu.click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("a signed-in shopper's choice is saved: signing in again does not bring Hebrew back", async ({ page, request }) => {
    const person = await signedInShopper(page, request);
    await page.goto("/orders");
    await page.getByTestId("language-switch-footer").click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/settings");
    await expect(page.getByLabel("Site language")).toHaveValue("en");
    // Signed out, a guest again in Hebrew (the sign-in helpers speak Hebrew), then signed in: English.
    await page.getByTestId("user-menu").click();
    await page.getByRole("button", { name: "Log out" }).first().click();
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
    await page.context().clearCookies();
    await logIn(page, person.email, person.password);
    await expect(page.getByTestId("user-menu")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("refuses a language it does not offer with a 400, and never sends anyone to another site", async ({ page, request }) => {
    await page.goto("/");
    const bad = await request.post("/language", { form: { lng: "fr", redirectTo: "/deals" }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    for (const target of ["//evil.example/x", "https://evil.example/", "/\\evil.example"]) {
      const answer = await request.post("/language", { form: { lng: "en", redirectTo: target }, maxRedirects: 0 });
      expect(answer.status(), target).toBe(302);
      expect(answer.headers().location, target).toBe("/");
    }
  });
});

test.describe("a browser that asks for English", () => {
  test.use({ locale: "en-US" });

  test("gets English on its first visit, and the switch to Hebrew sticks", async ({ page }) => {
    await page.goto("/deals");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await page.getByTestId("language-switch-footer").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveAttribute("lang", "he");
  });
});

test("the back office has the switch too, in the person's menu, and it keeps her on her page", async ({ page, request }) => {
  const vendor = await newVendor(request);
  await logIn(page, vendor.email, vendor.password);
  await page.goto("/vendor/dashboard");
  await expect(page.getByTestId("back-office-header")).toBeVisible();
  await page.getByTestId("user-menu").click();
  await page.getByTestId("language-switch-back-office").click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("back-to-shop")).toHaveText("To the shop");
  await page.getByTestId("user-menu").click();
  await page.getByTestId("language-switch-back-office").click();
  await expect(page.locator("html")).toHaveAttribute("lang", "he");
});
