import { hash, verify, type Algorithm } from "@node-rs/argon2";

// argon2id with OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane. @node-rs/argon2
// hashes on its own thread pool, so a burst of logins does not stall the event loop.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps the answer time the same, so the
// timing does not tell which e-mails have accounts.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash() {
  dummyHash ??= hashPassword("not-a-real-password-but-the-same-cost");
  return dummyHash;
}
