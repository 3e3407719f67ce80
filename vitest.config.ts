import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    pool: "forks",
    // DATABASE_PATH only places files the app keeps beside its database (outbox, secrets):
    // tests hand every request its own database.
    env: { SESSION_SECRET: "vitest-session-secret", ADMIN_SECRET: "test-admin-secret", DATABASE_PATH: path.join(os.tmpdir(), "shuk-vitest-default", "unused.db") },
    // The production build loads natively (not through Vite), like `node build/start.js` does,
    // so it shares one copy of react-router with @react-router/node.
    server: { deps: { external: [/\/build[^/]*\/server\//] } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
