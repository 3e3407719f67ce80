// Which translations travel to the browser with a page (issue #6). Every string used to ride
// in the root loader's data on every page: about 77 kB of JSON, half of /deals' HTML. Sections
// that only one area's screens read stay home elsewhere; every other section goes everywhere,
// so a section nobody listed here can never go missing. Server code (loaders, actions, mail,
// notifications, toasts) always has every string through the i18next middleware.
// No imports: the browser bundle runs this too (the root's shouldRevalidate).

const startsWith =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

const purchase = startsWith("/cart", "/shipping", "/checkout", "/order-success", "/orders");

/** Sections (or a section's part, "section.part") the browser needs only on some paths. */
const PAGE_ONLY: Record<string, (pathname: string) => boolean> = {
  home: (pathname) => pathname === "/",
  about: startsWith("/about"),
  terms: startsWith("/terms"),
  privacy: startsWith("/privacy"),
  // /contact shows the top questions beside its form.
  faq: startsWith("/faq", "/contact"),
  account: startsWith("/profile", "/settings", "/onboarding"),
  admin: startsWith("/admin"),
  adminCycles: startsWith("/admin"),
  adminDeals: startsWith("/admin"),
  adminVendorApplications: startsWith("/admin"),
  dealEditor: startsWith("/vendor", "/admin"),
  vendor: startsWith("/vendor"),
  // The back office's own header, tabs, list paging and confirmations (issue #17).
  backOffice: startsWith("/admin", "/vendor"),
  // The saved-address picker (checkout, a deal's delivery card) and invitations.
  addresses: (pathname) => startsWith("/profile", "/checkout")(pathname) || pathname.startsWith("/deals/"),
  referrals: (pathname) => startsWith("/profile", "/invite", "/signup")(pathname) || pathname.startsWith("/deals/"),
  // The purchase flow: cart, the checkout's steps, the success page and the orders (011).
  purchase,
  // Written into mails and notifications on the server; no screen reads them.
  mail: () => false,
  notify: () => false,
  // The printable receipt (/orders/:id/receipt).
  receipt: (pathname) => pathname.startsWith("/orders/"),
  // Parts of a section (issue #14: the first paint of /deals and / carries less). Sign-in and
  // sign-up wording, with the forms that reuse it (a deal's community picker, first admin,
  // settings), with room to spare.
  auth: (pathname) =>
    startsWith("/login", "/signup", "/forgot-password", "/reset-password", "/auth", "/admin", "/onboarding", "/settings", "/profile", "/invite", "/vendor", "/checkout", "/shipping")(pathname) ||
    pathname.startsWith("/deals/"),
  // The contact form's words, and its validation messages on the vendors' support form.
  contact: (pathname) => startsWith("/contact", "/privacy", "/vendor/support")(pathname) || pathname.startsWith("/orders/"),
  "browse.groups": startsWith("/groups"),
  "shop.cart": purchase,
  "shop.checkout": purchase,
  "shop.shipping": purchase,
  "shop.success": purchase,
  "shop.orders": purchase,
  "shop.order": purchase,
  // server.ts words its own refusals (too large, wrong host) before React Router runs.
  serverErrors: () => false,
};

/** The page-only sections a page at `pathname` gets, as one comparable string. */
export function pageSectionsKey(pathname: string): string {
  return Object.keys(PAGE_ONLY)
    .filter((section) => PAGE_ONLY[section]!(pathname))
    .join(",");
}

// One object per language and set of sections, made once: the server then reuses the i18next
// instance built from it (app/i18n.ts) instead of building one per request.
const picks = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** The translations a page at `pathname` needs in the browser: `all` less the others' sections. */
export function translationForPage<T extends Record<string, unknown>>(all: T, pathname: string): T {
  const key = pageSectionsKey(pathname);
  let byKey = picks.get(all);
  if (!byKey) picks.set(all, (byKey = new Map()));
  let picked = byKey.get(key);
  if (!picked) {
    picked = {};
    for (const [section, value] of Object.entries(all)) {
      if (!(PAGE_ONLY[section]?.(pathname) ?? true)) continue;
      const parts = Object.keys(PAGE_ONLY).filter((rule) => rule.startsWith(`${section}.`) && !PAGE_ONLY[rule]!(pathname));
      if (parts.length && value && typeof value === "object") {
        const kept: Record<string, unknown> = { ...(value as Record<string, unknown>) };
        for (const part of parts) delete kept[part.slice(section.length + 1)];
        picked[section] = kept;
      } else picked[section] = value;
    }
    byKey.set(key, picked);
  }
  return picked as T;
}

const jsonTexts = new WeakMap<object, string>();

/** `translationForPage` as JSON text, written once per language and set of sections. */
export function translationJsonForPage(all: Record<string, unknown>, pathname: string): string {
  const picked = translationForPage(all, pathname);
  let json = jsonTexts.get(picked);
  if (json === undefined) {
    json = JSON.stringify(picked);
    jsonTexts.set(picked, json);
  }
  return json;
}
