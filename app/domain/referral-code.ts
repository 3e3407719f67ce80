// Invitation links: the code, the share texts and the tier gap they show. Pure.
import { nextTier, type CommunityTier } from "./pricing";
import { tierLevel } from "./tier-names";

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i): safe in a URL and read aloud. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const REF_CODE_LENGTH = 9;
const CODE_PATTERN = /^[a-z0-9]{6,16}$/;

/** A fresh random code, e.g. "k7m2x9qpa". Unique in the database is the caller's job. */
export function generateRefCode(random: (size: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  // 248 = 8 x 31: bytes at or above it are dropped so every letter is equally likely.
  let code = "";
  while (code.length < REF_CODE_LENGTH) {
    for (const byte of random(REF_CODE_LENGTH * 2)) {
      if (byte < 248 && code.length < REF_CODE_LENGTH) code += ALPHABET[byte % ALPHABET.length];
    }
  }
  return code;
}

/** A code as typed or pasted (any case, spaces around), or null when it cannot be one. */
export function parseRefCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase();
  return CODE_PATTERN.test(code) ? code : null;
}

export function inviteUrl(origin: string, refCode: string): string {
  return `${origin.replace(/\/$/, "")}/invite/${refCode}`;
}

/** WhatsApp's share link: the text and the link in one message, encoded. */
export function whatsappShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** What the community still needs for its next tier, or null when every tier is reached. */
export function nextTierGap(tiers: readonly CommunityTier[], revenue: number) {
  const next = nextTier(tiers, revenue);
  if (!next) return null;
  // Its level too: an English page names a Hebrew-named tier by it (domain/tier-names.ts).
  return { tierName: next.tierName, level: tierLevel(tiers, next.minRevenue), discountPercent: next.discountPercent, gap: next.minRevenue - revenue };
}
