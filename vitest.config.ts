import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    pool: "forks",
    env: { SESSION_SECRET: "vitest-session-secret" },
    // The production build loads natively (not through Vite), like `node build/start.js` does,
    // so it shares one copy of react-router with @react-router/node.
    server: { deps: { external: [/\/build[^/]*\/server\//] } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
