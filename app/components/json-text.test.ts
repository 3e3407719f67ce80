import { describe, expect, it } from "vitest";
import { deepFreeze } from "~/db/read-cache.server";
import { fromJsonText, jsonOf, toJsonText, type JsonText } from "./json-text";

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

describe("jsonOf", () => {
  const values: unknown[] = [
    null,
    undefined,
    0,
    "שלום \"</script>\u2028",
    [1, undefined, () => 1, null, "x"],
    { a: 1, b: undefined, c: [new Date(0)], d: { e: "f" } },
    [{ a: 1 }, [2, [3]], "g"],
  ];

  it("writes what JSON.stringify writes, frozen or not, whole or in an array among others", () => {
    for (const value of values) {
      const expected = JSON.stringify(value) ?? "null";
      expect(jsonOf(value)).toBe(expected);
      expect(jsonOf(deepFreeze(structuredCloneOrSame(value)))).toBe(expected);
      expect(jsonOf(["k", deepFreeze(structuredCloneOrSame(value)), 1])).toBe(JSON.stringify(["k", value, 1]));
    }
  });

  it("writes a frozen value once: the same text again, however often it is asked for", () => {
    const card = deepFreeze({ id: "d-1", groups: [{ id: "g" }] });
    const first = jsonOf(["deal-card", card, true]);
    expect(jsonOf(["deal-card", card, false])).toBe(first.replace("true]", "false]"));
    // A frozen value cannot change, so its text is kept by the object: a copy is written anew.
    expect(jsonOf({ ...card, id: "d-2" })).toBe('{"id":"d-2","groups":[{"id":"g"}]}');
  });
});

/** A copy of the value where it has one (functions have none), so freezing leaves the list above as it is. */
function structuredCloneOrSame(value: unknown) {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
