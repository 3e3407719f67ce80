import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { LoginSchema } from "~/domain/account-schemas";
import { ServiceError } from "~/domain/errors";
import { verifyLogin } from "./accounts.server";

/**
 * remix-auth 4 only verifies who someone is; sessions are ours (session.server.ts). Made per
 * request because the strategy needs this request's database.
 */
export function createAuthenticator(db: Db) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = LoginSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new ServiceError(400, "validation.invalidInput");
      const user = await verifyLogin(db, parsed.data.email, parsed.data.password);
      if (!user) throw new ServiceError(401, "validation.invalidCredentials");
      return user;
    }),
    "password",
  );
  return authenticator;
}
