import { describe, expect, it } from "vitest";
import { translations } from "./index";
import { isSectionsKey, pageSectionsKey, translationForPage, translationForSections, translationJsonForPage, translationJsonForSections } from "./sections";

describe("translations sent with a page", () => {
  it("leaves the static pages', admin and server-only strings out of /deals", () => {
    const sent = translationForPage(translations.he, "/deals");
    for (const section of ["about", "terms", "privacy", "faq", "admin", "home", "mail", "notify", "vendor", "dealEditor", "addresses", "referrals", "backOffice"]) expect(sent).not.toHaveProperty(section);
    for (const section of ["app", "nav", "shop", "errors", "validation", "categories"]) expect(sent).toHaveProperty(section);
  });

  it("sends a page its own sections", () => {
    expect(translationForPage(translations.he, "/terms")).toHaveProperty("terms");
    expect(translationForPage(translations.he, "/")).toHaveProperty("home");
    expect(translationForPage(translations.he, "/admin/cycles")).toHaveProperty("adminCycles");
    expect(translationForPage(translations.he, "/profile/edit")).toHaveProperty("account");
    expect(translationForPage(translations.he, "/vendor/new-deal")).toHaveProperty("dealEditor");
    expect(translationForPage(translations.he, "/vendor/dashboard")).toHaveProperty("backOffice");
    expect(translationForPage(translations.he, "/admin/deals")).toHaveProperty("backOffice");
    expect(translationForPage(translations.he, "/deals/cherry-tomatoes")).toHaveProperty("referrals");
    expect(translationForPage(translations.he, "/checkout")).toHaveProperty("addresses");
    // The contact page answers the top questions beside its form.
    expect(translationForPage(translations.he, "/contact")).toHaveProperty("faq");
  });

  it("sends a section's parts only where they are read", () => {
    const deals = translationForPage(translations.he, "/deals") as Record<string, Record<string, unknown>>;
    expect(deals).not.toHaveProperty("auth");
    expect(deals.shop).not.toHaveProperty("cart");
    expect(deals.shop).not.toHaveProperty("orders");
    expect(deals.shop).toHaveProperty("price");
    expect(deals.browse).not.toHaveProperty("groups");
    expect(deals.browse).toHaveProperty("deals");
    const cart = translationForPage(translations.he, "/cart") as Record<string, Record<string, unknown>>;
    expect(cart.shop).toHaveProperty("cart");
    expect(cart.shop).toHaveProperty("checkout");
    expect(translationForPage(translations.he, "/groups")).toHaveProperty("browse.groups");
    expect(translationForPage(translations.he, "/login")).toHaveProperty("auth");
    expect(translationForPage(translations.he, "/deals/cherry-tomatoes")).toHaveProperty("auth");
    // The whole section object stays untouched for the pages that get all of it.
    expect((translationForPage(translations.he, "/orders") as Record<string, unknown>).shop).toBe(translations.he.shop);
  });

  it("always sends a section no rule names", () => {
    const sent = translationForPage({ brandNew: { x: "y" } } as Record<string, unknown>, "/anything");
    expect(sent).toEqual({ brandNew: { x: "y" } });
  });

  it("tells apart pages that need different sections, and not pages that need the same", () => {
    expect(pageSectionsKey("/deals")).toBe(pageSectionsKey("/favorites"));
    // The purchase flow's strings ride only with the cart, the checkout's steps and the orders.
    expect(pageSectionsKey("/cart")).toBe(pageSectionsKey("/orders"));
    expect(pageSectionsKey("/deals")).not.toBe(pageSectionsKey("/cart"));
    expect(pageSectionsKey("/deals")).not.toBe(pageSectionsKey("/about"));
    expect(pageSectionsKey("/admin")).toBe(pageSectionsKey("/admin/cycles"));
  });

  it("gives a path the same key when asked again, a long one too (worked out, not kept)", () => {
    for (const path of ["/deals/cherry-tomatoes", `/deals/${"x".repeat(300)}`, "/cart"]) {
      const first = pageSectionsKey(path);
      expect(pageSectionsKey(path)).toBe(first);
    }
    expect(pageSectionsKey(`/deals/${"x".repeat(300)}`)).toBe(pageSectionsKey("/deals/cherry-tomatoes"));
    expect(pageSectionsKey("/deals/cherry-tomatoes")).not.toBe(pageSectionsKey("/deals"));
  });

  it("makes /deals' strings much smaller than all of them", () => {
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(translationForPage(translations.he, "/deals"))).toBeLessThan(size(translations.he) * 0.5);
  });

  it("writes a page's translations as JSON text of the same sections", () => {
    const deals = translationJsonForPage(translations.he, "/deals");
    expect(JSON.parse(deals)).toEqual(translationForPage(translations.he, "/deals"));
    expect(JSON.parse(translationJsonForPage(translations.en, "/terms"))).toEqual(translationForPage(translations.en, "/terms"));
    expect(translationJsonForPage(translations.he, "/terms")).not.toBe(deals);
  });

  it("picks by a page's key what it picks by the page's path", () => {
    for (const pathname of ["/", "/deals", "/cart", "/profile", "/admin/deals", "/deals/cherry-tomatoes", "/no-such-page"]) {
      expect(translationForSections(translations.he, pageSectionsKey(pathname))).toBe(translationForPage(translations.he, pathname));
    }
    // A set no page has asked for yet, written without being kept, is the same text.
    const key = "about,terms";
    expect(translationJsonForSections(translations.en, key, false)).toBe(JSON.stringify(translationForSections(translations.en, key)));
  });

  it("knows a key a page could have from a made-up one", () => {
    for (const pathname of ["/", "/deals", "/cart", "/profile/edit", "/admin/cycles", "/vendor/new-deal", "/orders/x/receipt"]) expect(isSectionsKey(pageSectionsKey(pathname))).toBe(true);
    expect(isSectionsKey("")).toBe(true);
    for (const key of ["nope", "auth,purchase", "purchase,purchase", "purchase,", ",purchase", "__proto__", "constructor"]) expect(isSectionsKey(key), key).toBe(false);
  });
});
