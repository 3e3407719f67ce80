import type { Locator, Page } from "@playwright/test";
import { CANCEL_CUTOFF_HOURS } from "../../app/domain/delivery";
import { type FigureKey, PUBLIC_FIGURE_MINIMUM } from "../../app/domain/public-figures";
import { expect, test } from "./fixtures";

/** Text as a person reads it: without bidi marks and the isolate around "15.00 ₪", spaces folded. */
async function readable(locator: Locator) {
  return (await locator.innerText()).replace(/[\u200e\u200f\u2066-\u2069]/g, "").replace(/\s+/g, " ");
}

/** The contact form's fields (the header's theme button also has "נושא" in its name). */
function contactForm(page: Page) {
  return page.locator("form#contact");
}

// Delivery is each community's own (issue #45): a guest reads that each community decides.
const EACH_DECIDES = "כל קהילה מחליטה אם יש בה משלוחים";
const EACH_SETS_DAYS = "זמני המשלוח נקבעים בכל קהילה";

test.describe("static pages", () => {
  for (const [path, heading] of [
    ["/about", "מי אנחנו"],
    ["/contact", "צור קשר"],
    ["/terms", "תנאי שימוש"],
    ["/privacy", "מדיניות פרטיות"],
    ["/faq", "שאלות נפוצות"],
  ] as const) {
    test(`${path} renders with its Hebrew heading and title`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(`${heading} | שוק קהילתי`);
    });
  }

  for (const path of ["/terms", "/privacy", "/about"]) {
    test(`${path} ships no JavaScript at all`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toContain("modulepreload");
      await page.goto(path);
      await expect(page.locator("script")).toHaveCount(0);
    });
  }

  test("/about shows the live platform numbers, the organiser's story and the calls to action", async ({ page }) => {
    await page.goto("/about");
    // Live figures only, each once it reaches its minimum; never an invented one.
    await expect(page.getByText(/12,000/)).toHaveCount(0);
    // The API gives shekels as a decimal string; the minimums are in agorot.
    const live = (await (await page.request.get("/api/platform-stats")).json()) as Record<FigureKey, number | string>;
    for (const key of ["totalUsers", "totalOrders", "totalSavings", "activeDeals"] as const) {
      const figure = page.getByTestId(`stat-${key}`);
      const value = Number(live[key]);
      // The minimum in the API's units (it gives savings in shekels, the minimum is in agorot).
      const minimum = key === "totalSavings" ? PUBLIC_FIGURE_MINIMUM[key] / 100 : PUBLIC_FIGURE_MINIMUM[key];
      // Each worker counts at most once a minute (PLATFORM_STATS_TTL_MS) while the other tests
      // add people and orders, so the page and the API, answered by different workers, may be
      // a few apart, on either side of a minimum too; an invented figure would be far off.
      const slack = Math.max(2, value * 0.25);
      if ((await figure.count()) === 0) {
        expect(value, `${key} hidden, API ${value}`).toBeLessThan(minimum + slack);
        continue;
      }
      const shown = Number((await figure.locator("dd").innerText()).replace(/[^\d.]/g, ""));
      expect(shown, `${key} shown below its minimum`).toBeGreaterThanOrEqual(minimum);
      expect(Math.abs(shown - value), `${key}: page ${shown}, API ${value}`).toBeLessThanOrEqual(slack);
    }
    expect(Number(live.activeDeals)).toBeGreaterThan(0);
    // The story is the organiser's (the demo's says it is a demo); no invented team.
    await expect(page.getByTestId("about-story")).toContainText("זהו אתר הדגמה של שוק קהילתי");
    await expect(page.getByTestId("about-story")).toContainText("שוק קהילתי (הדגמה)");
    await expect(page.getByRole("main").getByRole("link", { name: "הרשמה בחינם" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("main").getByRole("link", { name: "למבצעים של השבוע" })).toHaveAttribute("href", "/deals");
  });
});

test("the static pages read in English, left to right, with the same delivery numbers", async ({ page }) => {
  for (const [path, heading] of [
    ["/about", "About us"],
    ["/contact", "Contact us"],
    ["/terms", "Terms of use"],
    ["/privacy", "Privacy policy"],
    ["/faq", "Frequently asked questions"],
  ] as const) {
    await page.goto(`${path}?lng=en`);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  }
  await page.goto("/terms?lng=en");
  const delivery = await readable(page.locator("#section-6"));
  expect(delivery).toContain("each community decides whether it delivers");
});

