// Signing a person in against the test server: a bearer token through the API, or a web
// session cookie through the login form.
import { expect } from "vitest";
import { jsonInit, type TestServer } from "./test-server";

export interface Credentials {
  email: string;
  password: string;
}

export async function tokenOf(app: TestServer, person: Credentials): Promise<string> {
  const response = await app.fetch("/api/auth/login", jsonInit("POST", { email: person.email, password: person.password }));
  expect(response.status).toBe(200);
  return (await response.json()).token as string;
}

export async function cookieOf(app: TestServer, person: Credentials): Promise<string> {
  const form = new URLSearchParams({ email: person.email, password: person.password, redirectTo: "" });
  const login = await app.fetch("/login", { method: "POST", body: form, headers: { Accept: "text/html" } });
  expect(login.status).toBe(302);
  return login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

let shoppersMade = 0;

/**
 * A new shopper of `communityId`, signed up through the API, each from an address of her own
 * (`addressPrefix`.x.y) so the sign-up limit per address is never what a test meets.
 */
export async function signUpShopper(app: TestServer, communityId: string, { emailPrefix, addressPrefix }: { emailPrefix: string; addressPrefix: string }) {
  const made = ++shoppersMade;
  const init = jsonInit("POST", { email: `${emailPrefix}-${made}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "long-enough-pw", firstName: "פנינה", lastName: "כהן", communityId });
  (init.headers as Record<string, string>)["X-Test-Client"] = `${addressPrefix}.${made >> 8}.${made & 255}`;
  const response = await app.fetch("/api/auth/signup", init);
  expect(response.status, await response.clone().text()).toBe(201);
  const { token, userId } = (await response.json()) as { token: string; userId: string };
  return { token, userId, communityId };
}

/** A page form as a browser without JavaScript sends it, signed in by bearer token. */
export function postFormAs(app: TestServer, path: string, fields: Record<string, string>, token: string) {
  return app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Authorization: `Bearer ${token}` },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A page as a browser asks for it, signed in by bearer token. */
export function getPageAs(app: TestServer, path: string, token: string) {
  return app.fetch(path, { headers: { Accept: "text/html", Authorization: `Bearer ${token}` } });
}
