// The pieces the server writes from its markup cache (grids of deal cards and their cards, a
// deal page's community progress, pickup details and delivery options, the orders' weeks and
// their rows, a deal's reviews, the header and the footer; app/components/markup-cache.tsx) are
// the HTML React writes with every piece rendered in full (MARKUP_CACHE=0), on every page that
// has them, for a guest and a shopper: the first request fills the cache, the second is answered
// from it. A key that left out something a piece shows, or a cached piece that read more than
// its key, would show here as a different piece.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { deals, notifications, reviews, users } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

afterEach(() => {
  delete process.env.MARKUP_CACHE;
});

/**
 * The pieces a page has (its header, a grid's opening tag, forms, heart drawing and deal cards,
 * a deal page's community progress, pickup details, delivery options and texts, the orders'
 * weeks and their rows, a deal's reviews and the footer, each with its own element), in order.
 * Only these: the rest of a document may change from one request to the next (a countdown, the
 * loader data's clock).
 */
async function piecesOf(pathname: string, cookie?: string) {
  const response = await app.fetch(pathname, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  return [
    ...html.matchAll(/<header.*?<\/header>|<div class="grid grid-cols-2 gap-3[^"]*"[^>]*>|<section[^>]*data-testid="community-progress".*?<\/section>|<fieldset[^>]*data-testid="delivery-options".*?<\/fieldset>|<section class="rounded-2xl border border-line bg-surface p-4 text-sm">.*?<\/section>|<div id="tab-(?:description|specs|shipping)" role="tabpanel".*?<\/div>|<div class="mt-6 grid gap-8">|<h2 id="week-.*?<\/h2>|<form id="[^"]*(?:add|heart)" hidden="".*?<\/form>|<svg class="hidden".*?<\/svg>|<article[^>]*data-testid="deal-card".*?<\/article>|<li><a[^>]*data-testid="order-card".*?<\/a><\/li>|<ul class="grid gap-3"><li class="review".*?<\/ul>|<footer.*?<\/footer>/g),
  ].map((match) => match[0]);
}

describe("pieces from the markup cache", () => {
  it("make the same documents as pieces rendered in full, on every page that has them", async () => {
    const token = await tokenOf(app, DEMO_USER);
    const list = (await (await app.fetch("/api/deals?limit=3", jsonInit("GET", undefined, token))).json()) as { data?: { slug: string }[] } | { slug: string }[];
    const slugs = (Array.isArray(list) ? list : (list.data ?? [])).map((deal) => deal.slug);
    expect(slugs.length).toBeGreaterThan(1);
    // Something on every page that has pieces: an order (/orders) and a favorite (/favorites).
    for (const slug of slugs.slice(0, 2)) {
      const deal = await (await app.fetch(`/api/deals/${slug}`, jsonInit("GET", undefined, token))).json();
      expect((await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty: 1, deliveryType: "PICKUP" }, token))).status).toBe(201);
      expect((await app.fetch("/api/favorites", jsonInit("POST", { dealId: deal.id }, token))).status).toBe(201);
    }
    // The bell in the header: one read notification, one unread with a deal to go to.
    const shopper = db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    db().insert(notifications).values({ userId: shopper.id, type: "DEAL_ENDING", title: "ההזמנות נסגרות מחר", message: "נשארו שעות", isRead: true }).run();
    db().insert(notifications).values({ userId: shopper.id, type: "REVIEW_REMINDER", title: "איך היה?", message: "ספרו לנו", data: { dealSlug: slugs[0]! } }).run();
    // Reviews on a deal (orderId may be null: a review outlives its order), one with a comment,
    // written days apart so each shows its own age.
    const reviewed = slugs[1]!;
    const reviewedDeal = db().select({ id: deals.id }).from(deals).where(eq(deals.slug, reviewed)).get()!;
    const day = 24 * 60 * 60 * 1000;
    db().insert(reviews).values({ userId: shopper.id, dealId: reviewedDeal.id, rating: 4, comment: "מתוקות <b>מאוד</b>", createdAt: new Date(Date.now() - 3 * day) }).run();
    db().insert(reviews).values({ userId: shopper.id, dealId: reviewedDeal.id, rating: 2, createdAt: new Date(Date.now() - 40 * day) }).run();
    const cookie = await cookieOf(app, DEMO_USER);
    const pages: [string, string | undefined][] = [
      ["/", undefined],
      ["/deals", undefined],
      ["/deals?page=2&sort=price_asc", undefined],
      ["/", cookie],
      ["/deals", cookie],
      ["/deals?category=vegetables", cookie],
      ["/deals?mode=bulk", cookie],
      ["/deals?q=%D7%A2%D7%92%D7%91%D7%A0%D7%99%D7%95%D7%AA", cookie],
      ["/deals?q=%22%3Cb%3E", undefined],
      [`/deals/${reviewed}`, undefined],
      [`/deals/${reviewed}`, cookie],
      [`/deals/${reviewed}?reviews=20`, cookie],
      ["/favorites", cookie],
      ["/orders", cookie],
      ["/orders?status=PENDING&sort=oldest", cookie],
    ];
    for (const [pathname, as] of pages) {
      process.env.MARKUP_CACHE = "0";
      const inFull = await piecesOf(pathname, as);
      delete process.env.MARKUP_CACHE;
      const filling = await piecesOf(pathname, as);
      const fromCache = await piecesOf(pathname, as);
      const who = `${pathname} (${as ? "shopper" : "guest"})`;
      expect(inFull.length, who).toBeGreaterThan(1);
      // Cards come in a grid; a shopper's grid (but in bulk mode) draws the heart once for its cards.
      const cards = inFull.some((piece) => piece.includes('data-testid="deal-card"'));
      expect(inFull.some((piece) => piece.startsWith('<div class="grid grid-cols-2')), who).toBe(cards);
      // A deal page's community progress, its pickup details, the delivery options and its own texts.
      if (pathname.startsWith("/deals/")) for (const testId of ['data-testid="community-progress"', 'data-testid="delivery-options"', '<section class="rounded-2xl border border-line bg-surface p-4 text-sm">', 'id="tab-description"', 'id="tab-specs"', 'id="tab-shipping"']) expect(inFull.filter((piece) => piece.includes(testId)).length, `${who}: ${testId}`).toBe(1);
      if (pathname.startsWith("/orders")) expect(inFull.filter((piece) => piece.startsWith('<h2 id="week-')).length, who).toBeGreaterThan(0);
      if (cards && as && !pathname.includes("mode=bulk")) expect(inFull.filter((piece) => piece.startsWith("<svg")).length, who).toBeGreaterThan(0);
      if (pathname.startsWith("/deals/")) expect(inFull.filter((piece) => piece.includes('data-testid="review"')).length, who).toBe(1);
      if (as) expect(inFull[0], who).toContain(`value="/deals/${slugs[0]}#reviews"`);
      expect(filling, who).toEqual(inFull);
      expect(fromCache, who).toEqual(inFull);
    }
  });
});
