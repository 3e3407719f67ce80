// A short-lived cache of what guests are shown (issue #6). At an order deadline a crowd of
// guests asks for the same few pages; rendering each took 10-25 ms of the one JavaScript
// thread, so 50 at once waited seconds. Guests all see the same page for a URL (their only
// cookies are language, theme and the stylesheet's, which are part of the key), so one render
// serves them all.
//
// Freshness: any write through the server (a non-GET request) empties the cache, when it
// starts and again when it ends, and a render that began before a write is not stored. Time
// alone (the weekly clock closing a cycle, a countdown) is covered by a few seconds' TTL,
// during which a stale entry is still served while one request renders its replacement.
//
// The CSP nonce inside a cached page is reused while the entry lives. That is safe here: a
// nonce only needs to be unknown to whoever wrote the page's content, and any write (a
// review, a deal) empties the cache, so content and nonce are always made together.
import { preferredLanguage } from "../app/domain/language";
import type { Encoding } from "./compression";

/**
 * Cookies that change what a guest sees; any other cookie means "not a plain guest". `css` says
 * the browser keeps the stylesheet file, so its documents link it (STYLESHEET_COOKIE in
 * app/web/first-paint.server.ts).
 */
const GUEST_COOKIES = new Set(["lng", "theme", "css"]);

/**
 * At most this many bytes of pages per worker (with their compressed copies, about twice):
 * guests can ask for as many distinct query strings as they like.
 */
export const GUEST_CACHE_MAX_BYTES = 8 * 1024 * 1024;

export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** compressed copies, made on first demand */
  encoded: Partial<Record<Encoding, Buffer>>;
}

interface Entry {
  answer: CachedAnswer;
  storedAt: number;
  generation: number;
}

/**
 * The cache key for a request, or null when the request is not a plain guest's GET: a session
 * or toast cookie, a bearer token, or anything but GET. A guest without a language cookie sees
 * the language her browser asks for (issue #47), so the key holds that language too, as the app
 * works it out (domain/language.ts): never the raw header, whose spellings are countless.
 */
export function guestCacheKey(
  method: string | undefined,
  url: string | undefined,
  cookieHeader: string | undefined,
  authorization: string | undefined,
  acceptLanguage?: string | undefined,
): string | null {
  if (method !== "GET" || !url || authorization) return null;
  if (url.startsWith("/healthz")) return null;
  const prefs: string[] = [];
  if (cookieHeader) {
    for (const pair of cookieHeader.split(";")) {
      const trimmed = pair.trim();
      if (!trimmed) continue;
      const name = trimmed.slice(0, Math.max(0, trimmed.indexOf("="))) || trimmed;
      if (!GUEST_COOKIES.has(name)) return null;
      prefs.push(trimmed);
    }
  }
  const browserLanguage = preferredLanguage(acceptLanguage);
  if (browserLanguage) prefs.push(`accept=${browserLanguage}`);
  return `${prefs.sort().join(";")} ${url}`;
}

/** Whether an answer may be kept for other guests. */
export function isCacheableAnswer(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("Set-Cookie")) return false;
  const cacheControl = headers.get("Cache-Control") ?? "";
  return !/no-store|private/.test(cacheControl);
}

export class GuestCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  /** The bodies kept, in bytes (their compressed copies are smaller still). */
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly maxBytes = GUEST_CACHE_MAX_BYTES,
  ) {}

  /** A write happened (or is happening): nothing stored so far may be served again. */
  invalidate() {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** The generation a render starts in; hand it back to `store`. */
  currentGeneration() {
    return this.generation;
  }

  /** The stored answer and whether it is past its TTL (still servable while a fresh one renders). */
  lookup(key: string, now: number): { answer: CachedAnswer; stale: boolean } | null {
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== this.generation) return null;
    return { answer: entry.answer, stale: now - entry.storedAt > this.ttlMs };
  }

  /** Keeps an answer rendered in `generation`, unless a write happened since. */
  store(key: string, answer: CachedAnswer, generation: number, now: number): boolean {
    if (generation !== this.generation || answer.body.byteLength > this.maxBytes) return false;
    this.forget(key);
    this.entries.set(key, { answer, storedAt: now, generation });
    this.bytes += answer.body.byteLength;
    // Oldest first in a Map: drop from the front when full (odd query strings can't grow it).
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.forget(this.entries.keys().next().value!);
    return true;
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.answer.body.byteLength;
  }

  get size() {
    return this.entries.size;
  }
}
