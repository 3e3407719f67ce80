// The README's start commands, run exactly as written: from a copy of what a clone holds after
// `npm install && npm run build`, with no environment but PATH and HOME (vitest's secrets and
// NODE_ENV are not passed on). What a self-hoster gets must be the production server: the
// __Host- session cookie, Secure cookies, no demo accounts, and a way to make the first admin.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { rawRequest, type RawAnswer } from "../support/built-server";

const readme = fs.readFileSync("README.md", "utf8");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const FORM = "application/x-www-form-urlencoded";

/** What follows `npm install && npm run build && ` on the README's shell lines. */
function readmeStartCommands(): string[] {
  return [...readme.matchAll(/^npm install && npm run build && (.+)$/gm)].map((m) => m[1]!.trim());
}

interface Started {
  port: number;
  output(): string;
  request(pathname: string, init?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RawAnswer>;
}

let running: { child: ChildProcess; dir: string } | undefined;

afterEach(async () => {
  if (!running) return;
  const { child, dir } = running;
  running = undefined;
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // npm, the supervisor and its workers: the whole process group.
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** A clone after install and build, in a fresh folder; the command run there by the shell. */
async function startAsReadmeSays(command: string): Promise<Started> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-readme-"));
  fs.cpSync(buildDir, path.join(dir, "build"), { recursive: true });
  fs.cpSync("drizzle", path.join(dir, "drizzle"), { recursive: true });
  fs.cpSync("scripts", path.join(dir, "scripts"), { recursive: true });
  fs.copyFileSync("package.json", path.join(dir, "package.json"));
  fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
  // The README's port. Only when this machine already uses it do we name another, the one
  // variable the README's reader might set too.
  const port = (await portIsFree(3000)) ? 3000 : 3000 + 1 + Math.floor(Math.random() * 1000);
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME ?? os.homedir() };
  if (port !== 3000) env.PORT = String(port);
  const child = spawn("sh", ["-c", command], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  running = { child, dir };
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const started: Started = {
    port,
    output: () => output,
    // As a browser on this machine would ask: Host localhost.
    request: (pathname, init = {}) => rawRequest(port, pathname, { ...init, headers: { Host: `localhost:${port}`, ...init.headers } }),
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    if ((await started.request("/healthz").catch(() => undefined))?.status === 200) return started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`\`${command}\` did not start:\n${output}`);
}

const cookiesOf = (answer: RawAnswer) => ([] as string[]).concat(answer.headers["set-cookie"] ?? []);

async function passwordLogin(server: Started, email: string, password: string): Promise<RawAnswer> {
  return server.request("/login", {
    method: "POST",
    headers: { "Content-Type": FORM, Accept: "text/html" },
    body: new URLSearchParams({ intent: "password", email, password, redirectTo: "" }).toString(),
  });
}

describe("the README's start commands", () => {
  it("are the demo and the production server, after install and build", () => {
    expect(readmeStartCommands()).toEqual(["npm run demo", "npm start"]);
  });

  it("`npm start` is production: no demo admin, a one-time link for the first admin, __Host- and Secure cookies", async () => {
    const server = await startAsReadmeSays("npm start");
    expect(server.output()).toContain("NODE_ENV=production");
    expect(server.output()).toContain("APP_URL is not set");

    // The demo accounts do not exist on a database nobody asked demo data for.
    const demoAdmin = await server.request("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@shuk.example", password: "shuk-admin-2026" }) });
    expect(demoAdmin.status).toBe(401);
    expect((await passwordLogin(server, "admin@shuk.example", "shuk-admin-2026")).status).toBe(401);

    // The first admin comes from the link the server printed, on the address it said.
    const link = new RegExp(`http://localhost:${server.port}(/admin/create\\?setup=([\\w-]+))`).exec(server.output());
    expect(link, server.output()).not.toBeNull();
    expect((await server.request(link![1]!)).status).toBe(200);
    const password = "a-long-first-admin-password";
    const created = await server.request(link![1]!, {
      method: "POST",
      headers: { "Content-Type": FORM, Accept: "text/html", Origin: `http://localhost:${server.port}` },
      body: new URLSearchParams({ email: "owner@market.example", password, confirmPassword: password, secretCode: link![2]! }).toString(),
    });
    expect(created.status).toBe(302);

    const login = await passwordLogin(server, "owner@market.example", password);
    expect(login.status).toBe(302);
    const cookies = cookiesOf(login);
    expect(cookies.some((c) => /^__Host-shuk_session=[^;]+;.*Secure/i.test(c))).toBe(true);
    for (const cookie of [...cookies, ...cookiesOf(created)]) expect(cookie, cookie).toMatch(/; Secure/i);
    const session = cookies.map((c) => c.split(";")[0]).join("; ");
    const admin = await server.request("/admin", { headers: { Cookie: session, Accept: "text/html" } });
    expect(admin.status).toBe(200);
    expect(admin.headers["cache-control"]).toBe("private, no-store");
  });

  it("`npm run demo` is the same production server with the demo accounts", async () => {
    const server = await startAsReadmeSays("npm run demo");
    expect(server.output()).toContain("NODE_ENV=production");
    const login = await passwordLogin(server, "admin@shuk.example", "shuk-admin-2026");
    expect(login.status).toBe(302);
    expect(cookiesOf(login).some((c) => c.startsWith("__Host-shuk_session="))).toBe(true);
    // An admin exists, so no setup link is printed.
    expect(server.output()).not.toContain("/admin/create?setup=");
  });
});
