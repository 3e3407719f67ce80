import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path on this site ("/deals?page=2", "/#categories"). */
  to: string;
  /** As React Router's Link: keep the scroll position after the navigation. */
  preventScrollReset?: boolean;
  /** As React Router's Link: replace the history entry instead of pushing one. */
  replace?: boolean;
};

/**
 * A link for what every page renders (the header, the footer, the deals list and its cards):
 * a plain anchor that `useAppLinkNavigation` turns into a client navigation once the page has
 * hydrated. React Router's <Link> runs its hooks and resolves its path on the server for every
 * link of every page; the ~40 of a signed-in /deals were 3 % of its CPU (decision record 016).
 * `data-discover` lets React Router learn the target's route before the click, as Link does.
 * Where a link needs more than a path (state, relative paths, view transitions), use Link.
 */
export function AppLink({ to, preventScrollReset, replace, ...anchor }: AppLinkProps) {
  return (
    <a
      href={to}
      data-discover="true"
      data-app-link=""
      data-keep-scroll={preventScrollReset ? "" : undefined}
      data-replace={replace ? "" : undefined}
      {...anchor}
    />
  );
}

/** The root's one click handler for every AppLink on the page. */
export function useAppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function follow(event: MouseEvent) {
      // A new tab or window, a download, a handler that took the click: the browser's own way.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-app-link]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      event.preventDefault();
      void navigate(link.getAttribute("href")!, { preventScrollReset: link.hasAttribute("data-keep-scroll"), replace: link.hasAttribute("data-replace") });
    }
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
