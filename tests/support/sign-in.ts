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
