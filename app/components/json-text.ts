// A list of cards goes into a page's loader data as one JSON text instead of as objects.
// React Router encodes loader data with turbo-stream, which walks every value (an index and a
// map entry each): a signed-in /deals's 24 cards, about 650 values, took 130 of its 280 µs of
// encoding, where JSON.stringify writes them in 15 µs (decision record 016, session 12).
import { useMemo } from "react";

/** A JSON text that parses to a T. */
export type JsonText<T> = string & { readonly jsonOf?: T };

/**
 * Texts the server made from values still at hand, newest first: its render takes the value back
 * instead of parsing the text (a few pages in flight at once; identical texts mean identical
 * values). Found by `===`: the render is handed the very string its loader made, which compares
 * at once, where a Map hashed all of a new 8 kB text first (13 µs a page for /orders' rows;
 * decision record 016, session 28).
 */
const madeHere: { readonly text: string; readonly value: unknown }[] = [];
const MADE_HERE_KEPT = 16;

/**
 * The JSON of frozen objects and arrays, written once each. The server's shared reads are
 * frozen (db/read-cache.server.ts): a community's deal cards go into every member's /deals,
 * once in the loader data and once in each card's markup-cache key.
 */
const frozenJson = new WeakMap<object, string>();

/** JSON.stringify, but a frozen value's text (or an array's frozen items') is written once. */
export function jsonOf(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (!Object.isFrozen(value)) return Array.isArray(value) && value.some(isFrozenObject) ? arrayJson(value) : JSON.stringify(value);
  let text = frozenJson.get(value);
  if (text === undefined) frozenJson.set(value, (text = Array.isArray(value) ? arrayJson(value) : JSON.stringify(value)));
  return text;
}

/** An object or array that can no longer change (a shared read, db/read-cache.server.ts). */
export function isFrozenObject(value: unknown): value is object {
  return value !== null && typeof value === "object" && Object.isFrozen(value);
}
// JSON.stringify writes an array's undefined and functions as null; jsonOf does too.
const arrayJson = (items: readonly unknown[]) => `[${items.map(jsonOf).join(",")}]`;

export function toJsonText<T>(value: T): JsonText<T> {
  const text = jsonOf(value);
  madeHere.unshift({ text, value });
  if (madeHere.length > MADE_HERE_KEPT) madeHere.pop();
  return text as JsonText<T>;
}

/** The value of a JSON text: the one it was made from when this process made it, else parsed. */
export function fromJsonText<T>(text: JsonText<T>): T {
  for (const made of madeHere) if (made.text === text) return made.value as T;
  return JSON.parse(text) as T;
}

/** The value of a JSON text from loader data, once per text (null stays null). */
export function useJsonText<T>(text: JsonText<T>): T;
export function useJsonText<T>(text: JsonText<T> | null): T | null;
export function useJsonText<T>(text: JsonText<T> | null): T | null {
  return useMemo(() => (text === null ? null : fromJsonText(text)), [text]);
}
