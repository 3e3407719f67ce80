// Issue #47, item 9: the "back" arrow points the way back in each direction (right in Hebrew,
// left in English), and a deal page's tabs all show on a 360 px phone, none cut off.
import type { Page } from "@playwright/test";
import { expect, signedInShopper, test } from "./fixtures";

/** Where the arrow's head sits against the arrow: "right" or "left", as drawn on the screen. */
async function arrowPoints(page: Page): Promise<"left" | "right"> {
  const arrow = page.getByTestId("back-arrow");
  await expect(arrow).toBeVisible();
  const [head, whole] = await Promise.all([arrow.locator("[data-arrow-head]").boundingBox(), arrow.boundingBox()]);
  return head!.x + head!.width / 2 > whole!.x + whole!.width / 2 ? "right" : "left";
}

test("the back arrow points right on a Hebrew page and left on an English one", async ({ page, request }) => {
  await signedInShopper(page, request);
  await page.goto("/settings");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  expect(await arrowPoints(page)).toBe("right");
  await page.goto("/profile/edit");
  expect(await arrowPoints(page)).toBe("right");
  await page.goto("/settings?lng=en");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  expect(await arrowPoints(page)).toBe("left");
});

test("a deal page's tabs all show on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const lng of ["he", "en"]) {
    await page.goto(`/deals/cucumbers?lng=${lng}`);
    const tabs = page.getByRole("tab");
    expect(await tabs.count()).toBeGreaterThan(2);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x, `${await tab.textContent()} starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${await tab.textContent()} ends on the screen`).toBeLessThanOrEqual(360);
    }
    const strip = page.getByRole("tablist");
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
});
