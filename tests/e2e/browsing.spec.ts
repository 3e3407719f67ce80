// Browsing on a phone (issue #16): the deadline and the next tier beside a deal's price, the
// guest's countdown on the home page, the deals list's one-tap add, filter sheet and bulk
// count, and /groups. Each runs with JavaScript on and off (projects js-on and js-off).
import { expect, placePickupOrder, runOnDatabase, signedInShopper, test, waitForHydration } from "./fixtures";

const PHONE = { width: 360, height: 740 };

interface Community {
  id: string;
  name: string;
}

async function communities(request: import("@playwright/test").APIRequestContext): Promise<Community[]> {
  return (await request.get("/api/communities")).json();
}

test.describe("a deal page shows the deadline and the next tier beside the price", () => {
  test("a guest sees the default community's week, never 'no active order cycle', and can pick another", async ({ page, request }) => {
    const list = await communities(request);
    await page.goto("/deals/cherry-tomatoes");
    const urgency = page.getByTestId("deal-urgency");
    // Days, hours or minutes: the demo weeks close on weekday evenings, and the suite runs any day.
    await expect(urgency.getByTestId("closes-in")).toHaveText(/^נסגר בעוד (\d+ (ימים|שע׳|דק׳)|יום אחד|יומיים|שעה אחת|שעתיים|דקה אחת|שתי דקות)/);
    await expect(urgency.getByTestId("deal-next-tier")).toContainText(/עוד .*₪.* בהזמנות, וכל חברי .* משלמים \d+% פחות/);
    // The default is a community with an open week; its name sits isolated in the sentence.
    const shown = await urgency.getByTestId("deal-next-tier").locator("bdi").textContent();
    expect(list.map((c) => c.name)).toContain(shown);
    await expect(page.getByText("אין מחזור הזמנות פעיל")).toHaveCount(0);
    await expect(page.getByTestId("price-explain")).toBeVisible();

    // Another community: its name, its week.
    const other = list.find((c) => c.name !== shown)!;
    await page.locator("#community-picker select").selectOption(other.id);
    await page.locator("#community-picker").getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`community=${other.id}`));
    await expect(page.getByTestId("deal-next-tier").locator("bdi")).toHaveText(other.name);
    await expect(page.getByTestId("deal-guest-community").locator("bdi")).toHaveText(other.name);
  });

  test("explains how the community discount comes off the quantity price and shows the saving", async ({ page, request, jsEnabled }) => {
    // The last community reaches its first tier (a community no other test shops in).
    const community = (await communities(request)).at(-1)!;
    runOnDatabase(
      "update weekly_cycles set current_revenue = (select min(min_revenue) from community_tiers where community_id = ? and min_revenue > 0) where community_id = ? and is_active = 1",
      community.id,
      community.id,
    );
    await page.goto(`/deals/cherry-tomatoes?community=${community.id}`);
    await expect(page.getByTestId("price-explain")).toContainText(/מחיר הכמות .*₪.* פחות \d+% הנחת קהילה = .*₪.* ליחידה/);
    const saving = page.getByTestId("price-saving");
    await expect(saving).toContainText(/חוסכים .*₪.* \(\d+%\) לעומת המחיר הרגיל/);
    if (jsEnabled) {
      // The saving counts the whole quantity.
      const one = await saving.textContent();
      await waitForHydration(page);
      await page.getByLabel("כמות", { exact: true }).fill("3");
      await expect(saving).not.toHaveText(one!);
    }
  });

  test("a member sees their own community's deadline and next tier in English, the name isolated", async ({ page, request }) => {
    await signedInShopper(page, request);
    const own = (await communities(request))[0];
    await page.goto("/deals/cucumbers?lng=en");
    await expect(page.getByTestId("closes-in")).toHaveText(/^Closes in \d+ (day|h|min)/);
    await expect(page.getByTestId("deal-next-tier")).toContainText(/more and everyone in .* pays \d+% less/);
    await expect(page.getByTestId("deal-next-tier").locator("bdi")).toHaveText(own.name);
    await expect(page.getByTestId("deal-guest-community")).toHaveCount(0);
  });

  test("its dates come written by the server: the phone makes no date formatter while it hydrates", async ({ page, request, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the browser formats nothing");
    // A phone's first Intl date formatter costs about 100 ms of a 4x-slowed CPU.
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { datesMade: string[] }).datesMade = made;
      for (const name of ["DateTimeFormat", "RelativeTimeFormat"] as const) {
        const original: object = Intl[name];
        Object.defineProperty(Intl, name, {
          value: new Proxy(original, {
            construct(target, args) {
              made.push(name);
              return Reflect.construct(target as new (...a: unknown[]) => object, args);
            },
          }),
        });
      }
    });
    const datesMade = () => page.evaluate(() => (window as unknown as { datesMade: string[] }).datesMade);
    // A guest: the week's box (deadline, pickup), and the community picker's pickup days.
    await page.goto("/deals/cherry-tomatoes");
    await waitForHydration(page);
    await expect(page.getByTestId("cycle-box")).toContainText(/\d\d:\d\d/);
    await expect(page.locator("#community-picker option").nth(1)).toContainText(/\d\d:\d\d/);
    expect(await datesMade()).toEqual([]);
    // A member: her community's pickup points with this week's day, and a review with its age.
    const [deal] = (await (await request.get("/api/deals?limit=1")).json()) as { slug: string; id: string }[];
    runOnDatabase(
      "insert into reviews (id, deal_id, user_id, rating, comment, is_verified, created_at, updated_at) select lower(hex(randomblob(16))), ?, id, 5, 'טעים', 1, ?, ? from users where role = 'USER' limit 1",
      deal.id,
      Date.now() - 3 * 86_400_000,
      Date.now(),
    );
    await signedInShopper(page, request);
    await page.goto(`/deals/${deal.slug}#reviews`);
    await waitForHydration(page);
    await expect(page.getByTestId("review").first()).toContainText("לפני 3 ימים");
    await expect(page.getByTestId("community-pickup-point").first()).toContainText(/\d\d\/\d\d/);
    expect(await datesMade()).toEqual([]);
  });
});

