// The outbox as the organiser sees it (issue #46): how many mails wait, go, went or were given
// up, and the newest ones with why a mail waits. Read-only; the outbox sends by itself.
import { useTranslation } from "~/components/use-translation";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { ScrollBox } from "~/components/scroll-box";
import { dbContext } from "~/context";
import { formatAdminDate } from "~/domain/dates";
import { OUTBOX_STATUSES } from "~/domain/enums";
import { outboxView } from "~/services/mail-outbox.server";
import { smtpConfigured } from "~/services/mail.server";
import { getTranslate } from "~/web/language.server";
import type { Route } from "./+types/admin-mail";

/** The kinds of mail the product sends, each with its words in the locale files. */
const KINDS = ["sign-in", "password-reset", "vendor-decision", "admin-alert", "order-placed"];

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const t = getTranslate(context);
  const view = outboxView(context.get(dbContext));
  return { title: `${t("admin.mail.title")} | ${t("app.name")}`, smtp: smtpConfigured(), ...view };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { smtp, counts, recent } = loaderData;
  const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
  const td = "px-3 py-2.5 align-top";
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("admin.mail.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("admin.mail.intro")}</p>
      <p className="mt-2 text-sm" data-testid="mail-transport">{t(smtp ? "admin.mail.viaSmtp" : "admin.mail.viaFolder")}</p>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {OUTBOX_STATUSES.map((status) => (
          <div key={status} className="rounded-2xl border border-line bg-surface p-4" data-testid={`mail-count-${status}`}>
            <dt className="text-sm text-fg-muted">{t(`admin.mail.status.${status}`)}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums">{counts[status]}</dd>
          </div>
        ))}
      </dl>

      {recent.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-line px-4 py-12 text-center text-fg-muted">{t("admin.mail.empty")}</p>
      ) : (
        <ScrollBox label={t("admin.mail.recent")} className="mt-6 rounded-2xl border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("admin.mail.recent")}</caption>
            <thead className="border-b border-line bg-muted/60">
              <tr>{["when", "kind", "to", "subject", "state"].map((h) => <th key={h} scope="col" className={th}>{t(`admin.mail.columns.${h}`)}</th>)}</tr>
            </thead>
            <tbody className="divide-y divide-line">
              {recent.map((mail) => (
                <tr key={mail.id} data-testid="mail-row" data-status={mail.status}>
                  <td className={`${td} whitespace-nowrap tabular-nums`}><span dir="ltr">{formatAdminDate(mail.createdAt, true)}</span></td>
                  <td className={td}>{KINDS.includes(mail.kind) ? t(`admin.mail.kinds.${mail.kind}`) : mail.kind}</td>
                  <td className={`${td} break-all`}><span dir="ltr">{mail.toAddress}</span></td>
                  <td className={td}><bdi>{mail.subject}</bdi></td>
                  <td className={td}>
                    <span className="font-medium">{t(`admin.mail.status.${mail.status}`)}</span>
                    {mail.attempts > 1 ? <span className="block text-xs text-fg-muted">{t("admin.mail.attempts", { count: mail.attempts })}</span> : null}
                    {mail.status === "WAITING" && mail.attempts > 0 ? (
                      <span className="block text-xs text-fg-muted">{t("admin.mail.nextTry", { when: formatAdminDate(mail.nextAttemptAt, true) })}</span>
                    ) : null}
                    {mail.lastError && mail.status !== "SENT" ? <span className="block break-all text-xs text-red-700 dark:text-red-300" dir="ltr">{mail.lastError}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
