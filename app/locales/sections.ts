// Which translations travel to the browser with a page (issue #6). Every string used to ride
// in the root loader's data on every page: about 77 kB of JSON, half of /deals' HTML. Sections
// that only one area's screens read stay home elsewhere; every other section goes everywhere,
// so a section nobody listed here can never go missing. Server code (loaders, actions, mail,
// notifications, toasts) always has every string through the language middleware (web/language.server.ts).
// No imports: the browser bundle runs this too (the root's shouldRevalidate).

const startsWith =
  (...prefixes: string[]) =>
  (pathname: string) =>
    prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

const purchase = startsWith("/cart", "/shipping", "/checkout", "/order-success", "/orders");
/** The printable order documents: one order's (/orders/:id/receipt) and a whole checkout's. */
const printable = (pathname: string) => pathname.startsWith("/orders/") || pathname.startsWith("/checkouts/");

/** Sections (or a section's part, "section.part") the browser needs only on some paths. */
const PAGE_ONLY: Record<string, (pathname: string) => boolean> = {
  home: (pathname) => pathname === "/",
  about: startsWith("/about"),
  terms: startsWith("/terms"),
  privacy: startsWith("/privacy"),
  // /contact shows the top questions beside its form.
  faq: startsWith("/faq", "/contact"),
  account: startsWith("/profile", "/settings", "/onboarding", "/unsubscribe"),
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
  // The printable receipt, of one order or of a whole checkout.
  receipt: printable,
  // Parts of a section (issue #14: the first paint of /deals and / carries less). Sign-in and
  // sign-up wording, with the forms that reuse it (a deal's community picker, first admin,
  // settings), with room to spare.
  auth: (pathname) =>
    startsWith("/login", "/signup", "/forgot-password", "/reset-password", "/auth", "/admin", "/onboarding", "/settings", "/profile", "/invite", "/vendor", "/checkout", "/shipping")(pathname) ||
    pathname.startsWith("/deals/"),
  // The contact form's words, and its validation messages on the vendors' support form.
  contact: (pathname) => startsWith("/contact", "/privacy", "/vendor/support")(pathname) || printable(pathname),
  "browse.groups": startsWith("/groups"),
  "shop.cart": purchase,
  "shop.checkout": purchase,
  "shop.shipping": purchase,
  "shop.success": purchase,
  "shop.orders": purchase,
  "shop.order": (pathname) => purchase(pathname) || printable(pathname),
  // server.ts words its own refusals (too large, wrong host) before React Router runs.
  serverErrors: () => false,
};

/**
 * Keys already worked out, by path: each page asks two or three times (its translations, their
 * file's address), and each time ran all the rules (about 1.5 % of a signed-in deal page;
 * decision record 016, session 29). A client can send any path, so past the limit they all go.
 */
const keysByPath = new Map<string, string>();
const KEYS_KEPT = 2_000;
/** A longer path is worked out and not kept: 2,000 paths of a request line's length would be megabytes. */
const KEPT_PATH_MAX = 256;

/** The page-only sections a page at `pathname` gets, as one comparable string. */
export function pageSectionsKey(pathname: string): string {
  let key = keysByPath.get(pathname);
  if (key === undefined) {
    key = Object.keys(PAGE_ONLY)
      .filter((section) => PAGE_ONLY[section]!(pathname))
      .join(",");
    if (pathname.length > KEPT_PATH_MAX) return key;
    if (keysByPath.size >= KEYS_KEPT) keysByPath.clear();
    keysByPath.set(pathname, key);
  }
  return key;
}

/**
 * Whether `key` is one `pageSectionsKey` could give: known rules, each once, in the rules'
 * order. A translation file's address carries its key (app/web/translation-files.server.ts),
 * so a made-up one must not pass.
 */
export function isSectionsKey(key: string): boolean {
  if (key === "") return true;
  const rules = Object.keys(PAGE_ONLY);
  let previous = -1;
  for (const name of key.split(",")) {
    const at = rules.indexOf(name);
    if (at <= previous) return false;
    previous = at;
  }
  return true;
}

// One object per language and set of sections, made once: the server then reuses the translator
// built from it (app/translator.ts) instead of building one per request. Keys come from
// pages' paths, a few dozen in all.
const picks = new WeakMap<object, Map<string, Record<string, unknown>>>();

/** `all` less the page-only sections (and parts) that `key` does not name. */
function pickSections(all: Record<string, unknown>, key: string): Record<string, unknown> {
  const named = new Set(key ? key.split(",") : []);
  const kept = (rule: string) => !(rule in PAGE_ONLY) || named.has(rule);
  const picked: Record<string, unknown> = {};
  for (const [section, value] of Object.entries(all)) {
    if (!kept(section)) continue;
    const parts = Object.keys(PAGE_ONLY).filter((rule) => rule.startsWith(`${section}.`) && !kept(rule));
    if (parts.length && value && typeof value === "object") {
      const rest: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const part of parts) delete rest[part.slice(section.length + 1)];
      picked[section] = rest;
    } else picked[section] = value;
  }
  return picked;
}

/** The translations of a set of page-only sections (`pageSectionsKey`): `all` less the others. */
export function translationForSections<T extends Record<string, unknown>>(all: T, key: string): T {
  let byKey = picks.get(all);
  if (!byKey) picks.set(all, (byKey = new Map()));
  let picked = byKey.get(key);
  if (!picked) {
    picked = pickSections(all, key);
    byKey.set(key, picked);
  }
  return picked as T;
}

/** The translations a page at `pathname` needs in the browser: `all` less the others' sections. */
export function translationForPage<T extends Record<string, unknown>>(all: T, pathname: string): T {
  return translationForSections(all, pageSectionsKey(pathname));
}

const jsonTexts = new WeakMap<object, string>();

/**
 * `translationForSections` as JSON text, written once per language and set of sections. With
 * `keep` false a set not seen before is written and forgotten: a translation file's address
 * can name any set (app/web/translation-files.server.ts), and made-up ones must not pile up.
 */
export function translationJsonForSections(all: Record<string, unknown>, key: string, keep = true): string {
  if (!keep && !picks.get(all)?.has(key)) return JSON.stringify(pickSections(all, key));
  const picked = translationForSections(all, key);
  let json = jsonTexts.get(picked);
  if (json === undefined) {
    json = JSON.stringify(picked);
    jsonTexts.set(picked, json);
  }
  return json;
}

/** `translationForPage` as JSON text. */
export function translationJsonForPage(all: Record<string, unknown>, pathname: string): string {
  return translationJsonForSections(all, pageSectionsKey(pathname));
}
