// A <details> popover (the phone menu, the user menu, the bell) opens without JavaScript; with it,
// React Router moves between pages without a new document, so an open <details> stayed open over
// the next page (the phone menu covered the sign-in form it had just led to). This closes it when
// the page changes: on any navigation, or (the bell, whose actions come back to the same page)
// only when the path does.
//
// Only a change closes it, not the first render: on a slow phone she can open the menu before the
// scripts have hydrated the page, and closing it on hydration took it away under her finger.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useClosedOnNavigation(on: "navigation" | "path" = "navigation") {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const trigger = on === "path" ? location.pathname : location.key;
  const shownFor = useRef(trigger);
  useEffect(() => {
    if (shownFor.current === trigger) return;
    shownFor.current = trigger;
    if (ref.current) ref.current.open = false;
  }, [trigger]);
  return ref;
}
