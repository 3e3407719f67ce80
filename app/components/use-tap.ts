// The page view's tap token (root loader): an "add to cart" form carries it so that the same
// form sent twice (a second impatient tap, a page sent again without JavaScript) adds once
// (services/cart.server.ts, addToCart). Every action makes the root loader run again, so the
// next deliberate tap has a new token.
import { useRouteLoaderData } from "react-router";

/** The part of the root's data this reads (a component does not import a route module). */
type WithTap = { tap: string | null };

export function useTap(): string {
  return useRouteLoaderData<WithTap>("root")?.tap ?? "";
}
