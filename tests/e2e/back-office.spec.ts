// The back office (issue #17) in a real browser, with JavaScript on and off: its own layout
// (no shop chrome, the area's tabs, a phone-wide tab strip), search and paging on the admin
// lists, confirmations before ending a deal, and the vendor's deal form (unit list, picture
// control with preview, the live ladder, send for review).
import type { Page } from "@playwright/test";
import { DEMO_ADMIN, expect, logIn, newVendor, PNG, runOnDatabase, test } from "./fixtures";


async function signInAs(page: Page, person: { email: string; password: string }) {
  await page.context().clearCookies();
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

/** A live deal of this test's own, so ending it touches nothing another test uses. */
function liveDeal(title: string) {
  runOnDatabase(
    "insert into deals (id, vendor_id, title, slug, description, category, base_price, unit, status) select ?, id, ?, ?, 'תיאור', 'vegetables', 1290, 'ק״ג', 'ACTIVE' from vendors order by name limit 1",
    crypto.randomUUID(),
    title,
    `bo-${crypto.randomUUID().slice(0, 8)}`,
  );
}

/** Nothing wider than the phone: the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test("admin pages have the back office's own header and tabs, no cart or footer, and fit a phone", async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto("/admin/deals");
  await expect(page.getByTestId("back-office-header")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "אזורי הניהול" });
  await expect(nav.getByRole("link")).toHaveCount(8);
  await expect(nav.getByRole("link", { name: "מבצעים" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("cart-link")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.locator('form[action="/deals"]')).toHaveCount(0);
  await expect(page.getByTestId("back-to-shop")).toHaveAttribute("href", "/");

  // The dashboard leads with this week's cycles; sign out is in the user menu.
  await nav.getByRole("link", { name: "סקירה" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByTestId("admin-primary-action").click();
  await expect(page).toHaveURL(/\/admin\/cycles$/);
  await expect(nav.getByRole("link", { name: "מחזורים שבועיים" })).toHaveAttribute("aria-current", "page");

  // On a 360 px phone every tab is on screen (they wrap) and nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/deals");
  for (const link of await nav.getByRole("link").all()) {
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await expectNoSidewaysScroll(page);

  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "התנתקות" }).click();
  await expect(page).not.toHaveURL(/\/admin/);
});

test("vendor pages have the vendor's tabs and no shop chrome", async ({ page, request }) => {
  const vendor = await newVendor(request);
  await signInAs(page, vendor);
  await page.goto("/vendor/dashboard");
  const nav = page.getByRole("navigation", { name: "אזור הספקים" });
  // My deals, a new deal, the weekly statements (issue #49), the guide, support.
  await expect(nav.getByRole("link")).toHaveCount(5);
  await expect(nav.getByRole("link", { name: "המבצעים שלי" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("cart-link")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await nav.getByRole("link", { name: "מדריך לספקים" }).click();
  await expect(page).toHaveURL(/\/vendor\/guide$/);
  await expect(nav.getByRole("link", { name: "מדריך לספקים" })).toHaveAttribute("aria-current", "page");
});

test("the admin deals list searches and pages with plain GET forms and links", async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  await page.goto("/admin/deals");
  await expect(page.getByTestId("admin-deal-row")).toHaveCount(20);
  await expect(page.getByTestId("pager-status")).toContainText(/מוצגים 1–20 מתוך \d+/);
  await page.getByTestId("pager").getByRole("link", { name: "הבא" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("pager-status")).toContainText(/מוצגים 21–/);
  await expect(page.getByTestId("pager").getByRole("link", { name: "הקודם" })).toBeVisible();

  const title = (await page.getByTestId("admin-deal-row").first().getByRole("cell").first().innerText()).trim();
  const search = page.getByTestId("list-search");
  await search.getByRole("searchbox").fill(title);
  await search.getByRole("button", { name: "חיפוש" }).click();
  await expect(page).toHaveURL(/q=/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByTestId("admin-deal-row").first()).toContainText(title);
  for (const row of await page.getByTestId("admin-deal-row").all()) await expect(row).toContainText(title);

  await search.getByRole("searchbox").fill("אין מבצע בשם הזה בכלל");
  await search.getByRole("button", { name: "חיפוש" }).click();
  await expect(page.getByText("לא נמצא דבר שמתאים לחיפוש")).toBeVisible();
  await page.getByRole("link", { name: "ניקוי החיפוש" }).click();
  await expect(page).toHaveURL(/\/admin\/deals$/);
  await expect(page.getByTestId("admin-deal-row")).toHaveCount(20);
});

test("the other admin lists search too", async ({ page }) => {
  await signInAs(page, DEMO_ADMIN);
  for (const path of ["/admin/communities", "/admin/vendor-applications", "/admin/cycles"]) {
    await page.goto(path);
    const search = page.getByTestId("list-search");
    await search.getByRole("searchbox").fill("zz-nothing-matches-zz");
    await search.getByRole("button", { name: "חיפוש" }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?q=zz-nothing-matches-zz`));
    await expect(page.getByText("לא נמצא דבר שמתאים לחיפוש").first()).toBeVisible();
    // One empty state, not a second "nothing to show" under it (#45).
    await expect(page.getByTestId("pager-status")).toHaveCount(0);
  }
});

test("ending a deal asks first, and the button is not the primary style", async ({ page, jsEnabled }) => {
  const title = `שעועית ירוקה ${crypto.randomUUID().slice(0, 6)}`;
  liveDeal(title);
  await signInAs(page, DEMO_ADMIN);
  await page.goto(`/admin/deals?q=${encodeURIComponent(title)}`);
  const row = page.getByTestId("admin-deal-row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  const end = row.getByTestId("deal-action-end");
  const trigger = end.getByText("סיום המבצע", { exact: true });
  await expect(trigger).not.toHaveClass(/bg-brand-600|bg-red-600/);
  const yes = end.getByRole("button", { name: "כן, לסיים את המבצע" });
  await expect(yes).toBeHidden();

  await trigger.click();
  await expect(end.getByRole("alertdialog")).toContainText(title);
  if (jsEnabled) {
    // "No" closes the question and nothing happens.
    await end.getByRole("button", { name: "לא, להשאיר" }).click();
    await expect(yes).toBeHidden();
    await expect(row.getByTestId("deal-status")).toHaveText("פעיל");
    await trigger.click();
  }
  await yes.click();
  await expect(page.getByText("המבצע הסתיים")).toBeVisible();
  await expect(page.getByTestId("admin-deal-row").filter({ hasText: title }).getByTestId("deal-status")).toHaveText("הסתיים");
});

test("a vendor picks a unit, sees the picture and the price ladder before saving, and sends the deal for review", async ({ page, request, jsEnabled }) => {
  const vendor = await newVendor(request);
  const title = `פלפל קלוי ${crypto.randomUUID().slice(0, 6)}`;
  await signInAs(page, vendor);
  await page.goto("/vendor/new-deal");
  await expect(page.getByTestId("publish-steps")).toContainText("שולחים לבדיקה");
  await expect(page.getByLabel("כתובת בקישור")).toHaveCount(0);

  await page.getByLabel("שם המבצע").fill(title);
  await page.getByLabel("תיאור").fill("פלפלים אדומים קלויים על גחלים, בצנצנת עם שמן זית.");
  await page.getByLabel("קטגוריה").selectOption("vegetables");
  const unit = page.getByLabel("יחידת מכירה");
  await expect(unit.locator("option")).toContainText(["ק״ג", "יחידה", "צרור", "אחר (לכתוב בעצמי)"]);
  if (jsEnabled) await expect(page.getByLabel("יחידה אחרת")).toBeHidden();
  await unit.selectOption("jar");
  await page.getByLabel("מחיר ליחידה (₪)", { exact: true }).fill("24");
  await page.getByLabel("כמות מקסימלית להזמנה").fill("12");
  await page.getByLabel("מכמות").first().fill("3");
  await page.getByLabel("מחיר ליחידה במדרגה (₪)").first().fill("21.50");
  await page.getByLabel("תמונות", { exact: true }).setInputFiles({ name: "peppers.png", mimeType: "image/png", buffer: PNG });

  if (jsEnabled) {
    // Our own control names the file and shows it; the preview follows the form as it is typed.
    await expect(page.getByText("בחירת תמונות")).toBeVisible();
    await expect(page.getByTestId("image-names")).toContainText("peppers.png");
    await expect(page.getByTestId("image-previews").getByRole("img")).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(page.getByTestId("card-preview-image")).toHaveAttribute("src", /^data:image\/png;base64,/);
    await expect(page.getByTestId("card-preview")).toContainText(title);
    const ladder = page.getByTestId("price-ladder").getByRole("listitem");
    await expect(ladder).toHaveCount(2);
    await expect(ladder.nth(0)).toContainText("1–2 צנצנות");
    await expect(ladder.nth(1)).toContainText("מ־3 צנצנות");
    await expect(ladder.nth(1)).toContainText("21.50");
    // The card speaks the deal's unit, and a band of one reads as one quantity (issue #49).
    await expect(page.getByTestId("card-preview")).toContainText("מ־3 צנצנות");
    await page.getByLabel("מכמות").first().fill("2");
    await expect(ladder.nth(0).locator("bdi")).toHaveText("1 צנצנת");
    await page.getByLabel("מכמות").first().fill("3");
    await expect(ladder.nth(0)).toContainText("1–2 צנצנות");
  }
  await page.getByRole("button", { name: "שמירה כטיוטה" }).click();
  await expect(page).toHaveURL(/\/vendor\/deals\/[^/]+\/edit$/);
  await expect(page.getByLabel("יחידת מכירה")).toHaveValue("jar");
  // No slug on the farmer's page: the address is made from the title (issue #49).
  await expect(page.getByText("/deals/")).toHaveCount(0);
  // The saved deal's ladder and card, without any script.
  await expect(page.getByTestId("price-ladder").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("card-preview-image")).toHaveAttribute("src", /^\/uploads\/deals\//);

  await expect(page.getByTestId("send-hint")).toContainText("מנהל");
  await page.getByRole("button", { name: "שליחה לבדיקה" }).click();
  await expect(page.getByText("המבצע נשלח לבדיקה")).toBeVisible();
  await expect(page.getByTestId("in-review-hint")).toBeVisible();

  // My deals: the picture, the links beside the name, and this week's sales (none yet).
  await page.goto("/vendor/dashboard");
  const mine = page.getByTestId("vendor-deal").filter({ hasText: title });
  await expect(mine.getByTestId("vendor-deal-thumb")).toHaveAttribute("src", /^\/uploads\/deals\//);
  await expect(mine.getByRole("link", { name: `עריכה: ${title}` })).toBeVisible();
  await expect(mine.getByTestId("vendor-deal-week")).toHaveText("עוד אין הזמנות השבוע");
});
