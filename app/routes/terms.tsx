import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { Fragment, type ReactElement } from "react";
import { getLocale, getTranslate } from "~/web/language.server";
import { deliveryTextValues } from "~/domain/faq";
import { dbContext, userContext } from "~/context";
import { communityDelivery } from "~/services/communities.server";
import type { Route } from "./+types/terms";

// Nothing on this page needs a script: the root leaves out <Scripts /> (DESIGN.md budgets).
export const handle = { hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  return {
    title: `${t("terms.title")} | ${t("app.name")}`,
    // Fees, days and the cancel cut-off are printed from delivery.ts, never typed into the copy;
    // delivery as the reader's community set it, or "each community decides" (issue #45).
    values: deliveryTextValues(getLocale(context), communityDelivery(context.get(dbContext), context.get(userContext)?.communityId), t),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The 11 sections, in order; each is #section-N. */
const SECTIONS = [
  "general",
  "account",
  "groupBuying",
  "orders",
  "payment",
  "delivery",
  "returns",
  "privacy",
  "conduct",
  "liability",
  "changes",
] as const;

const link = "font-semibold text-brand-700 underline dark:text-brand-200";

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { values } = loaderData;
  const paragraphs = (section: string) => {
    const value = t(`terms.sections.${section}.paragraphs`, { ...values, returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as string[]) : [];
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50">
          {t("terms.badge")}
        </p>
        <h1 className="mt-4 text-4xl font-extrabold">{t("terms.title")}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t("terms.lastUpdated")}</p>
        <p className="mt-4 text-lg leading-8 text-fg-muted">{t("terms.lead")}</p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav id="contents" aria-labelledby="terms-nav-title" className="scroll-mt-20 lg:sticky lg:top-20 lg:self-start">
          <h2 id="terms-nav-title" className="font-semibold">{t("terms.navTitle")}</h2>
          <ol className="mt-3 grid gap-1 text-sm">
            {SECTIONS.map((section, index) => (
              <li key={section}>
                <a href={`#section-${index + 1}`} className="flex gap-2 rounded-lg px-2 py-1.5 text-fg-muted hover:bg-muted hover:text-fg">
                  <span className="font-semibold tabular-nums">{index + 1}.</span>
                  {t(`terms.sections.${section}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <ol className="grid gap-6">
          {SECTIONS.map((section, index) => (
            <li key={section}>
              <section
                id={`section-${index + 1}`}
                aria-labelledby={`section-${index + 1}-title`}
                className="scroll-mt-20 rounded-2xl border border-line bg-surface p-6"
              >
                <h2 id={`section-${index + 1}-title`} className="flex items-baseline gap-3 text-xl font-bold">
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-600 text-sm text-white">
                    {index + 1}
                  </span>
                  {t(`terms.sections.${section}.title`)}
                </h2>
                <div className="mt-3 grid gap-3 leading-7">
                  {paragraphs(section).map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {i18n.exists(`terms.sections.${section}.link`) ? (
                    <p>
                      {withLinks(t(`terms.sections.${section}.link`), { privacy: "/privacy", contact: "/contact" })}
                    </p>
                  ) : null}
                </div>
                <a href="#contents" className="mt-4 inline-block text-sm text-fg-muted hover:text-fg hover:underline">
                  {t("terms.backToTop")}
                </a>
              </section>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}

const TAGGED = /<(\w+)>(.*?)<\/\1>/g;

/** A text whose `<name>words</name>` become links to the page `name` maps to; other words stay text. */
function withLinks(text: string, targets: Record<string, string>): ReactElement {
  const pieces: (string | ReactElement)[] = [];
  let last = 0;
  for (const match of text.matchAll(TAGGED)) {
    pieces.push(text.slice(last, match.index));
    const target = targets[match[1]!];
    pieces.push(
      target ? (
        <Link key={match.index} to={target} className={link}>
          {match[2]}
        </Link>
      ) : (
        match[2]!
      ),
    );
    last = match.index! + match[0].length;
  }
  pieces.push(text.slice(last));
  return <Fragment>{pieces}</Fragment>;
}
