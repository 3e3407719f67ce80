// What the product itself names reads in English on an English page (issue #47): sale units
// from the unit list, discount tiers (named by organisers in Hebrew) by their level, the
// community's progress without a possessive on a Hebrew name, pickup days with the month named.
import { expect, signedInShopper, test } from "./fixtures";

test.describe("an English page names units and tiers in English", () => {
  test("a guest's deal page and the deals list show the list's units in English", async ({ page }) => {
    await page.goto("/deals/cherry-tomatoes?lng=en");
    // After a count, the plural (in Hebrew too, below).
    await expect(page.getByText("Up to 30 500 g packs")).toBeVisible();
    await expect(page.getByText("per 500 g pack").first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText("מארז");
    await page.goto("/deals?lng=en&category=vegetables");
    await expect(page.getByTestId("deal-card").filter({ hasText: "per kg" }).first()).toBeVisible();
    await expect(page.locator("main")).not.toContainText("ק״ג");
    // Hebrew after a count: the plural too.
    await page.goto("/deals/cherry-tomatoes?lng=he");
    await expect(page.getByText("עד 30 מארזים של 500 גרם")).toBeVisible();
  });

  test("a member's progress names the tiers by level, and the community without a possessive", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/deals/cucumbers?lng=en");
    const progress = page.getByTestId("community-progress");
    await expect(progress).toContainText(/^Progress this week at /);
    await expect(progress).toContainText(/Current tier: Level 1 \(0% off\)|You haven't reached the first tier yet/);
    await expect(progress).toContainText(/more to reach Level \d \(\d+% off\)|top tier/);
    await expect(progress.getByRole("list", { name: "Discount tiers" })).toContainText("Level 2: from");
    // No organiser's Hebrew tier name is left ("רגיל", "ארד", "כסף", "זהב" in the demo).
    await expect(progress).not.toContainText(/רגיל|ארד|כסף|זהב/);
    await page.goto("/deals/cucumbers?lng=he");
    await expect(page.getByTestId("community-progress")).toContainText(/מדרגה נוכחית: רגיל|עוד לא הגעתם/);
  });
});
