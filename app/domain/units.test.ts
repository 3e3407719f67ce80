import { describe, expect, it } from "vitest";
import { DEAL_UNITS, knownUnit, unitChoiceOf, unitFromChoice, unitLabel, withUnitFromChoice } from "../locales/units";

describe("sale units", () => {
  it("maps the spellings vendors typed to one unit", () => {
    for (const typed of ["ק״ג", 'ק"ג', "ק'ג", "קג", " קילו ", "קילוגרם", "KG", "kg."]) expect(knownUnit(typed)?.code).toBe("kg");
    expect(knownUnit("מארז 500 גרם")?.code).toBe("pack500");
    expect(knownUnit("500 גרם")?.code).toBe("pack500");
    expect(knownUnit("יח'")?.code).toBe("unit");
    expect(knownUnit("צרור")?.code).toBe("bunch");
  });

  it("keeps an unknown unit as other, with its text", () => {
    expect(knownUnit("מארז 300 גרם")).toBeNull();
    expect(unitChoiceOf("מארז 300 גרם")).toEqual({ unitChoice: "other", unitOther: "מארז 300 גרם" });
    expect(unitChoiceOf("קילו")).toEqual({ unitChoice: "kg", unitOther: "" });
    expect(unitChoiceOf("")).toEqual({ unitChoice: "", unitOther: "" });
  });

  it("stores the list's Hebrew name, or the typed text for other", () => {
    expect(unitFromChoice("kg", "ignored")).toBe("ק״ג");
    expect(unitFromChoice("bunch", "")).toBe("צרור");
    expect(unitFromChoice("other", "  מארז 300 גרם ")).toBe("מארז 300 גרם");
    expect(unitFromChoice("other", "קילו")).toBe("ק״ג");
    expect(unitFromChoice("other", "")).toBe("");
    expect(unitFromChoice("no-such-unit", "")).toBe("");
    expect(unitFromChoice("", "")).toBe("");
  });

  it("a stored unit goes round the form unchanged", () => {
    for (const unit of DEAL_UNITS) {
      const { unitChoice, unitOther } = unitChoiceOf(unit.he);
      expect(unitFromChoice(unitChoice, unitOther)).toBe(unit.he);
    }
    const odd = unitChoiceOf("סלסלה");
    expect(unitFromChoice(odd.unitChoice, odd.unitOther)).toBe("סלסלה");
  });

  it("names a known unit in each language and shows an unknown one as stored", () => {
    expect(unitLabel("קילו", "en")).toBe("kg");
    // After a count other than one, the plural; a unit typed by hand stays as typed.
    expect(unitLabel("צרור", "en", 3)).toBe("bunches");
    expect(unitLabel("צרור", "en", 1)).toBe("bunch");
    expect(unitLabel("צרור", "he", 3)).toBe("צרורות");
    expect(unitLabel("מארז 500 גרם", "he", 30)).toBe("מארזים של 500 גרם");
    expect(unitLabel("ק״ג", "he", 3)).toBe("ק״ג");
    expect(unitLabel("סלסלה", "he", 3)).toBe("סלסלה");
    expect(unitLabel("קילו", "he")).toBe("ק״ג");
    expect(unitLabel("סלסלה", "en")).toBe("סלסלה");
  });

  it("has unique codes and Hebrew names", () => {
    expect(new Set(DEAL_UNITS.map((u) => u.code)).size).toBe(DEAL_UNITS.length);
    expect(new Set(DEAL_UNITS.map((u) => u.he)).size).toBe(DEAL_UNITS.length);
  });

  it("turns the form's choice into the unit field, and leaves other forms alone", () => {
    const form = new FormData();
    form.set("title", "Tomatoes");
    form.set("unit", "stale");
    form.set("unitChoice", "other");
    form.set("unitOther", "סלסלה");
    const out = withUnitFromChoice(form);
    expect(out.get("unit")).toBe("סלסלה");
    expect(out.get("title")).toBe("Tomatoes");
    const api = new FormData();
    api.set("unit", "ק״ג");
    expect(withUnitFromChoice(api)).toBe(api);
  });
});
