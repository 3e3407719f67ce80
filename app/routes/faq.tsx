import { useTranslation } from "~/components/use-translation";
import { Form, Link } from "react-router";
import { getLocale, getTranslate } from "~/web/language.server";
import { deliveryTextValues, FAQ_CATEGORIES, FAQ_ENTRIES, filterFaq, groupFaq, parseFaqCategory, type FaqCategory } from "~/domain/faq";
import { dbContext, userContext } from "~/context";
import { communityDelivery } from "~/services/communities.server";
import type { Route } from "./+types/faq";

export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, 100);
  const category = parseFaqCategory(params.get("category"));
  // The delivery answers speak of the viewer's community's own delivery (issue #45); a guest or
  // a member of none reads that each community decides.
  const values = deliveryTextValues(getLocale(context), communityDelivery(context.get(dbContext), context.get(userContext)?.communityId), t);
  // The search reads the texts people see, numbers filled in, in the page's language.
  const matches = filterFaq(FAQ_ENTRIES, { q, category }, (e) => `${t(e.question, values)} ${t(e.answer, values)}`);
  return {
    title: `${t("faq.title")} | ${t("app.name")}`,
    q,
    category,
    values,
    count: matches.length,
    groups: groupFaq(matches),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** /faq with this search and category; "all" is no category at all. */
function faqHref(q: string, category: FaqCategory | null) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  const search = params.toString();
  return search ? `/faq?${search}` : "/faq";
}

const chipClass = (active: boolean) =>
  `inline-block rounded-full border px-4 py-2 text-sm font-medium ${
    active ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-surface text-fg-muted hover:bg-muted hover:text-fg"
  }`;

export default function Faq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, category, values, count, groups } = loaderData;
  const chips: (FaqCategory | null)[] = [null, ...FAQ_CATEGORIES];

  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-extrabold">{t("faq.title")}</h1>
        <p className="mt-2 text-lg text-fg-muted">{t("faq.lead")}</p>
      </header>

      {/* A GET form: search and category live in the URL, with or without JavaScript. */}
      <Form method="get" action="/faq" role="search" aria-label={t("faq.searchLabel")} className="mt-8 flex gap-2">
        <label htmlFor="faq-q" className="sr-only">
          {t("faq.searchLabel")}
        </label>
        <input
          key={q}
          id="faq-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t("faq.searchPlaceholder")}
          className="min-w-0 flex-1 rounded-xl border border-line bg-surface px-4 py-3 text-base placeholder:text-fg-muted"
        />
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <button type="submit" className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          {t("faq.searchSubmit")}
        </button>
      </Form>

      <nav aria-label={t("faq.categoriesLabel")} className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {chips.map((chip) => (
            <li key={chip ?? "all"}>
              <Link
                to={faqHref(q, chip)}
                aria-current={chip === category ? "page" : undefined}
                className={chipClass(chip === category)}
                preventScrollReset
              >
                {t(`faq.categories.${chip ?? "all"}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <p className="mt-6 text-sm text-fg-muted" role="status">
        {t("faq.resultCount", { count })}
      </p>

      {groups.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-line bg-surface px-6 py-10 text-center">
          <h2 className="text-xl font-bold">{t("faq.noResults")}</h2>
          <p className="mt-2 text-fg-muted">{t("faq.noResultsText")}</p>
          <Link to="/faq" className="mt-5 inline-block rounded-xl border border-line px-5 py-2.5 font-semibold hover:bg-muted">
            {t("faq.clearSearch")}
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-8">
          {groups.map((group) => (
            <section key={group.category} aria-labelledby={`faq-${group.category}`} data-testid={`faq-group-${group.category}`}>
              <h2 id={`faq-${group.category}`} className="text-xl font-bold">
                {t(`faq.categories.${group.category}`)}
              </h2>
              <div className="mt-3 grid gap-2">
                {group.entries.map((entry) => (
                  // Same name on every item: the browser keeps one open at a time, no script needed.
                  <details key={entry.id} name="faq" className="group rounded-xl border border-line bg-surface open:shadow-sm">
                    <summary className="flex cursor-pointer items-center justify-between gap-3 px-5 py-4 font-semibold">
                      {t(entry.question, values)}
                      <span aria-hidden="true" className="text-xl leading-none text-fg-muted transition group-open:rotate-45">
                        +
                      </span>
                    </summary>
                    <p className="px-5 pb-5 leading-7 text-fg-muted">{t(entry.answer, values)}</p>
                  </details>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      <section className="mt-12 rounded-3xl bg-brand-50 px-6 py-10 text-center dark:bg-brand-800/40">
        <h2 className="text-2xl font-bold">{t("faq.ctaTitle")}</h2>
        <p className="mt-2 text-fg-muted">{t("faq.ctaText")}</p>
        <Link to="/contact" className="mt-6 inline-block rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">
          {t("faq.ctaButton")}
        </Link>
      </section>
    </div>
  );
}
