import { describe, expect, it } from "vitest";
import { cookieSecurityNotice, publicAddressNotice } from "./start-notice";

describe("cookieSecurityNotice (#45)", () => {
  it("warns when production serves a plain-HTTP LAN address with Secure cookies", () => {
    expect(cookieSecurityNotice({ NODE_ENV: "production", APP_URL: "http://192.168.1.20:3000" })).toMatch(/APP_URL is plain HTTP \(http:\/\/192\.168\.1\.20:3000\).*INSECURE_COOKIES=1/);
  });

  it("warns that INSECURE_COOKIES=1 is for a trusted network", () => {
    expect(cookieSecurityNotice({ NODE_ENV: "production", INSECURE_COOKIES: "1" })).toMatch(/INSECURE_COOKIES=1: cookies are sent without Secure/);
  });

  it("says nothing for https, localhost, no APP_URL, or outside production", () => {
    expect(cookieSecurityNotice({ NODE_ENV: "production", APP_URL: "https://shuk.example" })).toBeNull();
    expect(cookieSecurityNotice({ NODE_ENV: "production", APP_URL: "http://localhost:3000" })).toBeNull();
    expect(cookieSecurityNotice({ NODE_ENV: "production" })).toBeNull();
    expect(cookieSecurityNotice({ NODE_ENV: "development", APP_URL: "http://192.168.1.20" })).toBeNull();
  });

  it("leaves the public address notice as it was", () => {
    expect(publicAddressNotice({ APP_URL: "https://shuk.example" })).toContain("https://shuk.example");
  });
});