test.describe("/terms", () => {
  test("has 11 numbered sections, each reachable from the contents list", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByText("עודכן לאחרונה: אוקטובר 2025")).toBeVisible();
    const sections = page.locator('section[id^="section-"]');
    await expect(sections).toHaveCount(11);
    for (let n = 1; n <= 11; n++) {
      await expect(page.locator(`#section-${n} h2`)).toHaveText(new RegExp(`^${n}\\s*\\S`));
    }
    const contents = page.getByRole("navigation", { name: "תוכן העניינים" });
    await expect(contents.getByRole("link")).toHaveCount(11);
    await expect(contents.getByRole("link").nth(10)).toHaveAttribute("href", "#section-11");

    await contents.getByRole("link", { name: /משלוח ואיסוף/ }).click();
    await expect(page).toHaveURL(/\/terms#section-6$/);
    await expect(page.locator("#section-6")).toBeInViewport();
    await contents.getByRole("link", { name: /שינויים בתנאים/ }).click();
    await expect(page).toHaveURL(/#section-11$/);
    await expect(page.locator("#section-11 h2")).toBeInViewport();
  });

  test("tells a guest that each community sets its delivery, and prints the cancel cut-off from delivery.ts", async ({ page }) => {
    await page.goto("/terms");
    const delivery = await readable(page.locator("#section-6"));
    expect(delivery).toContain(EACH_DECIDES);
    expect(delivery).toContain(EACH_SETS_DAYS);
    expect(await readable(page.locator("#section-4"))).toContain(`עד ${CANCEL_CUTOFF_HOURS} שעות`);
  });

  test("links to the privacy policy and the contact page", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.locator("#section-8").getByRole("link", { name: "מדיניות הפרטיות" })).toHaveAttribute("href", "/privacy");
    await page.locator("#section-11").getByRole("link", { name: "כתבו לנו" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("צור קשר");
  });
});

