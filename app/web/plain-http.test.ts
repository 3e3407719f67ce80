import { describe, expect, it } from "vitest";
import { secureCookieWillBeDropped } from "./plain-http";

const at = (address: string) => new URL(address);

describe("secureCookieWillBeDropped (#45)", () => {
  it("is true for plain http on a LAN address or a name when cookies are Secure", () => {
    expect(secureCookieWillBeDropped(at("http://192.168.1.20:3000/login"), null, true)).toBe(true);
    expect(secureCookieWillBeDropped(at("http://shuk.lan/login"), null, true)).toBe(true);
  });

  it("is false over https, on localhost and loopback addresses, and when cookies are not Secure", () => {
    expect(secureCookieWillBeDropped(at("https://shuk.example/login"), null, true)).toBe(false);
    for (const address of ["http://localhost:3000/", "http://127.0.0.1:3000/", "http://[::1]:3000/", "http://app.localhost/"]) {
      expect(secureCookieWillBeDropped(at(address), null, true), address).toBe(false);
    }
    expect(secureCookieWillBeDropped(at("http://192.168.1.20:3000/login"), null, false)).toBe(false);
  });

  it("believes a TLS proxy's X-Forwarded-Proto: https", () => {
    expect(secureCookieWillBeDropped(at("http://shuk.lan/login"), "https", true)).toBe(false);
    expect(secureCookieWillBeDropped(at("http://shuk.lan/login"), "http", true)).toBe(true);
  });
});
