import { describe, expect, it } from "vitest";
import { clientAddress, parseProxyTrust } from "./client-address";

describe("clientAddress", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress("203.0.113.9", "1.1.1.1", parseProxyTrust(undefined))).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.9", "1.1.1.1", parseProxyTrust("0"))).toBe("203.0.113.9");
  });

  it("reads the address a trusted proxy appended, from the right, never what the client wrote on the left", () => {
    const nginx = parseProxyTrust("1");
    // The client sent "X-Forwarded-For: 6.6.6.6"; nginx appended the address it saw.
    expect(clientAddress("127.0.0.1", "6.6.6.6, 198.51.100.7", nginx)).toBe("198.51.100.7");
    expect(clientAddress("127.0.0.1", "198.51.100.7", nginx)).toBe("198.51.100.7");
    // A load balancer, then nginx: two hops.
    expect(clientAddress("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", parseProxyTrust("2"))).toBe("198.51.100.7");
    // A proxy that sent no header: the nearest address we have.
    expect(clientAddress("127.0.0.1", undefined, nginx)).toBe("127.0.0.1");
    // Repeated headers are one list.
    expect(clientAddress("127.0.0.1", ["6.6.6.6", "198.51.100.7"], nginx)).toBe("198.51.100.7");
  });

  it("with a list of proxy addresses, skips the trusted ones from the right", () => {
    const trust = parseProxyTrust("10.0.0.1, 10.0.0.2");
    expect(clientAddress("::ffff:10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.1", trust)).toBe("198.51.100.7");
    // A request straight from a client (not from a proxy): its own address, the header ignored.
    expect(clientAddress("198.51.100.8", "10.0.0.1", trust)).toBe("198.51.100.8");
  });

  it("refuses a TRUST_PROXY it cannot read", () => {
    expect(() => parseProxyTrust("yes")).toThrow(/TRUST_PROXY/);
  });
});
