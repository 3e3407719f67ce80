import { describe, expect, it } from "vitest";
import { formatTimeRange } from "./time";

describe("formatTimeRange", () => {
  it("keeps the start first inside a left-to-right isolate, whatever the sentence's direction", () => {
    expect(formatTimeRange("08:30", "11:30")).toBe("\u206608:30–11:30\u2069");
  });
});
