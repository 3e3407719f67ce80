import { createHash, randomBytes } from "node:crypto";

/** A random secret for a client to hold: 32 bytes, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What we store instead of a secret. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
