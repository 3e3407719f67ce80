import { data } from "react-router";
import { completeSignIn } from "~/auth/sign-in.server";
import { useTranslation } from "~/components/use-translation";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { magicLinkAddress, signInWithMagicLink } from "~/auth/email-sign-in.server";
import { maskEmail } from "~/domain/email-mask";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/auth-magic";
import { readForm } from "~/web/form.server";

// The page is one plain form: it needs no script (DESIGN.md budgets), and keeping scripts off
// a page whose address holds a sign-in token costs nothing.
export const handle = { hydrate: false };

/** Tokens are 32 random bytes in base64url (43 characters); anything much longer is not one. */
const TOKEN_MAX = 200;

function readToken(value: FormDataEntryValue | string | null): string | null {
  return typeof value === "string" && value.length > 0 && value.length <= TOKEN_MAX ? value : null;
}

function linkInvalid(request: Request) {
  return redirectWithToast(request, "/login?tab=magic", { variant: "destructive", title: "errors.title", description: "auth.linkInvalid" });
}

/**
 * GET /auth/magic?token=: the link from the e-mail opens a page with one "sign in" button.
 * Opening it spends nothing: mail scanners that fetch every link would otherwise use it up,
 * and a link someone else requested could sign a person into that someone's account unawares.
 */
export function loader({ request, url, context }: Route.LoaderArgs) {
  const token = readToken(url.searchParams.get("token"));
  const address = token ? magicLinkAddress(context.get(dbContext), token) : null;
  if (!token || !address) return linkInvalid(request);
  const t = getTranslate(context);
  // Which account the button signs in to, masked: a link someone requested for their own
  // account and passed on must not sign another person into it unawares.
  return data({ title: `${t("auth.magicConfirmTitle")} | ${t("app.name")}`, token, account: maskEmail(address) }, { headers: { "Cache-Control": "private, no-store" } });
}

// The page carries a live token: no shared cache may keep it.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];

/** POST /auth/magic {token}: spends the link (once, within 15 minutes) and signs the person in. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = readToken((await readForm(request)).get("token"));
  const db = context.get(dbContext);
  const user = token ? signInWithMagicLink(db, token) : null;
  if (!user) return linkInvalid(request);
  return completeSignIn(request, db, user);
}

export default function MagicLinkSignIn({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("auth.magicConfirmTitle")}</h1>
      <p className="mt-2 text-fg-muted">{t("auth.magicConfirmText")}</p>
      <p className="mt-4 rounded-lg border border-line bg-surface p-3" data-testid="magic-account">
        {t("auth.magicConfirmAccount")}{" "}
        <bdi dir="ltr" className="font-semibold">
          {loaderData.account}
        </bdi>
      </p>
      {/* A plain form: the page ships no script. The token rides in the body, not the address. */}
      <form method="post" action="/auth/magic" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700">
          {t("auth.magicConfirmSubmit")}
        </button>
      </form>
      <p className="mt-6 text-sm text-fg-muted">{t("auth.magicConfirmNotYou")}</p>
    </section>
  );
}