test("a guest gets the countdown on the home page, with a link to the community's groups", async ({ page }) => {
  await page.goto("/");
  const strip = page.getByTestId("guest-countdown");
  await expect(strip.getByTestId("countdown")).toContainText("נותרו");
  const name = (await strip.locator("bdi").textContent())!;
  await strip.getByRole("link", { name: "לקבוצות של השבוע" }).click();
  await expect(page).toHaveURL(/\/groups\?community=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test.describe("the deals list on a phone", () => {
  test.use({ viewport: PHONE });

  test("two cards in a row, one chip row that scrolls sideways, and the page no wider than the phone", async ({ page }) => {
    await page.goto("/deals");
    const cards = page.getByTestId("deal-card");
    await expect(cards).toHaveCount(24);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(a!.y).toBe(b!.y);
    expect(c!.y).toBeGreaterThan(a!.y);
    expect(a!.width).toBeLessThan(180);
    const chips = page.getByRole("navigation", { name: "קטגוריות וסינון מהיר" });
    expect(await chips.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The first picture is the largest paint: fetched at once and first; the rest wait.
    await expect(cards.first().locator("img")).toHaveAttribute("fetchpriority", "high");
    await expect(cards.first().locator("img")).toHaveAttribute("loading", "eager");
    await expect(cards.nth(5).locator("img")).toHaveAttribute("loading", "lazy");
  });

  test("'+' adds one to the cart in one tap and the shopper stays where she was in the list", async ({ page, request, jsEnabled }) => {
    await signedInShopper(page, request);
    await page.goto("/deals");
    const card = page.getByTestId("deal-card").nth(9);
    const slug = (await card.getAttribute("data-slug"))!;
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await card.getByTestId("quick-add").click();
    await expect(page.getByText("המוצר נוסף לעגלה")).toBeVisible();
    await expect(page.getByTestId("cart-link")).toHaveAccessibleName(/מוצר אחד/);
    if (jsEnabled) {
      // A fetcher: no page load, the list does not jump.
      await expect(page).toHaveURL(/\/deals$/);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(50);
    } else {
      // A plain post that comes back to the list, at the card.
      await expect(page).toHaveURL(new RegExp(`/deals#deal-${slug}$`));
      await expect(page.locator(`#deal-${slug}`)).toBeInViewport();
    }
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
  });

  test("a card's title, picture and heart: the deal page in the app, and the heart in place", async ({ page, request, jsEnabled }) => {
    await signedInShopper(page, request);
    await page.goto("/deals");
    // A mark on the window survives a navigation in the app and is gone after a page load.
    if (jsEnabled) await page.evaluate(() => Object.assign(window, { listPage: true }));
    const card = page.getByTestId("deal-card").nth(4);
    const slug = (await card.getAttribute("data-slug"))!;
    await card.getByRole("button", { name: "שמירה במועדפים" }).click();
    await expect(card.getByRole("button", { name: "הסרה מהמועדפים" })).toBeVisible();
    await expect(page.getByText("נשמר במועדפים")).toBeVisible();
    await expect(page).toHaveURL(jsEnabled ? /\/deals$/ : new RegExp(`/deals#deal-${slug}$`));

    // Ctrl+click is the browser's: the list stays in this tab.
    if (jsEnabled) {
      const [opened] = await Promise.all([page.context().waitForEvent("page"), card.getByRole("heading").getByRole("link").click({ modifiers: ["ControlOrMeta"] })]);
      await opened.close();
      await expect(page).toHaveURL(/\/deals(#.*)?$/);
    }
    await card.getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/deals/${slug}$`));
    await expect(page.getByRole("button", { name: "הסרה מהמועדפים" })).toBeVisible();
    if (jsEnabled) expect(await page.evaluate(() => "listPage" in window)).toBe(true);
  });

  test("a guest's '+' asks her to log in and brings her back to the list", async ({ page }) => {
    await page.goto("/deals");
    await page.getByTestId("quick-add").first().click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdeals/);
    await expect(page.getByText("נדרשת הרשמה")).toBeVisible();
  });

  test("filters and sort live in a sheet that is a plain GET form", async ({ page, request }) => {
    await page.goto("/deals?q=%D7%A2");
    await page.getByTestId("filter-sheet").locator("summary").click();
    const sheet = page.getByTestId("filter-sheet").locator("form");
    await expect(sheet).toBeVisible();
    await sheet.getByLabel("קטגוריה").selectOption("fruits");
    await sheet.getByLabel("מיון").selectOption("price_asc");
    await sheet.getByRole("button", { name: "הצגת התוצאות" }).click();
    await expect(page).toHaveURL(/category=fruits/);
    const params = new URL(page.url()).searchParams;
    expect([params.get("q"), params.get("category"), params.get("sort")]).toEqual(["ע", "fruits", "price_asc"]);
    const expected = await (await request.get("/api/deals?category=fruits&sort=price_asc&q=%D7%A2")).json();
    await expect(page.getByTestId("deal-card")).toHaveCount(expected.length);
    await expect(page.getByTestId("deal-card").first()).toHaveAttribute("data-slug", expected[0].slug);
    // The search keeps the chosen filters; the button names how many are on.
    await expect(page.getByTestId("filter-sheet").locator("summary")).toContainText("1");
  });
});

test("bulk add: the button counts the ticked deals, and adds them all", async ({ page, request, jsEnabled }) => {
  await signedInShopper(page, request);
  await page.goto("/deals?mode=bulk");
  const boxes = page.getByTestId("bulk-select");
  await boxes.nth(0).check();
  await boxes.nth(3).check();
  const button = page.locator("#bulk-add").getByRole("button");
  // Counting needs JavaScript; without it the button keeps its plain label and still works.
  await expect(button).toHaveText(jsEnabled ? "הוספת 2 מוצרים לעגלה" : "הוספה לעגלה");
  if (jsEnabled) {
    await boxes.nth(3).uncheck();
    await expect(button).toHaveText("הוספת מוצר אחד לעגלה");
    await boxes.nth(3).check();
  }
  await button.click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
});

test.describe("/groups, the page an organiser shares", () => {
  test("a guest sees a chosen community's week: deadline, next tier, neighbours and groups", async ({ page, request }) => {
    const community = (await communities(request))[2];
    await page.goto(`/groups?community=${community.id}`);
    await expect(page).toHaveTitle(`קניות קבוצתיות ב${community.name} | שוק קהילתי`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", new RegExp(community.name));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(community.name);
    const summary = page.getByTestId("groups-summary");
    await expect(summary.getByTestId("closes-in")).toContainText("נסגר בעוד");
    await expect(summary.getByTestId("groups-next-tier")).toContainText("משלמים");
    await expect(page.getByTestId("group-row").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "הצטרפות לקהילה" })).toHaveAttribute("href", "/signup");

    // Another community through the plain GET picker.
    const other = (await communities(request))[1];
    await page.getByTestId("groups-picker").getByRole("combobox").selectOption(other.id);
    await page.getByTestId("groups-picker").getByRole("button", { name: "הצגה" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(other.name);
  });

  test("a member sees her own community, her order counted among the neighbours who joined", async ({ page, request }) => {
    await signedInShopper(page, request, 3);
    const own = (await communities(request))[3];
    await placePickupOrder(page, "cucumbers");

    await page.goto("/groups");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(own.name);
    await expect(page.getByText("הקהילה שלכם")).toBeVisible();
    await expect(page.getByTestId("members-joined")).toContainText(/כבר (הזמין|הזמינו) השבוע/);
    const row = page.getByTestId("group-row").filter({ has: page.locator('a[href^="/deals/cucumbers?"]') });
    await expect(row.getByTestId("group-joined")).toContainText(/הזמין|הזמינו/);
  });

  test("fits a 360 px phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/groups");
    await expect(page.getByTestId("group-row").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
