import { describe, expect, it } from "vitest";
import { CONFIRM_FIELD, CONFIRM_VALUE, dealActionNeedsConfirmation, isConfirmed } from "./confirm";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("confirmations", () => {
  it("accepts only the confirmation panel's field", () => {
    expect(isConfirmed(form([[CONFIRM_FIELD, CONFIRM_VALUE]]))).toBe(true);
    expect(isConfirmed(form([]))).toBe(false);
    expect(isConfirmed(form([[CONFIRM_FIELD, "on"]]))).toBe(false);
    expect(isConfirmed(form([[CONFIRM_FIELD, ""]]))).toBe(false);
  });

  it("asks before ending or archiving a deal, not before the review steps", () => {
    expect(dealActionNeedsConfirmation("end")).toBe(true);
    expect(dealActionNeedsConfirmation("archive")).toBe(true);
    for (const action of ["submit", "activate", "sendBack"] as const) expect(dealActionNeedsConfirmation(action)).toBe(false);
  });
});

describe("an API call's confirmation", () => {
  it("is confirmed=yes in the JSON body or on the address, nothing else", async () => {
    const { isApiConfirmed } = await import("./confirm");
    const url = (q = "") => new URL(`http://localhost/api/x${q}`);
    expect(isApiConfirmed(url(), { confirmed: "yes" })).toBe(true);
    expect(isApiConfirmed(url("?confirmed=yes"), null)).toBe(true);
    expect(isApiConfirmed(url(), null)).toBe(false);
    expect(isApiConfirmed(url("?confirmed=true"), { confirmed: true })).toBe(false);
    expect(isApiConfirmed(url(), { confirm: "yes" })).toBe(false);
  });
});
