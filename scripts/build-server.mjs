// Compiles the production server: server/start.ts (the supervisor) to build/start.js and
// server.ts (one worker, with its server/ modules) to build/worker.js; packages stay imports
// from node_modules. Then writes a brotli and a gzip copy beside every text file of build/client,
// once, at the best (slow) settings, for server.ts to send to browsers that take them.
import { build } from "esbuild";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const buildDir = process.env.BUILD_DIR ?? "build";

const serverOptions = { platform: "node", format: "esm", target: "node20", bundle: true, packages: "external", logLevel: "warning" };
await build({ ...serverOptions, entryPoints: ["server.ts"], outfile: `${buildDir}/worker.js` });
// The supervisor imports the worker only in worker processes, by name: a separate file.
await build({ ...serverOptions, entryPoints: ["server/start.ts"], outfile: `${buildDir}/start.js` });

const TEXT_FILES = /\.(js|css|svg|json|txt|webmanifest|map)$/;
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

let count = 0;
for (const file of filesUnder(path.join(buildDir, "client"))) {
  if (!TEXT_FILES.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.byteLength < MIN_BYTES) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files in ${buildDir}/client`);
