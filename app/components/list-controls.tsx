// The admin lists' search box and pager (issue #17): a plain GET form and plain links, so both
// work without JavaScript; the state lives in the URL (app/domain/list-query.ts).
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "~/components/use-translation";
import { listHref, type ListPage } from "~/domain/list-query";
import { SearchIcon } from "./icons";

/**
 * The search form. `keep` are the list's other filters (kept as hidden fields, so a search does
 * not drop them); `children` are extra controls (a status select) placed before the button.
 */
export function ListSearch({
  id,
  path,
  q,
  placeholder,
  keep = {},
  children,
}: {
  id: string;
  path: string;
  q: string;
  placeholder: string;
  keep?: Record<string, string | null | undefined>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const filtered = q || Object.values(keep).some(Boolean);
  return (
    <Form method="get" action={path} role="search" aria-label={t("backOffice.list.searchLabel")} className="flex flex-wrap items-end gap-2" data-testid="list-search">
      {Object.entries(keep).map(([name, value]) => (value ? <input key={name} type="hidden" name={name} value={value} /> : null))}
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">{t("backOffice.list.searchLabel")}</label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
          <input id={id} type="search" name="q" defaultValue={q} key={q} placeholder={placeholder} dir="auto" className="w-full rounded-lg border border-line bg-surface py-2 ps-9 pe-3" />
        </div>
      </div>
      {children}
      <button type="submit" className="rounded-lg border border-line bg-surface px-4 py-2 font-semibold hover:bg-muted">{t("backOffice.list.search")}</button>
      {filtered ? (
        <Link to={path} className="rounded-lg px-3 py-2 font-semibold text-fg-muted underline hover:text-fg">{t("backOffice.list.clear")}</Link>
      ) : null}
    </Form>
  );
}

/** "Showing 21–40 of 44" and the previous/next links, with the list's other values kept. */
export function Pager({ path, paging, keep = {}, label }: { path: string; paging: ListPage; keep?: Record<string, string | null | undefined>; label: string }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  const link = "rounded-lg border border-line px-3 py-1.5 font-semibold hover:bg-muted";
  // An empty list already says so in its own empty state: a second "nothing to show" under it
  // only repeats it (#45).
  if (paging.total === 0) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="pager">
      <p className="text-fg-muted" data-testid="pager-status">
        {paging.from === 0
          ? t("backOffice.list.pastEnd", { pages: n(paging.pageCount) })
          : t("backOffice.list.showing", { from: n(paging.from), to: n(paging.to), total: n(paging.total) })}
      </p>
      {paging.pageCount > 1 || paging.page > 1 ? (
        <div className="flex items-center gap-2">
          {paging.page > 1 ? (
            <Link to={listHref(path, { ...keep, page: Math.min(paging.page - 1, paging.pageCount) })} rel="prev" className={link}>
              {t("backOffice.list.previous")}
            </Link>
          ) : null}
          <span aria-current="page">{t("backOffice.list.pageOf", { page: n(paging.page), pages: n(paging.pageCount) })}</span>
          {paging.page < paging.pageCount ? (
            <Link to={listHref(path, { ...keep, page: paging.page + 1 })} rel="next" className={link}>
              {t("backOffice.list.next")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
