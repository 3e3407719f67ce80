// Deleting an account (issue #16): what the person confirms with, and how a deleted account looks
// afterwards. Pure; the deletion itself is services/account-deletion.server.ts.
import { z } from "zod";

/**
 * Accounts without a password (e-mail links, external sign-in) confirm by typing a word; either
 * language's word (the locale files' account.deletion.word) is accepted, whichever the page showed.
 */
export function isDeleteConfirmWord(value: string, words: readonly string[]): boolean {
  const typed = value.trim().toLowerCase();
  return words.some((word) => word.toLowerCase() === typed);
}

/** The e-mail a deleted account keeps: unique, never deliverable (.invalid is reserved). */
export function deletedAccountEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/** The /settings deletion form and DELETE /api/user/account: a password or the typed word. */
export const AccountDeletionSchema = z.object({
  password: z.string().max(1024).optional(),
  confirm: z.string().max(100).optional(),
});
export type AccountDeletionInput = z.infer<typeof AccountDeletionSchema>;

/**
 * Keys of an audit payload that say who someone is or how to reach them: names, phones,
 * e-mails, addresses, the words of her application and the notes written about it. Ids,
 * statuses, roles, amounts and dates are not among them: the audit row keeps what was done.
 */
const PERSONAL_KEY = /^(name|firstName|lastName|contactName|businessName|description|contact|note|reviewNote|profileImageUrl)$|phone|e-?mail|address|notes$/i;

/**
 * An audit payload about a deleted account, without her personal data: every personal key
 * dropped at any depth, and `identifiers` (her e-mail, her phone) cut out of any other text.
 */
export function redactPersonalData(value: unknown, identifiers: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item, identifiers));
  if (value && typeof value === "object") {
    const kept: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!PERSONAL_KEY.test(key)) kept[key] = redactPersonalData(item, identifiers);
    }
    return kept;
  }
  if (typeof value === "string") {
    let text = value;
    for (const identifier of identifiers) {
      if (identifier.trim().length >= 3) text = text.replace(new RegExp(identifier.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), "[deleted]");
    }
    return text;
  }
  return value;
}
