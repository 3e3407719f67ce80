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
