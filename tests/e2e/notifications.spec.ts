import { expect, runOnDatabase, signedInShopper, test } from "./fixtures";

test("the bell counts unread notifications; the page marks them read and a review reminder leads to its deal", async ({ page, request }) => {
  const person = await signedInShopper(page, request);
  const insert = (id: string, type: string, title: string, slug: string | null) =>
    runOnDatabase(
      "insert into notifications (id, user_id, type, title, message, data) select ?, id, ?, ?, 'הודעה', ? from users where email = ?",
      id,
      type,
      title,
      JSON.stringify(slug ? { dealSlug: slug } : {}),
      person.email,
    );
  insert(crypto.randomUUID(), "GROUP_COMPLETE", "הקבוצה נסגרה - המחיר הסופי נקבע", null);
  insert(crypto.randomUUID(), "REVIEW_REMINDER", "איך היה?", "cucumbers");

  await page.goto("/");
  await expect(page.getByRole("link", { name: "התראות, 2 שלא נקראו" })).toBeVisible();
  await page.getByRole("link", { name: "התראות, 2 שלא נקראו" }).click();
  await expect(page.getByTestId("notification")).toHaveCount(2);

  await page.getByTestId("notification").filter({ hasText: "איך היה?" }).getByRole("button", { name: "למוצר" }).click();
  await expect(page).toHaveURL(/\/deals\/cucumbers#reviews$/);
  await expect(page.getByRole("link", { name: "התראות, 1 שלא נקראו" })).toBeVisible();

  await page.goto("/notifications");
  await page.getByRole("button", { name: "סימון הכל כנקרא" }).click();
  await expect(page.getByRole("button", { name: "סימון הכל כנקרא" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "התראות", exact: true })).toBeVisible();
});
