// Tiny helpers that keep a loader's auth to one line: they return the user or throw a redirect.
import { redirect, type RouterContextProvider } from "react-router";
import { userContext } from "~/context";
import type { User } from "~/db/schema";
import { homeFor } from "~/services/users.server";

type Ctx = Readonly<RouterContextProvider>;

/**
 * The signed-in user, or a redirect to /login that comes back here afterwards. `url` is the
 * page's address as a loader or action gets it (without the ".data" of a client navigation).
 */
export function requireUser(context: Ctx, url: URL): User {
  const user = context.get(userContext);
  if (user) return user;
  throw redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Login and signup are for guests: a signed-in person goes where they would after login. */
export function requireAnonymous(context: Ctx) {
  const user = context.get(userContext);
  if (user) throw redirect(homeFor(user));
}
