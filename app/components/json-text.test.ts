import { describe, expect, it } from "vitest";
import { fromJsonText, toJsonText, type JsonText } from "./json-text";

describe("JSON text in loader data", () => {
  it("gives back what it was made from, and parses a text it did not make (the browser's case)", () => {
    const cards = [{ id: "d-1", title: "עגבניות", images: ["/a.webp"], isFavorite: false, groups: [{ id: "g" }] }];
    const text = toJsonText(cards);
    expect(JSON.parse(text)).toEqual(cards);
    expect(fromJsonText(text)).toBe(cards);
    const sent = JSON.stringify([{ id: "d-2" }]) as JsonText<{ id: string }[]>;
    expect(fromJsonText(sent)).toEqual([{ id: "d-2" }]);
  });

  it("keeps only the last few texts it made", () => {
    const original = { n: -1 };
    const first = toJsonText(original);
    expect(fromJsonText(first)).toBe(original);
    for (let n = 0; n < 16; n++) toJsonText({ n });
    // Still right, only parsed now: a new object with the same contents.
    const again = fromJsonText(first);
    expect(again).not.toBe(original);
    expect(again).toEqual(original);
    expect(fromJsonText(toJsonText({ n: 99 }))).toEqual({ n: 99 });
  });
});