test.describe("/privacy", () => {
  test("has the badge, the three key points, a quick-jump list to 11 sections and the closing links", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByText("הפרטיות שלכם", { exact: true })).toBeVisible();
    await expect(page.getByText("עודכן לאחרונה: אוקטובר 2025")).toBeVisible();
    for (const point of ["אבטחה מלאה", "שקיפות מלאה", "השליטה בידיים שלכם"]) {
      await expect(page.getByRole("heading", { name: point })).toBeVisible();
    }
    const jump = page.getByRole("navigation", { name: "קפיצה לנושא" });
    const ids = ["introduction", "collection", "usage", "sharing", "security", "cookies", "notifications", "rights", "children", "contact", "changes"];
    await expect(jump.getByRole("link")).toHaveCount(11);
    for (const [index, id] of ids.entries()) {
      await expect(jump.getByRole("link").nth(index)).toHaveAttribute("href", `#${id}`);
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    await jump.getByRole("link", { name: /ילדים/ }).click();
    await expect(page).toHaveURL(/#children$/);
    await expect(page.locator("#children")).toBeInViewport();
    await expect(page.locator("#children")).toContainText("מעל גיל 18");
    await expect(page.locator("#contact")).toContainText("privacy@shuk.example");
    await expect(page.locator("#contact")).toContainText("14 ימי עסקים");
    await expect(page.getByRole("main").getByRole("link", { name: "צרו קשר" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("main").getByRole("link", { name: "לתנאי השימוש" })).toHaveAttribute("href", "/terms");
  });
});

test.describe("/faq", () => {
  test("the search filters questions and answers and puts q in the URL", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByText("תוצאות: 21")).toBeVisible();
    const search = page.getByRole("searchbox", { name: "חיפוש בשאלות" });
    await search.fill("חשבונית");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/faq\?q=%D7%97/);
    await expect(page.getByRole("main").locator("summary", { hasText: "איך מקבלים חשבונית?" })).toBeVisible();
    await expect(page.getByRole("main").locator("summary", { hasText: "כמה עולה משלוח?" })).toHaveCount(0);
    await expect(search).toHaveValue("חשבונית");
  });

  test("the search ignores case", async ({ page }) => {
    await page.goto("/faq?q=sMs");
    await expect(page.getByRole("main").locator("summary", { hasText: "איך בוחרים אילו הודעות לקבל?" })).toBeVisible();
    await expect(page.getByText("לא נמצאו תוצאות")).toHaveCount(0);
  });

  test("a category chip keeps only its questions and puts category in the URL", async ({ page }) => {
    await page.goto("/faq");
    const chips = page.getByRole("navigation", { name: "סינון לפי נושא" });
    await expect(chips.getByRole("link")).toHaveText(["הכל", "קנייה קבוצתית", "הזמנות", "משלוחים", "תשלומים", "החשבון שלי"]);
    await chips.getByRole("link", { name: "משלוחים" }).click();
    await expect(page).toHaveURL(/\/faq\?category=shipping$/);
    await expect(chips.getByRole("link", { name: "משלוחים" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("faq-group-shipping")).toBeVisible();
    await expect(page.locator('[data-testid^="faq-group-"]')).toHaveCount(1);

    // The search keeps the chosen category.
    const search = page.getByRole("searchbox", { name: "חיפוש בשאלות" });
    await search.fill("שליח");
    await search.press("Enter");
    await expect(page).toHaveURL(/category=shipping/);
    await expect(page).toHaveURL(/q=/);
    await chips.getByRole("link", { name: "הכל" }).click();
    await expect(page).toHaveURL(/\/faq\?q=[^&]+$/);
  });

  test("answers open one at a time, and the shipping answer tells a guest each community decides", async ({ page }) => {
    await page.goto("/faq?category=shipping");
    const cost = page.locator("details", { hasText: "כמה עולה משלוח?" });
    const time = page.locator("details", { hasText: "תוך כמה זמן מגיע המשלוח?" });
    await cost.locator("summary").click();
    await expect(cost).toHaveAttribute("open", "");
    const answer = await readable(cost.locator("p"));
    expect(answer).toContain(EACH_DECIDES);
    await time.locator("summary").click();
    await expect(time).toHaveAttribute("open", "");
    await expect(cost).not.toHaveAttribute("open", "");
    expect(await readable(time.locator("p"))).toContain(EACH_SETS_DAYS);
  });

  test("shows 'לא נמצאו תוצאות' and a clear link that resets search and category", async ({ page }) => {
    await page.goto("/faq?category=payments");
    const search = page.getByRole("searchbox", { name: "חיפוש בשאלות" });
    await search.fill("אבוקדו סגול");
    await search.press("Enter");
    await expect(page.getByRole("heading", { name: "לא נמצאו תוצאות" })).toBeVisible();
    await expect(page.getByText("תוצאות: 0")).toBeVisible();
    await page.getByRole("link", { name: "ניקוי החיפוש" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(search).toHaveValue("");
    await expect(page.getByText("תוצאות: 21")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "סינון לפי נושא" }).getByRole("link", { name: "הכל" })).toHaveAttribute("aria-current", "page");
  });

  test("ends with a call to contact us", async ({ page }) => {
    await page.goto("/faq");
    await page.getByRole("main").getByRole("link", { name: "צרו קשר" }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });
});

test.describe("/contact", () => {
  test("shows the info cards, a few FAQ answers and a link to /about", async ({ page }) => {
    await page.goto("/contact");
    // The demo's settings: an e-mail, an address and hours marked as a demo, and no phone at all.
    await expect(page.getByRole("link", { name: "hello@shuk.example" })).toHaveAttribute("href", "mailto:hello@shuk.example");
    await expect(page.getByText("כתובת לדוגמה (הדגמה), אין כאן עסק אמיתי")).toBeVisible();
    await expect(page.getByText(/ראשון עד חמישי/)).toBeVisible();
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0);
    await expect(page.locator('details[name="contact-faq"]')).toHaveCount(4);
    await expect(page.getByRole("link", { name: "הסיפור שלנו" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("link", { name: "לכל השאלות הנפוצות" })).toHaveAttribute("href", "/faq");
  });

  test("bad input shows the Hebrew messages and sends nothing", async ({ page }) => {
    await page.goto("/contact");
    await contactForm(page).getByLabel("שם מלא").fill("א");
    await contactForm(page).getByLabel("כתובת מייל").fill("not-an-email");
    await contactForm(page).getByLabel("טלפון (לא חובה)").fill("123");
    await contactForm(page).getByLabel("נושא").fill("הי");
    await contactForm(page).getByLabel("ההודעה").fill("קצר");
    // Our schema's messages, not the browser's bubbles: native validation off for the test.
    await page.locator("form#contact").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "שליחת ההודעה" }).click();
    await expect(page.getByText("שם חייב להכיל לפחות 2 תווים")).toBeVisible();
    await expect(page.getByText("כתובת מייל לא תקינה")).toBeVisible();
    await expect(page.getByText("מספר טלפון לא תקין")).toBeVisible();
    await expect(page.getByText("נושא חייב להכיל לפחות 3 תווים")).toBeVisible();
    await expect(page.getByText("הודעה חייבת להכיל לפחות 10 תווים")).toBeVisible();
    await expect(page.getByText("ההודעה נשלחה!")).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("good input shows the success state", async ({ page, jsEnabled }) => {
    await page.goto("/contact");
    await contactForm(page).getByLabel("שם מלא").fill("מיכל אברהם");
    await contactForm(page).getByLabel("כתובת מייל").fill("michal@example.com");
    await contactForm(page).getByLabel("נושא").fill("שאלה על משלוח");
    await contactForm(page).getByLabel("ההודעה").fill("מתי מגיע המשלוח אם הקבוצה נסגרת ביום חמישי?");
    await page.getByRole("button", { name: "שליחת ההודעה" }).click();
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("heading", { name: "ההודעה נשלחה!" })).toBeVisible();
    await expect(page.getByText("ההודעה נשלחה, תודה!")).toBeVisible();
    await expect(page.locator("form#contact")).toHaveCount(0);

    if (jsEnabled) {
      // Spec: the success state stays 5 s, then the form comes back empty.
      await expect(page.locator("form#contact")).toBeVisible({ timeout: 8000 });
      await expect(page).toHaveURL(/\/contact$/);
      await expect(contactForm(page).getByLabel("שם מלא")).toHaveValue("");
      await expect(contactForm(page).getByLabel("ההודעה")).toHaveValue("");
    } else {
      await page.getByRole("link", { name: "שליחת הודעה נוספת" }).click();
      await expect(page.locator("form#contact")).toBeVisible();
    }
  });

  test("?order= fills the subject with the order number", async ({ page }) => {
    await page.goto("/contact?order=3f2a9c1e-77aa-4bcd-9e00-123456789abc");
    await expect(contactForm(page).getByLabel("נושא")).toHaveValue("בירור לגבי הזמנה 3F2A9C1E");
  });
});
