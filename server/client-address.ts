// The client's address behind reverse proxies (TRUST_PROXY). Each proxy appends the address it
// received the request from to X-Forwarded-For, so only the right end of the header is written
// by proxies we trust; whatever stands to the left of them the client wrote itself. The address
// is read from the right, never from the left: rate limits count per address, and a client that
// could choose its own address would void them.
import net from "node:net";

export type ProxyTrust = { hops: number } | { addresses: ReadonlySet<string> } | null;

/**
 * TRUST_PROXY: unset or "0", no proxy (the socket's address); a number, that many proxies in
 * front of us (nginx alone: 1; a load balancer then nginx: 2); or a comma-separated list of the
 * proxies' addresses, every one of them trusted wherever it stands in the chain.
 */
export function parseProxyTrust(value: string | undefined): ProxyTrust {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0") return null;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const addresses = text.split(",").map((part) => normalise(part.trim())).filter((part) => net.isIP(part) !== 0);
  if (addresses.length === 0) throw new Error(`TRUST_PROXY must be a number of proxies or a list of their addresses, not "${text}"`);
  return { addresses: new Set(addresses) };
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function normalise(address: string): string {
  return address.startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** The client's address for a request from `socketAddress` carrying `forwardedFor` (X-Forwarded-For, repeated headers joined). */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: ProxyTrust): string | undefined {
  if (!trust || socketAddress === undefined) return socketAddress;
  const chain = [...(Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "")).split(","), socketAddress].map((part) => normalise(part.trim())).filter(Boolean);
  if ("hops" in trust) {
    // The socket's peer is the last proxy; each proxy before it added one entry.
    return chain[Math.max(0, chain.length - 1 - trust.hops)];
  }
  let index = chain.length - 1;
  while (index > 0 && trust.addresses.has(chain[index]!)) index -= 1;
  return chain[index];
}
