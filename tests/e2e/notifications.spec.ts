import { expect, runOnDatabase, signedInShopper, test, waitForHydration } from "./fixtures";

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
  await expect(page.getByTestId("bell")).toHaveAccessibleName("התראות, 2 שלא נקראו");
  await expect(page.getByTestId("bell").locator(".count-badge")).toHaveText("2");
  // The popover opens without JavaScript (a <details>); a click marks the item read and follows it.
  await page.getByTestId("bell").click();
  await page.getByTestId("bell-popover").getByRole("button", { name: "איך היה?" }).click();
  await expect(page).toHaveURL(/\/deals\/cucumbers#reviews$/);
  await expect(page.getByTestId("bell")).toHaveAccessibleName("התראות, אחת שלא נקראה");

  await page.goto("/notifications");
  await expect(page.getByTestId("notification")).toHaveCount(2);
  await page.getByRole("button", { name: "סימון הכל כנקרא" }).click();
  await expect(page.getByRole("button", { name: "סימון הכל כנקרא" })).toHaveCount(0);
  await expect(page.getByTestId("bell")).toHaveAccessibleName("התראות");
});

test("the header's forms (search, the bell, sign-out) stay in the app, and post as plain forms without JavaScript", async ({ page, request, jsEnabled }) => {
  const person = await signedInShopper(page, request);
  runOnDatabase(
    "insert into notifications (id, user_id, type, title, message, data) select ?, id, 'REVIEW_REMINDER', 'איך היו המלפפונים?', 'הודעה', ? from users where email = ?",
    crypto.randomUUID(),
    JSON.stringify({ dealSlug: "cucumbers" }),
    person.email,
  );
  await page.goto("/deals");
  // A mark on the window survives a navigation in the app and is gone after a page load.
  if (jsEnabled) {
    await waitForHydration(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  }
  const sameDocument = () => page.evaluate(() => "sameDocument" in window);

  const search = page.getByRole("searchbox", { name: "חיפוש מבצעים" }).last();
  await search.fill("מלפפון");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/deals\?q=%D7%9E/);
  await expect(page.getByRole("searchbox", { name: "חיפוש מבצעים" }).last()).toHaveValue("מלפפון");
  expect(await sameDocument()).toBe(jsEnabled);

  await page.getByTestId("bell").click();
  await page.getByTestId("bell-popover").getByRole("button", { name: "איך היו המלפפונים?" }).click();
  await expect(page).toHaveURL(/\/deals\/cucumbers#reviews$/);
  await expect(page.getByTestId("bell")).toHaveAccessibleName("התראות");
  expect(await sameDocument()).toBe(jsEnabled);

  await page.getByTestId("user-menu").click();
  await page.getByRole("button", { name: "התנתקות" }).last().click();
  await expect(page.getByRole("banner").getByRole("link", { name: "התחברות" }).last()).toBeVisible();
  expect(await sameDocument()).toBe(jsEnabled);
});
