import { createContext, useContext } from "react";
import { Scripts, type ScriptsProps } from "react-router";

/**
 * React Router's scripts, or on the server, once a document of the same routes has been written,
 * a marker where the document's encoder puts what that document's `<Scripts>` wrote, with this
 * response's nonce (web/first-paint.server.ts, `routerScriptsKey`). `<Scripts>` builds the same
 * module imports, manifest patch and preload links for every page of a route set, 3-5 % of a
 * signed-in page's CPU (decision record 016, session 27). The browser always renders
 * `<Scripts>`: its elements carry suppressHydrationWarning, and the server's document had the
 * same bytes either way.
 */
const ScriptsKeptContext = createContext(false);
export const ScriptsKeptProvider = ScriptsKeptContext.Provider;

/** What the server renders in the scripts' place when it has them kept. No text a page shows can make it: React escapes `<` in text and attribute values. */
export const ROUTER_SCRIPTS_MARKER = '<template data-router-scripts=""></template>';

export function RouterScripts(props: ScriptsProps) {
  return useContext(ScriptsKeptContext) ? <template data-router-scripts="" /> : <Scripts {...props} />;
}
