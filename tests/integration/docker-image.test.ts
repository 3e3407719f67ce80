// No Docker engine runs on our machines, so this checks what it can of the image: the run
// stage's files (read from the Dockerfile's COPY lines) are enough to start the server, and
// everything the build imports is a production dependency (the image prunes the rest).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { builtinModules } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "~/demo/seed.server";

const dockerfile = fs.readFileSync("Dockerfile", "utf8");
const runStage = dockerfile.slice(dockerfile.indexOf("AS run"));
const copied = [...runStage.matchAll(/^COPY --from=build \S+ \/app\/(\S+) \.\/(\S+)$/gm)].map((m) => m[1]);
const buildDir = process.env.BUILD_DIR ?? "build";
const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8"));

function packageNameOf(specifier: string) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

function bareImportsOf(file: string): string[] {
  const code = fs.readFileSync(file, "utf8");
  const found = [...code.matchAll(/(?<![\w$.])(?:from\s+|import\s*\(\s*|import\s+)["']([^"'./][^"']*)["']/g)].map((m) => m[1]);
  return [...new Set(found.map(packageNameOf))];
}

describe("the Docker image's run stage", () => {
  let dir: string | undefined;
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("copies the build, the migrations, the dependencies (Litestream's binary among them), package.json and the backup and restore scripts", () => {
    expect(copied.sort()).toEqual(["build", "drizzle", "node_modules", "package.json", "scripts/db-backup.mjs", "scripts/db-restore.mjs"]);
    // REPLICA_URL runs the binary @flydotio/litestream brings (server/litestream.ts): a production dependency, kept by `npm prune --omit=dev`.
    expect(packageJson.dependencies).toHaveProperty("@flydotio/litestream");
    expect(runStage).toMatch(/^USER node$/m);
    expect(runStage).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runStage).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(dockerfile).toMatch(/^FROM node:22-bookworm-slim AS build$/m);
    // A production database never gets the demo data (its admin password is public).
    expect(dockerfile).not.toContain("DEMO_DATA");
  });

  it("needs only production dependencies at run time", () => {
    const imports = [...bareImportsOf(`${buildDir}/start.js`), ...bareImportsOf(`${buildDir}/server/index.js`)];
    const builtins = new Set(builtinModules);
    const external = imports.filter((name) => !name.startsWith("node:") && !builtins.has(name));
    expect(external.length).toBeGreaterThan(5);
    for (const name of external) {
      expect(packageJson.dependencies, `${name} is imported by the build`).toHaveProperty(name);
    }
  });

  it("starts from exactly those files on an empty database, with no demo data, and answers its pages", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-image-"));
    for (const entry of copied) {
      if (entry === "node_modules") fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
      else if (entry === "build") fs.cpSync(buildDir, path.join(dir, entry), { recursive: true });
      else {
        fs.mkdirSync(path.dirname(path.join(dir, entry)), { recursive: true });
        fs.cpSync(entry, path.join(dir, entry), { recursive: true });
      }
    }
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const child = spawn(process.execPath, ["build/start.js"], {
      cwd: dir,
      // As the image runs: no DEMO_DATA, no ADMIN_SECRET (the first admin comes from the setup link).
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: path.join(dir, "data", "shuk.db"), SESSION_SECRET: "", DEMO_DATA: "", ADMIN_SECRET: "" },
      stdio: "pipe",
    });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    try {
      let health: Response | undefined;
      for (let i = 0; i < 150 && !health?.ok; i++) {
        await new Promise((r) => setTimeout(r, 200));
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      }
      expect(health?.status, output).toBe(200);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      const homeHtml = await home.text();
      expect(homeHtml).toContain('dir="rtl"');
      expect(homeHtml).toContain('data-testid="hot-vegetables-empty"');
      const deals = await fetch(`http://127.0.0.1:${port}/deals`);
      expect(deals.status).toBe(200);
      expect(await deals.text()).toContain('data-testid="deals-none-yet"');
      const signup = await fetch(`http://127.0.0.1:${port}/signup`);
      expect(signup.status).toBe(200);
      expect(await signup.text()).toContain('data-testid="signup-no-communities"');
      expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(200);
      // No demo accounts: the demo admin's public password opens nothing.
      const demoLogin = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
      });
      expect(demoLogin.status).toBe(401);

      // The server's own scheduled backup (no replica configured): one at start, by the script
      // the image copies.
      const backups = path.join(dir, "data", "backups");
      for (let i = 0; i < 50 && !(fs.existsSync(backups) && fs.readdirSync(backups).some((name) => name.endsWith(".db"))); i++) await new Promise((r) => setTimeout(r, 200));
      expect(fs.readdirSync(backups), output).toHaveLength(1);

      // `npm run db:backup` in the container: from the copied files, beside the live database.
      const backup = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const run = spawn(process.execPath, ["scripts/db-backup.mjs"], { cwd: dir, env: { ...process.env, DATABASE_PATH: path.join(dir!, "data", "shuk.db") }, stdio: "pipe" });
        let out = "";
        run.stdout.on("data", (c) => (out += c));
        run.stderr.on("data", (c) => (out += c));
        run.once("close", (code) => resolve({ code, out }));
      });
      expect(backup.code, backup.out).toBe(0);
      expect(fs.readdirSync(backups)).toHaveLength(2);
      // With no SESSION_SECRET, one is made and kept beside the database.
      expect(fs.existsSync(path.join(dir, "data", "session-secret"))).toBe(true);
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    expect(output).toContain("SIGTERM");
    expect(output).not.toMatch(/error/i);
  });
});
