import { expect, signedInShopper, test } from "./fixtures";

// Issue #47: on a 360 x 740 phone, home's first screen shows produce she can add (two deal cards
// at least), the week's deadline and what the next tier needs, with the header and the
// community's strip on one line each. Guest and signed in, Hebrew and English.
const FIRST_SCREEN = { width: 360, height: 740 };
test.use({ viewport: FIRST_SCREEN });

for (const lng of ["he", "en"] as const) {
  for (const who of ["guest", "signed in"] as const) {
    test(`home's first screen at 360 px, ${who}, ${lng}: two deals, the deadline and the next tier, one-line header and strip`, async ({ page, request }) => {
      if (who === "signed in") await signedInShopper(page, request);
      await page.goto(`/?lng=${lng}`);

      const inFirstScreen = async (locator: import("@playwright/test").Locator) => {
        const box = await locator.boundingBox();
        expect(box, "it is on the page").not.toBeNull();
        expect(box!.y + box!.height, "it ends inside the first screen").toBeLessThanOrEqual(FIRST_SCREEN.height);
        return box!;
      };

      const cards = page.getByTestId("hot-vegetables").getByTestId("deal-card");
      await inFirstScreen(cards.nth(0));
      await inFirstScreen(cards.nth(1));
      // She can add them from there: each card's add button is inside the first screen too.
      await inFirstScreen(cards.nth(0).getByTestId("quick-add"));

      await inFirstScreen(page.getByTestId("countdown").first());
      await inFirstScreen(page.getByTestId("home-tier-line"));

      // One line each: the strip is one text line high (its padding aside), the logo's name too.
      const strip = page.getByTestId(who === "guest" ? "guest-countdown" : "community-banner");
      expect((await inFirstScreen(strip)).height).toBeLessThan(48);
      const logo = page.locator("header").getByRole("link", { name: lng === "he" ? "שוק קהילתי" : "Shuk Kehilati" }).first();
      expect((await logo.boundingBox())!.height).toBeLessThan(40);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(FIRST_SCREEN.width);
    });
  }
}
