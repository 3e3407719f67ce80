// The confirmation before an account is deleted: her password when she has one (a session left
// open on a shared computer is not enough to delete her), otherwise the typed word. The password
// check is async (argon2) so it happens here, before the service's synchronous transaction.
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { isDeleteConfirmWord, type AccountDeletionInput } from "~/domain/account-deletion";
import { ServiceError } from "~/domain/errors";
import { translations } from "~/locales";
import { deleteAccount } from "~/services/account-deletion.server";
import { verifyPassword } from "./password.server";
import { hitRateLimit } from "./rate-limit.server";

/** The word the deletion form asks to type, in each language. */
const CONFIRM_WORDS = [translations.he.account.deletion.word, translations.en.account.deletion.word];

export async function confirmAndDeleteAccount(db: Db, user: User, input: AccountDeletionInput): Promise<void> {
  if (user.passwordHash) {
    if (!input.password) throw new ServiceError(400, "account.deletion.errors.passwordRequired", "password");
    // A password guess like any other: the sign-in limit, counted per e-mail.
    const limit = hitRateLimit(db, "login", [`email:${user.email}`]);
    if (!limit.allowed) throw new ServiceError(429, "errors.tooManyAttempts", "password", { minutes: limit.retryAfterMinutes });
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw new ServiceError(400, "account.deletion.errors.passwordWrong", "password");
    }
  } else if (!isDeleteConfirmWord(input.confirm ?? "", CONFIRM_WORDS)) {
    throw new ServiceError(400, "account.deletion.errors.wordWrong", "confirm");
  }
  deleteAccount(db, user.id);
}
