import { describe, expect, it } from "vitest";
import { allowedHostNames, isAllowedHost, parseHostHeader } from "./hosts";

describe("parseHostHeader", () => {
  it("keeps a bare host with or without a port, lower-cased", () => {
    expect(parseHostHeader("localhost")).toBe("localhost");
    expect(parseHostHeader("LocalHost:8080")).toBe("localhost:8080");
    expect(parseHostHeader("127.0.0.1:3000")).toBe("127.0.0.1:3000");
    expect(parseHostHeader("[::1]")).toBe("[::1]");
    expect(parseHostHeader("[::1]:3000")).toBe("[::1]:3000");
    expect(parseHostHeader("shuk.example")).toBe("shuk.example");
    expect(parseHostHeader("xn--4dbrk0ce.example:443")).toBe("xn--4dbrk0ce.example:443");
  });

  it("refuses anything that is not a bare host[:port]", () => {
    for (const value of [
      undefined,
      "",
      "localhost:1@evil.com",
      "user:pass@localhost",
      "localhost/evil",
      "localhost?x=1",
      "localhost#x",
      "local host",
      "localhost:",
      "localhost:99999",
      "localhost:abc",
      "localhost:80:80",
      "127.1",
      "[::0001]",
      "[::1",
      "evil.com\\@localhost",
      "%6cocalhost",
      "localhost\t",
      "-localhost",
      "..",
    ]) {
      expect(parseHostHeader(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe("isAllowedHost", () => {
  it("answers the loopback names and APP_URL's host, whatever the port", () => {
    const allowed = allowedHostNames({ APP_URL: "https://shuk.example" });
    expect(isAllowedHost("localhost:8080", allowed)).toBe(true);
    expect(isAllowedHost("shuk.example", allowed)).toBe(true);
    expect(isAllowedHost("evil.example", allowed)).toBe(false);
  });
});
