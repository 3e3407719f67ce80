import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // better-sqlite3, argon2 and sharp are native: load them from node_modules at run time.
  ssr: { external: ["better-sqlite3", "@node-rs/argon2", "sharp"] },
  plugins: [tailwindcss(), reactRouter()],
});
