import { describe, expect, it } from "vitest";
import { GuestCache, guestCacheKey, isCacheableAnswer, type CachedAnswer } from "./guest-cache";

const answer = (text: string): CachedAnswer => ({ status: 200, headers: [], body: Buffer.from(text), encoded: {} });

describe("guest cache keys", () => {
  it("keys a guest's GET by URL, language and theme", () => {
    expect(guestCacheKey("GET", "/deals", undefined, undefined)).toBe(" /deals");
    expect(guestCacheKey("GET", "/deals", "theme=dark; lng=en", undefined)).toBe(guestCacheKey("GET", "/deals", "lng=en; theme=dark", undefined));
    expect(guestCacheKey("GET", "/deals", "lng=en", undefined)).not.toBe(guestCacheKey("GET", "/deals", "lng=he", undefined));
  });

  it("keys a guest without a language cookie by the language her browser asks for, which the page is shown in (#47)", () => {
    const english = guestCacheKey("GET", "/deals", undefined, undefined, "en-US,en;q=0.9");
    const hebrew = guestCacheKey("GET", "/deals", undefined, undefined, "he-IL,he;q=0.9,en;q=0.8");
    expect(english).not.toBeNull();
    expect(english).not.toBe(hebrew);
    expect(english).not.toBe(guestCacheKey("GET", "/deals", undefined, undefined));
    // Spellings of the same choice share one entry; a header naming neither language is no header.
    expect(english).toBe(guestCacheKey("GET", "/deals", undefined, undefined, "en-GB"));
    expect(guestCacheKey("GET", "/deals", undefined, undefined, "fr-FR,de")).toBe(guestCacheKey("GET", "/deals", undefined, undefined));
    // With a cookie too, an English browser's key differs from a Hebrew one's (the cookie wins in the app, the key stays apart).
    expect(guestCacheKey("GET", "/deals", "lng=he", undefined, "en")).not.toBe(guestCacheKey("GET", "/deals", "lng=en", undefined, "en"));
  });

  it("keeps a guest whose browser holds the stylesheet a plain guest, with pages of their own (they link it)", () => {
    const held = guestCacheKey("GET", "/deals", "css=app-abc.css; theme=dark", undefined);
    expect(held).not.toBeNull();
    expect(held).not.toBe(guestCacheKey("GET", "/deals", "theme=dark", undefined));
  });

  it("does not cache a signed-in person, a toast, a bearer token, a write or the health check", () => {
    expect(guestCacheKey("GET", "/deals", "__Host-shuk_session=abc", undefined)).toBeNull();
    expect(guestCacheKey("GET", "/deals", "lng=he; shuk_toast=xyz", undefined)).toBeNull();
    expect(guestCacheKey("GET", "/api/deals", undefined, "Bearer t")).toBeNull();
    expect(guestCacheKey("POST", "/deals", undefined, undefined)).toBeNull();
    expect(guestCacheKey("GET", "/healthz", undefined, undefined)).toBeNull();
  });

  it("keeps only plain 200 answers that set no cookie and allow storing", () => {
    expect(isCacheableAnswer(200, new Headers({ "Content-Type": "text/html" }))).toBe(true);
    expect(isCacheableAnswer(404, new Headers())).toBe(false);
    expect(isCacheableAnswer(200, new Headers({ "Set-Cookie": "a=b" }))).toBe(false);
    expect(isCacheableAnswer(200, new Headers({ "Cache-Control": "no-store" }))).toBe(false);
  });
});

describe("guest cache", () => {
  it("serves a stored answer, then marks it stale after the TTL", () => {
    const cache = new GuestCache(1000, 10);
    cache.store("k", answer("a"), cache.currentGeneration(), 0);
    expect(cache.lookup("k", 500)).toMatchObject({ stale: false });
    expect(cache.lookup("k", 1500)).toMatchObject({ stale: true });
  });

  it("forgets everything on a write, and refuses a render that began before it", () => {
    const cache = new GuestCache(1000, 10);
    cache.store("k", answer("a"), cache.currentGeneration(), 0);
    const renderStarted = cache.currentGeneration();
    cache.invalidate();
    expect(cache.lookup("k", 1)).toBeNull();
    expect(cache.store("k", answer("old"), renderStarted, 2)).toBe(false);
    expect(cache.lookup("k", 3)).toBeNull();
  });

  it("drops the oldest entries beyond its size", () => {
    const cache = new GuestCache(1000, 2);
    for (const key of ["a", "b", "c"]) cache.store(key, answer(key), cache.currentGeneration(), 0);
    expect(cache.size).toBe(2);
    expect(cache.lookup("a", 0)).toBeNull();
    expect(cache.lookup("c", 0)).not.toBeNull();
  });

  it("drops the oldest entries beyond its bytes, and keeps no page larger than all of them", () => {
    const cache = new GuestCache(1000, 100, 10);
    for (const key of ["aaaa", "bbbb", "cccc"]) cache.store(key, answer(key), cache.currentGeneration(), 0);
    expect(cache.size).toBe(2);
    expect(cache.lookup("aaaa", 0)).toBeNull();
    // Stored again under its key: counted once.
    cache.store("cccc", answer("cccc"), cache.currentGeneration(), 0);
    expect(cache.lookup("bbbb", 0)).not.toBeNull();
    expect(cache.store("huge", answer("x".repeat(11)), cache.currentGeneration(), 0)).toBe(false);
  });
});
