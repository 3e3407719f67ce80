// Compiles server.ts to build/start.js. Not bundled: its few imports load from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: `${process.env.BUILD_DIR ?? "build"}/start.js`,
  platform: "node",
  format: "esm",
  target: "node20",
  bundle: false,
  logLevel: "warning",
});
