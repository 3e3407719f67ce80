import { expect, test } from "./fixtures";

// The organiser's first hour (#45), on the test server (it sends mail through SMTP and has no
// OAuth): the e-mail-link tab stays first, no external button, and a farmer sees the way to apply
// on /vendor's first screen of a 360 px phone.
test("/login keeps the e-mail-link tab first with SMTP, and shows no external button without OAuth", async ({ page }) => {
  await page.goto("/login");
  const tabs = page.getByRole("navigation", { name: "התחברות" }).getByRole("link");
  await expect(tabs.first()).toHaveText("קישור למייל");
  await expect(tabs.first()).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("external-sign-in")).toHaveCount(0);
  await tabs.nth(1).click();
  await expect(page.getByLabel("סיסמה")).toBeVisible();
});

test("/vendor shows the apply button without scrolling on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto("/vendor");
  const apply = page.getByTestId("vendor-apply-top");
  await expect(apply).toBeInViewport({ ratio: 1 });
  await apply.click();
  await expect(page.getByTestId("vendor-apply-guest")).toBeInViewport();
  await expect(page.getByTestId("vendor-signup-link")).toHaveAttribute("href", /^\/signup\?as=vendor/);
});
