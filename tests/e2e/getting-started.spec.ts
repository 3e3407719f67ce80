// Issue #45: a new market's admin dashboard lists its first steps, each leading to where it is
// done, and ticks them off as they are done; its main button leads to the next step. A server of
// its own on an empty database (the shared one holds the demo market, where all is done).
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { expect, test, waitForHydration } from "./fixtures";

const ADMIN = { email: "organiser@example.com", password: "organiser-password-2026" };
const SECRET = "getting-started-secret";

let server: BuiltServer;
let origin = "";

test.beforeAll(async () => {
  server = await startBuiltServer({ ADMIN_SECRET: SECRET, DEMO_DATA: "", WEB_CONCURRENCY: "1" });
  // localhost: the browser keeps the Secure session cookie there.
  origin = `http://localhost:${server.port}`;
  const made = await server.raw("/api/admin/create-admin", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password, secretCode: SECRET }),
  });
  expect(made.status, made.body.toString()).toBeLessThan(300);
});
test.afterAll(async () => {
  await server?.stop();
});

test("an empty market's dashboard leads the admin through the first steps, ticking them off", async ({ page, jsEnabled }) => {
  // A server of its own and a community made through the form: slow on a shared two-core machine.
  test.setTimeout(180_000);
  await page.goto(`${origin}/login?tab=password&redirect=/admin`);
  await page.getByLabel("כתובת מייל").fill(ADMIN.email);
  await page.getByLabel("סיסמה", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "התחברות", exact: true }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
  if (jsEnabled) await waitForHydration(page);

  const checklist = page.getByTestId("getting-started");
  await expect(checklist.getByRole("heading", { name: "צעדים ראשונים" })).toBeVisible();
  await expect(page.getByTestId("getting-started-progress")).toHaveText("0 מתוך 6 הושלמו");
  await expect(page.getByTestId("setup-step-community")).toHaveAttribute("data-done", "false");
  await expect(page.getByTestId("admin-waiting-vendorApplications")).toContainText("0");

  // The main button leads to the first step, where the community is made.
  await page.getByTestId("admin-primary-action").click();
  await expect(page).toHaveURL(`${origin}/admin/communities`);
  await page.getByLabel("שם הקהילה").fill("שכונת הגפן");
  await page.getByRole("button", { name: "פתיחת הקהילה" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("שכונת הגפן");
  const communityPath = new URL(page.url()).pathname;

  // Back on the dashboard the step is ticked, and the next leads into the community's page.
  await page.goto(`${origin}/admin`);
  await expect(page.getByTestId("setup-step-community")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("setup-step-community")).toContainText("(הושלם)");
  await expect(page.getByTestId("setup-step-pickupPoint")).toHaveAttribute("data-done", "false");
  await expect(page.getByTestId("getting-started-progress")).not.toHaveText("0 מתוך 6 הושלמו");
  await page.getByRole("link", { name: "הוספת נקודת איסוף" }).click();
  await expect(page).toHaveURL(`${origin}${communityPath}#pickup-points`);

  // The "share the /groups link" step opens the community's group page.
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole("link", { name: "שיתוף הקישור ‎/groups" })).toHaveAttribute("href", "/groups");
});
