// Issue #45: a new community has no weekly minimum unless the admin sets one, and the admin
// moves an open week's deadline and closes it now from the week's page, each after a
// confirmation, with JavaScript on and off. The community is the test's own: closing a demo
// week would pull it from under the other tests on this server.
import { DEMO_ADMIN, expect, logIn, test } from "./fixtures";

/** "2026-11-26T20:00" moved by `minutes`, as the same kind of wall-clock text. */
function shifted(local: string, minutes: number) {
  return new Date(new Date(`${local}:00Z`).getTime() + minutes * 60_000).toISOString().slice(0, 16);
}
/** The admin screens' "26/11/2026 20:00" for a wall-clock text. */
function adminDate(local: string) {
  const [, y, m, d, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local)!;
  return `${d}/${m}/${y} ${time}`;
}

test("an admin opens a community with no minimum, moves its week's deadline and closes the week now", async ({ page }) => {
  test.slow();
  const name = `קהילת התאנה ${crypto.randomUUID().slice(0, 6)}`;
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto("/admin/communities");
  await expect(page.getByLabel("ללא מינימום: כל שבוע יוצא לפועל")).toBeChecked();
  await expect(page.getByTestId("weekly-minimum-consequence")).toHaveText("שבוע שמסתיים מתחת למינימום שלו מתבטל: כל ההזמנות של אותו שבוע מבוטלות בלי חיוב, וכל הקונים מקבלים הודעה.");
  await page.getByLabel("שם הקהילה").fill(name);
  await page.getByRole("button", { name: "פתיחת הקהילה" }).click();
  await expect(page.getByText(`הקהילה ${name} נפתחה`)).toBeVisible();
  // A week opens with the community's first pickup point (issue #45: one pickup concept).
  const points = page.locator("#pickup-points");
  await points.getByLabel("כתובת הנקודה").fill("רחוב התאנה 7");
  await points.getByLabel("שישי").check();
  await points.getByLabel("משעה").fill("11:00");
  await points.getByLabel("עד שעה").fill("14:00");
  await points.getByRole("button", { name: "הוספת הנקודה" }).click();
  await expect(page.getByText("נקודת האיסוף נוספה")).toBeVisible();
  await expect(page.getByTestId("open-cycle")).toContainText("ללא מינימום");

  await page.goto(`/admin/cycles?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("cycle-row")).toHaveCount(1);
  await expect(page.getByTestId("cycle-row").getByTestId("week-state")).toHaveText("ללא מינימום");
  await page.getByTestId("cycle-row").getByRole("link", { name: "לרשימות" }).click();
  const control = page.getByTestId("week-control");
  await expect(control.getByTestId("week-state")).toHaveText("ללא מינימום");

  // Moving the deadline asks first; a time in the past comes back refused, with its reason.
  await control.locator("summary", { hasText: "להזיז את מועד הסגירה" }).click();
  const field = control.getByLabel("מועד סגירה חדש");
  const deadline = await field.inputValue();
  await field.fill("2020-01-01T10:00");
  await control.getByRole("button", { name: "כן, להזיז" }).click();
  await expect(control.getByText("מועד הסגירה החדש צריך להיות בעתיד")).toBeVisible();
  await expect(page.locator("header", { hasText: name })).toContainText(adminDate(deadline));

  const later = shifted(deadline, 60);
  await control.getByLabel("מועד סגירה חדש").fill(later);
  await control.getByRole("button", { name: "כן, להזיז" }).click();
  await expect(page.getByText("מועד הסגירה הוזז")).toBeVisible();
  await expect(page.locator("header", { hasText: name }).getByText(adminDate(later))).toBeVisible();

  // Closing now asks first too; the week is then closed and its controls are gone.
  await control.locator("summary", { hasText: "לסגור את השבוע עכשיו" }).click();
  await expect(control.getByText(/ההזמנות נסגרות מיד, כמו במועד הסגירה: המחירים הסופיים נקבעים/)).toBeVisible();
  await control.getByRole("button", { name: "כן, לסגור עכשיו" }).click();
  await expect(page.getByText("השבוע נסגר והשבוע הבא נפתח")).toBeVisible();
  await expect(page.getByTestId("week-control")).toHaveCount(0);

  await page.goto(`/admin/cycles?q=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("cycle-row")).toHaveCount(2);
  await expect(page.getByTestId("cycle-row").filter({ hasText: "נסגר" })).toHaveCount(1);
  await page.goto("/admin/audit?type=cycle.closed_early");
  await expect(page.getByTestId("audit-row").first()).toContainText("שבוע הזמנות נסגר מוקדם בידי מנהל");
});
