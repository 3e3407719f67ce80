// Issue #46: an optional mail's unsubscribe link, opened signed out in a browser, with and without
// JavaScript: the page asks, the button stops that mail only, and the same page takes it back.
import { unsubscribeToken } from "../../app/services/unsubscribe-token.server";
import { expect, newPerson, runOnDatabase, test, waitForHydration } from "./fixtures";

test("a signed-out reader stops the weekly digest from its link, and takes it back", async ({ page, request, jsEnabled }) => {
  const person = newPerson();
  const communities = await (await request.get("/api/communities")).json();
  const signup = await request.post("/api/auth/signup", { data: { ...person, communityId: communities[0].id } });
  expect(signup.status()).toBe(201);
  const { userId } = await signup.json();
  runOnDatabase("update users set mail_weekly_digest = 1 where id = ?", userId);

  // The test server's secret (global-setup.ts) signs the link, as the server's own mail would.
  await page.goto(`/unsubscribe/${unsubscribeToken("e2e-session-secret", userId, "weeklyDigest")}`);
  if (jsEnabled) await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "הפסקת מיילים" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("לא לשלוח לכם יותר את המייל „מבצעי השבוע”?");
  await expect(page.getByText(`${person.email.slice(0, 1)}***@example.com`)).toBeVisible();

  await page.getByRole("button", { name: "הפסקת המייל הזה" }).click();
  await expect(page.getByRole("status")).toContainText("לא נשלח לכם יותר את המייל „מבצעי השבוע”");

  await page.getByRole("button", { name: "טעות, להמשיך לשלוח" }).click();
  await expect(page.getByRole("status")).toHaveText("נמשיך לשלוח לכם את המייל „מבצעי השבוע”.");
});

test("a link that is not ours says so, with a way to the settings", async ({ page }) => {
  const response = await page.goto(`/unsubscribe/${crypto.randomUUID()}.weeklyDigest.${"x".repeat(32)}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("הקישור הזה לא תקין");
  await expect(page.getByRole("link", { name: "להגדרות" })).toBeVisible();
});
