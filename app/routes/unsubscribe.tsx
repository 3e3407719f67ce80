// The one-click unsubscribe of an optional mail (issue #46, RFC 8058). The link works signed
// out: its token names the person and the mail type. Opening it (GET) changes nothing, since
// mail scanners open links; the page's button posts. A mail client that honours
// List-Unsubscribe-Post posts "List-Unsubscribe=One-Click" to the same address, which is the
// same action. Either way only that type's switch changes, and the page offers it back.
import { data, Form, Link, useNavigation } from "react-router";
import { SubmitButton } from "~/components/ui/field";
import { useTranslation } from "~/components/use-translation";
import { dbContext } from "~/context";
import { ServiceError } from "~/domain/errors";
import { readUnsubscribe, setSubscribed } from "~/services/mail-preferences.server";
import { readForm } from "~/web/form.server";
import { getTranslate } from "~/web/language.server";
import type { Route } from "./+types/unsubscribe";

/** A token that names nobody (forged, or its account deleted since): the page says so, with a 404. */
function nobody(error: unknown) {
  if (!(error instanceof ServiceError)) throw error;
  return data({ state: null, changed: false }, { status: error.status });
}

export function loader({ params, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const title = `${t("account.unsubscribe.title")} | ${t("app.name")}`;
  try {
    return data({ title, state: readUnsubscribe(context.get(dbContext), params.token), changed: false });
  } catch (error) {
    const refused = nobody(error);
    return data({ title, ...refused.data }, refused.init ?? undefined);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // The page's buttons say which way; a mail client's one-click post always unsubscribes.
  const subscribed = form.get("intent") === "resubscribe";
  try {
    return data({ state: setSubscribed(context.get(dbContext), params.token, subscribed), changed: true });
  } catch (error) {
    return nobody(error);
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { state, changed } = actionData ?? loaderData;
  const pending = navigation.state !== "idle";
  if (!state) {
    return (
      <section className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold">{t("account.unsubscribe.title")}</h1>
        <p className="mt-4" role="alert">{t("account.unsubscribe.errors.notFound")}</p>
        <p className="mt-4">
          <Link to="/settings" className="font-semibold text-brand-700 underline dark:text-brand-200">{t("account.unsubscribe.toSettings")}</Link>
        </p>
      </section>
    );
  }
  const mail = t(`account.unsubscribe.types.${state.type}`);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("account.unsubscribe.title")}</h1>
      <p className="mt-2 text-fg-muted" dir="auto">{t("account.unsubscribe.forAddress", { email: state.maskedEmail })}</p>
      <div role="status" className="mt-6">
        {state.subscribed ? (
          <p>{changed ? t("account.unsubscribe.resubscribed", { mail }) : t("account.unsubscribe.question", { mail })}</p>
        ) : (
          <p>{t("account.unsubscribe.done", { mail })}</p>
        )}
      </div>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value={state.subscribed ? "unsubscribe" : "resubscribe"} />
        <SubmitButton pending={pending} pendingLabel={t("account.unsubscribe.pending")}>
          {state.subscribed ? t("account.unsubscribe.submit", { mail }) : t("account.unsubscribe.undo", { mail })}
        </SubmitButton>
      </Form>
      <p className="mt-6 text-sm text-fg-muted">
        {t("account.unsubscribe.others")}{" "}
        <Link to="/settings" className="font-semibold text-brand-700 underline dark:text-brand-200">{t("account.unsubscribe.toSettings")}</Link>
      </p>
    </section>
  );
}
