import { describe, expect, it } from "vitest";
import { formatAdminDate, formatDate, formatDateTime, formatDay, formatRelative } from "./dates";

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

  it("writes a pickup day as its weekday and date, in Israeli time", () => {
    // 23:30 UTC on the 24th is already Wednesday the 25th in Israel.
    const instant = new Date("2026-11-24T23:30:00Z");
    expect(formatDay(instant)).toBe("יום רביעי, 25/11");
    // English names the month: "04/12" read as April 12 to many English readers (#47).
    expect(formatDay(instant, "en")).toBe("Wed 25 Nov");
    expect(formatDay(new Date("2026-12-04T10:00:00Z"), "en")).toBe("Fri 4 Dec");
  });

  it("says how long ago, in Hebrew", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(formatRelative(new Date("2026-11-19T12:00:00Z"), now)).toBe("לפני 3 ימים");
    expect(formatRelative(now, now)).toMatch(/עכשיו|בדקה/);
  });
});

describe("texts Intl wrote, kept", () => {
  it("are Intl's own for every instant and age asked twice, in both languages", () => {
    for (const locale of ["he", "en"] as const) {
      const intl = new Intl.DateTimeFormat(locale === "he" ? "he-IL" : "en-IL", { timeZone: "Asia/Jerusalem", weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
      const relative = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
      const now = new Date("2026-11-22T12:00:00Z");
      for (let round = 0; round < 2; round++) {
        for (let minutes = 0; minutes < 60 * 24 * 9; minutes += 97) {
          const instant = new Date(Date.UTC(2026, 10, 20) + minutes * 60_000);
          expect(formatDateTime(instant, locale)).toBe(intl.format(instant));
          expect(formatDateTime(instant.toISOString(), locale)).toBe(intl.format(instant));
        }
        expect(formatRelative(new Date("2026-11-19T12:00:00Z"), now, locale)).toBe(relative.format(-3, "day"));
        expect(formatRelative(new Date("2026-11-22T09:00:00Z"), now, locale)).toBe(relative.format(-3, "hour"));
        expect(formatRelative(new Date("2026-11-21T12:00:00Z"), now, locale)).toBe(relative.format(-1, "day"));
        expect(formatRelative(new Date("2025-11-22T12:00:00Z"), now, locale)).toBe(relative.format(-1, "year"));
        expect(formatRelative(now, now, locale)).toBe(relative.format(0, "minute"));
      }
    }
  });
});

describe("dates in Israeli time without Intl per date", () => {
  it("agrees with Intl on every 37th minute of two years, across the clock changes, in both languages", () => {
    const intlNumeric = new Intl.DateTimeFormat("en-IL", { timeZone: "Asia/Jerusalem", day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    const intlWeekday = new Intl.DateTimeFormat("he-IL", { timeZone: "Asia/Jerusalem", weekday: "long" });
    const intlEnglishDay = new Intl.DateTimeFormat("en-IL", { timeZone: "Asia/Jerusalem", weekday: "short", day: "numeric", month: "short" });
    const start = Date.UTC(2025, 0, 1);
    let checked = 0;
    for (let ms = start; ms < start + 2 * 365 * 86_400_000; ms += 37 * 60_000) {
      const date = new Date(ms);
      const p = Object.fromEntries(intlNumeric.formatToParts(date).map((part) => [part.type, part.value]));
      expect(formatAdminDate(date, true)).toBe(`${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`);
      expect(formatDay(date, "he")).toBe(`${intlWeekday.format(date)}, ${p.day}/${p.month}`);
      const e = Object.fromEntries(intlEnglishDay.formatToParts(date).map((part) => [part.type, part.value]));
      expect(formatDay(date, "en")).toBe(`${e.weekday} ${e.day} ${e.month}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(28_000);
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatAdminDate("not a date")).toThrow(RangeError);
  });
});
