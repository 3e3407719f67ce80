import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Page transitions fade and slide (spec): when a client-side navigation shows another page, the
 * main area comes in over 220 ms. Not on a document's first paint: on a slow phone that would
 * hide the content for the first frames (docs/decisions/017). Nothing for people who ask for
 * less motion. Put the ref on the <main>.
 */
export function usePageTransition<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (!element?.animate || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    element.animate([{ opacity: 0, translate: "0 0.5rem" }, { opacity: 1, translate: "0 0" }], { duration: 220, easing: "ease-out" });
  }, [pathname]);
  return ref;
}
