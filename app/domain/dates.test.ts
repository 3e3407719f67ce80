import { describe, expect, it } from "vitest";
import { formatAdminDate, formatDate, formatDateTime, formatRelative } from "./dates";

describe("dates", () => {
  it("writes admin dates as dd/MM/yyyy [HH:mm] in Israeli time", () => {
    const instant = new Date("2026-11-25T18:05:00Z"); // 20:05 in Israel (winter, UTC+2)
    expect(formatAdminDate(instant)).toBe("25/11/2026");
    expect(formatAdminDate(instant, true)).toBe("25/11/2026 20:05");
  });

  it("writes one numeric date in both languages, and 24-hour times in both", () => {
    const instant = new Date("2026-11-25T18:05:00Z");
    expect(formatDate(instant, "he")).toBe("25/11/2026");
    expect(formatDate(instant, "en")).toBe("25/11/2026");
    for (const locale of ["he", "en"]) {
      expect(formatDateTime(instant, locale)).toContain("20:05");
      expect(formatDateTime(instant, locale)).not.toMatch(/AM|PM/i);
    }
  });

  it("says how long ago, in Hebrew", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatRelative(new Date("2026-11-19T12:00:00Z"), now)).toBe("לפני 3 ימים");
    expect(formatRelative(now, now)).toMatch(/עכשיו|בדקה/);
  });
});
