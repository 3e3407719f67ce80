import { describe, expect, it } from "vitest";
import { isolateForeignText } from "./bidi";

describe("isolateForeignText", () => {
  it("isolates Hebrew inside English and Latin inside Hebrew", () => {
    expect(isolateForeignText("פלורנטין – תל אביב", "en")).toBe("\u2068פלורנטין – תל אביב\u2069");
    expect(isolateForeignText("dana@example.com", "he")).toBe("\u2068dana@example.com\u2069");
  });

  it("leaves same-script text, numbers, prices and other values as they are", () => {
    expect(isolateForeignText("Florentin", "en")).toBe("Florentin");
    expect(isolateForeignText("פלורנטין", "he")).toBe("פלורנטין");
    expect(isolateForeignText("\u2066₪ 9.90\u2069", "en")).toBe("\u2066₪ 9.90\u2069");
    expect(isolateForeignText(3, "en")).toBe(3);
    // It starts in the page's direction: an isolate would resolve to it anyway.
    expect(isolateForeignText("משק הגליל 394c6f", "he")).toBe("משק הגליל 394c6f");
    expect(isolateForeignText("3 ק״ג", "en")).toBe("\u20683 ק״ג\u2069");
  });

  it("never isolates twice", () => {
    const once = isolateForeignText("תל אביב", "en") as string;
    expect(isolateForeignText(once, "en")).toBe(once);
  });
});
