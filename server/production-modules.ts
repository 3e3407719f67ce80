// React Router publishes a development and a production build side by side
// (dist/development, dist/production), but its package exports name only the development one
// for Node: no "production" condition picks the other. The development build checks and warns
// as it renders; a CPU profile of a signed-in /deals put react-router first at 18 % of the
// worker's time (decision record 016). This resolve hook, registered before the worker loads
// any app code, sends every import of react-router's development files to the same file of its
// production build. Both the worker and the server build import react-router by name, so both
// get the one production copy (two copies would mean two sets of React contexts).
import { register } from "node:module";

const HOOKS = `
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url.includes("/node_modules/react-router/dist/development/")) {
    return { ...resolved, url: resolved.url.replace("/dist/development/", "/dist/production/") };
  }
  return resolved;
}
`;

export function useProductionBuilds() {
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);
}
