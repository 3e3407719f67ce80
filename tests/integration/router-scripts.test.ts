// React Router's scripts as the server writes them from an earlier document of the same routes
// (app/components/router-scripts.tsx, web/first-paint.server.ts) are the scripts `<Scripts>`
// writes (MARKUP_CACHE=0 renders them every time), each with its own response's nonce, on pages
// of many route sets, for a guest, a shopper and an admin: the first request of a route set keeps
// them, the next ones are written from what was kept. Each still carries its hydration data.
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db, { nonces: true });

afterEach(() => {
  delete process.env.MARKUP_CACHE;
});

interface Scripts {
  /** From React Router's context script to the end of the starter, the nonce written as "NONCE". */
  section: string;
  preloadsInHead: number;
  hydrationData: boolean;
}

async function scriptsOf(pathname: string, cookie?: string): Promise<Scripts> {
  const response = await app.fetch(pathname, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  expect([200, 404], pathname).toContain(response.status);
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  expect(nonce, pathname).toBeTruthy();
  const start = html.indexOf(`<script nonce="${nonce}">window.__reactRouterContext = `);
  const starter = html.indexOf(`<script nonce="${nonce}" data-scripts-after-paint="">`);
  const end = html.indexOf("</script>", starter) + "</script>".length;
  expect(start, pathname).toBeGreaterThan(0);
  expect(starter, pathname).toBeGreaterThan(start);
  return {
    section: html.slice(start, end).replaceAll(nonce!, "NONCE"),
    preloadsInHead: html.slice(0, html.indexOf("</head>")).split('rel="modulepreload"').length - 1,
    hydrationData: html.includes(`<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(`) && html.includes("streamController.close();</script>"),
  };
}

describe("React Router's scripts kept for a route set", () => {
  it("are the scripts <Scripts> writes, with each response's nonce and its hydration data, on pages of every kind", async () => {
    const token = await tokenOf(app, DEMO_USER);
    const list = (await (await app.fetch("/api/deals?limit=2", jsonInit("GET", undefined, token))).json()) as { data?: { slug: string }[] } | { slug: string }[];
    const slugs = (Array.isArray(list) ? list : (list.data ?? [])).map((deal) => deal.slug);
    expect(slugs.length).toBe(2);
    const shopper = await cookieOf(app, DEMO_USER);
    const admin = await cookieOf(app, DEMO_ADMIN);
    const pages: [string, string | undefined][] = [
      ["/", undefined],
      ["/deals", undefined],
      [`/deals/${slugs[0]}`, undefined],
      // Another deal: the same routes and parent path, so written from what the first one kept.
      [`/deals/${slugs[1]}`, undefined],
      ["/login", undefined],
      ["/no-such-page", undefined],
      ["/deals/no-such-deal", undefined],
      ["/", shopper],
      ["/deals?category=vegetables", shopper],
      [`/deals/${slugs[1]}`, shopper],
      ["/cart", shopper],
      ["/orders", shopper],
      ["/profile", shopper],
      ["/favorites", shopper],
      ["/admin", admin],
    ];
    for (const [pathname, cookie] of pages) {
      const who = `${pathname} (${cookie === shopper ? "shopper" : cookie === admin ? "admin" : "guest"})`;
      process.env.MARKUP_CACHE = "0";
      const inFull = await scriptsOf(pathname, cookie);
      delete process.env.MARKUP_CACHE;
      const first = await scriptsOf(pathname, cookie);
      const kept = await scriptsOf(pathname, cookie);
      expect(inFull.preloadsInHead, who).toBe(0);
      expect(inFull.hydrationData, who).toBe(true);
      expect(first, who).toEqual(inFull);
      expect(kept, who).toEqual(inFull);
    }
  });
});
