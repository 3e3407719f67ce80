// A <details> popover (the phone menu, the user menu, the bell) opens without JavaScript; with it,
// React Router moves between pages without a new document, so an open <details> stayed open over
// the next page (the phone menu covered the sign-in form it had just led to). This closes it when
// the page changes: on any navigation, or (the bell, whose actions come back to the same page)
// only when the path does.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export function useClosedOnNavigation(on: "navigation" | "path" = "navigation") {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const trigger = on === "path" ? location.pathname : location.key;
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [trigger]);
  return ref;
}
