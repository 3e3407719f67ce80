// The admin area's schemas and URL state, shared by the server (parseWithZod, the /api routes)
// and the browser (getZodConstraint). Messages are locale keys: "validation.emailInvalid" is the
// spec's wording the account forms already use, the rest live under "admin.validation". Pure.
import { z } from "zod";
import { emailField, PASSWORD_MIN } from "./account-schemas";
import { PASSWORD_MAX, tooLong } from "./text-limits";

/**
 * One password policy for every role (#45): an admin's password is at least as long as a
 * shopper's, so the account that can do most is not the easiest one to guess.
 */
export const ADMIN_PASSWORD_MIN = PASSWORD_MIN;
/** Lists on the dashboard show at most this many rows, newest first. */
export const ADMIN_LIST_LIMIT = 200;

const email = emailField;
const password = z
  .string({ error: "admin.validation.passwordMin" })
  .min(ADMIN_PASSWORD_MIN, { error: "admin.validation.passwordMin" })
  .max(PASSWORD_MAX, { error: tooLong(PASSWORD_MAX) });
const secretCode = z
  .string({ error: "admin.validation.secretRequired" })
  .min(1, { error: "admin.validation.secretRequired" })
  .max(500, { error: "admin.validation.secretRequired" });

/** POST /api/admin/create-admin: the confirmation is not sent (spec section 7). */
export const AdminCreateApiSchema = z.object({ email, password, secretCode });

/** The /admin/create form: the same fields plus the confirmation, checked on its own field. */
export const AdminCreateFormSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string({ error: "admin.validation.passwordsMismatch" }),
    secretCode,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: "admin.validation.passwordsMismatch",
  });

export type AdminCreateInput = z.infer<typeof AdminCreateApiSchema>;

export const ADMIN_TABS = ["users", "orders", "messages"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export interface AdminQuery {
  /** a part of a name, an e-mail or an id; empty for everything */
  q: string;
  tab: AdminTab;
}

/** The dashboard's search and tab, both in the URL so they work without JavaScript. */
export function parseAdminQuery(params: URLSearchParams): AdminQuery {
  const tab = params.get("tab") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    tab: (ADMIN_TABS as readonly string[]).includes(tab) ? (tab as AdminTab) : "users",
  };
}

/** The dashboard URL for a tab, keeping the search. */
export function adminHref(query: AdminQuery, changes: Partial<AdminQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.tab !== "users") params.set("tab", next.tab);
  if (next.q) params.set("q", next.q);
  const search = params.toString();
  return search ? `/admin?${search}` : "/admin";
}

/** The name people see: the stored full name, else first and last, else null. */
export function displayName(user: { name: string | null; firstName: string | null; lastName: string | null }): string | null {
  return user.name?.trim() || [user.firstName, user.lastName].filter(Boolean).join(" ").trim() || null;
}
