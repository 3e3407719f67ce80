import { describe, expect, it } from "vitest";
import { passesOriginRule } from "./origin-rule";

const PUBLIC = "https://shuk.example";
const verdict = (origin: string | null, secFetchSite: string | null, host: string | null = "shuk.example") => passesOriginRule({ origin, secFetchSite, host }, PUBLIC);

describe("the origin rule", () => {
  it("lets our own pages through, by the public origin or by the host the request went to", () => {
    expect(verdict(PUBLIC, "same-origin")).toBe(true);
    expect(verdict("http://localhost:3000", "same-origin", "localhost:3000")).toBe(true);
  });

  it("refuses a foreign, null or broken Origin whatever else the request says", () => {
    expect(verdict("https://evil.example", null)).toBe(false);
    expect(verdict("https://evil.example", "same-origin")).toBe(false);
    expect(verdict("null", null)).toBe(false);
    expect(verdict("not a url", null)).toBe(false);
    // Same host name, other port: another origin.
    expect(verdict("http://localhost:4000", null, "localhost:3000")).toBe(false);
  });

  it("without Origin, refuses what the browser marks cross-site or same-site and lets the rest through", () => {
    expect(verdict(null, "cross-site")).toBe(false);
    expect(verdict(null, "same-site")).toBe(false);
    expect(verdict(null, "same-origin")).toBe(true);
    expect(verdict(null, "none")).toBe(true);
    // An API client (curl, a phone app) sends neither header.
    expect(verdict(null, null)).toBe(true);
  });
});
