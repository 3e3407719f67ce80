import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one file the browser keeps (5 kB gzip), not "lazy" discovery:
  // after every page a script loads, lazy discovery asks /__manifest for each path the page links
  // to, and React Router matches each against all its routes (9 ms of a worker for /deals' 45
  // links, as much as the page itself). Decision record 016.
  routeDiscovery: { mode: "initial" },
  // BUILD_DIR lets two builds (two people testing side by side) live in one checkout.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    // We stay on 7.18 (React Router 8 needs Node 22.22+) with the v8 behaviour switched on,
    // so the upgrade is a version bump. See docs/decisions/001-react-router-7-18.md.
    v8_middleware: true,
    v8_splitRouteModules: true,
    // The request as it came, not two copies a loader call (stripIndexParam, stripRoutesParam:
    // about 4 % of a signed-in page's CPU, decision record 016). A data request's URL then keeps
    // its ".data" and "_routes": loaders, actions and middleware read the `url` argument, which
    // has neither, never request.url.
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
