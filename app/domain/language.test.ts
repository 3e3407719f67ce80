import { describe, expect, it } from "vitest";
import { preferredLanguage, resolveLanguage, withoutLanguageParam } from "./language";

describe("the language a browser prefers", () => {
  it("reads English from any English tag before Hebrew, and Hebrew (or its old code) before English", () => {
    expect(preferredLanguage("en-US,en;q=0.9")).toBe("en");
    expect(preferredLanguage("en-GB,he;q=0.8")).toBe("en");
    expect(preferredLanguage("he-IL,he;q=0.9,en-US;q=0.8")).toBe("he");
    expect(preferredLanguage("iw,en;q=0.5")).toBe("he");
  });

  it("goes by quality, not by order, and skips what it does not offer", () => {
    expect(preferredLanguage("he;q=0.4, en;q=0.7")).toBe("en");
    expect(preferredLanguage("fr-FR,fr;q=0.9,en;q=0.5")).toBe("en");
    expect(preferredLanguage("en;q=0, he;q=0.1")).toBe("he");
  });

  it("names none for a header without either language, an empty or a broken one", () => {
    expect(preferredLanguage("fr, de;q=0.5")).toBeNull();
    expect(preferredLanguage("*")).toBeNull();
    expect(preferredLanguage("")).toBeNull();
    expect(preferredLanguage(undefined)).toBeNull();
    expect(preferredLanguage("en;q=abc")).toBeNull();
    expect(preferredLanguage(",,;;q=")).toBeNull();
  });
});

describe("the language of a visit", () => {
  it("takes ?lng= first, then the cookie, then the browser's, else Hebrew", () => {
    expect(resolveLanguage({ query: "en", cookie: "he", acceptLanguage: "he" })).toBe("en");
    expect(resolveLanguage({ query: null, cookie: "he", acceptLanguage: "en-US" })).toBe("he");
    expect(resolveLanguage({ query: null, cookie: null, acceptLanguage: "en-US" })).toBe("en");
    expect(resolveLanguage({ query: null, cookie: undefined, acceptLanguage: "fr" })).toBe("he");
  });

  it("passes over values that are not a language of ours", () => {
    expect(resolveLanguage({ query: "fr", cookie: "xx", acceptLanguage: null })).toBe("he");
    expect(resolveLanguage({ query: "", cookie: { en: true }, acceptLanguage: "en" })).toBe("en");
  });
});

describe("the page to go back to after a change of language", () => {
  it("drops ?lng= and keeps the rest of the query and the anchor", () => {
    expect(withoutLanguageParam("/deals?lng=he&q=%D7%90&page=2")).toBe("/deals?q=%D7%90&page=2");
    expect(withoutLanguageParam("/deals?lng=he")).toBe("/deals");
    expect(withoutLanguageParam("/deals?lng=he#deal-1")).toBe("/deals#deal-1");
  });

  it("leaves a path without ?lng= exactly as it is", () => {
    expect(withoutLanguageParam("/orders?status=PAID")).toBe("/orders?status=PAID");
    expect(withoutLanguageParam("/")).toBe("/");
    expect(withoutLanguageParam("/a#x?lng=en")).toBe("/a#x?lng=en");
  });
});
