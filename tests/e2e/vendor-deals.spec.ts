import type { Page } from "@playwright/test";
import { slugify } from "../../app/domain/slug";
import { DEMO_ADMIN, expect, logIn, newVendor, PNG, test } from "./fixtures";


async function signInAs(page: Page, person: { email: string; password: string }) {
  await page.context().clearCookies();
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

/** Fills the deal form on /vendor/new-deal and saves the draft; lands on the edit page. */
async function createDealThroughForm(page: Page, title: string, withImage: boolean) {
  await page.goto("/vendor/new-deal");
  await expect(page.getByRole("heading", { name: "מבצע חדש" })).toBeVisible();
  await page.getByLabel("שם המבצע").fill(title);
  await page.getByLabel("תיאור").fill("עגבניות שרי מתוקות מהחממה במושב, נקטפות בבוקר.");
  await page.getByLabel("קטגוריה").selectOption("vegetables");
  await page.getByLabel("יחידת מכירה").selectOption("kg");
  await page.getByLabel("מחיר ליחידה (₪)", { exact: true }).fill("14.90");
  await page.getByLabel("כמות מקסימלית להזמנה").fill("30");
  await page.getByLabel("מכמות").first().fill("5");
  await page.getByLabel("מחיר ליחידה במדרגה (₪)").first().fill("13.50");
  if (withImage) await page.getByLabel("תמונות", { exact: true }).setInputFiles({ name: "tomatoes.png", mimeType: "image/png", buffer: PNG });
  await page.getByRole("button", { name: "שמירה כטיוטה" }).click();
  await expect(page).toHaveURL(/\/vendor\/deals\/[^/]+\/edit$/);
  await expect(page.getByText("הטיוטה נשמרה")).toBeVisible();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
}

async function submitForReview(page: Page) {
  await page.getByRole("button", { name: "שליחה לבדיקה" }).click();
  await expect(page.getByText("המבצע נשלח לבדיקה")).toBeVisible();
  await expect(page.getByTestId("deal-status")).toHaveText("ממתין לבדיקה");
  await expect(page.getByTestId("read-only-reason")).toContainText("אצל צוות השוק לבדיקה");
}

test.describe("vendor deals", () => {
  // Each test signs in three times and walks a deal through several pages.
  test.slow();

  test("a vendor creates a deal with a picture and submits it; an admin activates it; shoppers see it", async ({ page, request }) => {
    const vendor = await newVendor(request);
    const title = `עגבניות שרי ${crypto.randomUUID().slice(0, 8)}`;
    await signInAs(page, vendor);
    await createDealThroughForm(page, title, true);
    const editUrl = page.url();

    const picture = page.getByTestId("deal-images").getByRole("img");
    await expect(picture).toHaveCount(1);
    await expect(picture).toHaveAttribute("src", /^\/uploads\/deals\/[a-f0-9]{32}\.png$/);
    await expect(page.getByTestId("tier-row").first().getByLabel("מכמות")).toHaveValue("5");
    await submitForReview(page);

    await signInAs(page, DEMO_ADMIN);
    await page.goto("/admin/deals");
    await expect(page.getByRole("heading", { name: "מבצעים", level: 1 })).toBeVisible();
    const item = page.getByTestId("review-queue-item").filter({ hasText: title });
    await expect(item).toBeVisible();
    await item.getByRole("button", { name: "אישור והעלאה לאתר" }).click();
    await expect(page.getByText("המבצע פעיל באתר")).toBeVisible();
    await expect(page.getByTestId("review-queue-item").filter({ hasText: title })).toHaveCount(0);
    await expect(page.getByTestId("admin-deal-row").filter({ hasText: title }).getByTestId("deal-status")).toHaveText("פעיל");

    await page.goto(`/deals/${encodeURIComponent(slugify(title))}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: title })).toHaveAttribute("src", /^\/uploads\/deals\//);

    // Live, the farmer changes its price and stock herself, with no new review (#49); its name stays.
    await signInAs(page, vendor);
    await page.goto(editUrl);
    await expect(page.getByTestId("live-edit-note")).toBeVisible();
    await page.getByLabel("שם המבצע").fill(`${title} גדולות`);
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page.getByText("סיימו את המבצע ושלחו מבצע חדש לבדיקה")).toBeVisible();
    await page.goto(editUrl);
    await page.getByLabel("מחיר ליחידה (₪)", { exact: true }).fill("15.90");
    await page.getByLabel("כמות מקסימלית להזמנה").fill("40");
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page.getByText("השינויים נשמרו")).toBeVisible();
    await expect(page.getByTestId("deal-status")).toHaveText("פעיל");
    await page.goto(`/deals/${encodeURIComponent(slugify(title))}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText(/^עד 40 /).first()).toBeVisible();
  });

  test("an admin sends a deal back with a note; the vendor fixes it and sends it again", async ({ page, request }) => {
    const vendor = await newVendor(request);
    const title = `מלפפון בלדי ${crypto.randomUUID().slice(0, 8)}`;
    await signInAs(page, vendor);
    await createDealThroughForm(page, title, false);
    const editUrl = page.url();
    await submitForReview(page);

    await signInAs(page, DEMO_ADMIN);
    await page.goto("/admin/deals");
    const item = page.getByTestId("review-queue-item").filter({ hasText: title });
    await item.getByLabel("מה לתקן (הספק יראה את זה)").fill("חסרה תמונה, והמחיר גבוה מדי");
    await item.getByRole("button", { name: "החזרה לספק" }).click();
    await expect(page.getByText("המבצע הוחזר לספק עם ההערה")).toBeVisible();
    await expect(page.getByTestId("review-queue-item").filter({ hasText: title })).toHaveCount(0);

    await signInAs(page, vendor);
    await page.goto(editUrl);
    await expect(page.getByTestId("review-note")).toContainText("חסרה תמונה, והמחיר גבוה מדי");
    await expect(page.getByTestId("deal-status")).toHaveText("טיוטה");
    await page.getByLabel("מחיר ליחידה (₪)", { exact: true }).fill("12.90");
    await page.getByLabel("מחיר ליחידה במדרגה (₪)").first().fill("11.90");
    await page.getByLabel("תמונות", { exact: true }).setInputFiles({ name: "cucumber.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page.getByText("השינויים נשמרו")).toBeVisible();
    await expect(page.getByTestId("deal-images").getByRole("img")).toHaveCount(1);
    await expect(page.getByLabel("מחיר ליחידה (₪)", { exact: true })).toHaveValue("12.90");
    await submitForReview(page);
    await expect(page.getByTestId("review-note")).toHaveCount(0);
  });

  test("a file that is not a picture is refused with the file's name, and the typed form stays", async ({ page, request }) => {
    const vendor = await newVendor(request);
    const title = `חסה ${crypto.randomUUID().slice(0, 8)}`;
    await signInAs(page, vendor);
    await page.goto("/vendor/new-deal");
    await page.getByLabel("שם המבצע").fill(title);
    await page.getByLabel("תיאור").fill("חסה ערבית פריכה, נקטפת באותו בוקר.");
    await page.getByLabel("קטגוריה").selectOption("vegetables");
    // A unit that is not on the list: "other", and its text.
    await page.getByLabel("יחידת מכירה").selectOption("other");
    await page.getByLabel("יחידה אחרת").fill("ראש");
    await page.getByLabel("מחיר ליחידה (₪)", { exact: true }).fill("6");
    await page.getByLabel("תמונות", { exact: true }).setInputFiles({ name: "lettuce.png", mimeType: "image/png", buffer: Buffer.from("this is text, not a picture") });
    await page.getByRole("button", { name: "שמירה כטיוטה" }).click();
    await expect(page.getByTestId("image-error")).toContainText("lettuce.png");
    await expect(page).toHaveURL(/\/vendor\/new-deal$/);
    await expect(page.getByLabel("שם המבצע")).toHaveValue(title);
    await expect(page.getByLabel("יחידת מכירה")).toHaveValue("other");
    await expect(page.getByLabel("יחידה אחרת")).toHaveValue("ראש");
  });
});
