// A CSP nonce for every answer: 16 random bytes, base64. randomBytes(16) per request was a call
// into OpenSSL (and a getpid) each time, 0.8 % of a signed-in page's CPU; here one call fills
// 256 nonces' worth of bytes and each nonce takes the next 16, never reused.
import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
const NONCES_PER_FILL = 256;

export function createNonceSource(): () => string {
  const pool = Buffer.allocUnsafe(NONCE_BYTES * NONCES_PER_FILL);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString("base64", offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return nonce;
  };
}
