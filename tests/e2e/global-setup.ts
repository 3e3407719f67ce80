// Starts the production build (`node build/start.js`) on a free port with its own temporary
// database, exactly as a self-hoster runs it, and stops it after the run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { startMailCatcher } from "../support/mail-catcher";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(url: string, child: { exitCode: number | null }, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not become healthy in 60 s:\n${log()}`);
}

export default async function globalSetup() {
  const start = path.join(process.env.BUILD_DIR ?? "build", "start.js");
  if (!fs.existsSync(start)) throw new Error("No production build: run `npm run build` first.");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-e2e-"));
  // The server sends real mail to a real SMTP server; tests read it from this folder.
  const mailDir = path.join(dir, "mail");
  fs.mkdirSync(mailDir);
  let mailCount = 0;
  const mail = await startMailCatcher((message) => {
    for (const to of message.to) fs.writeFileSync(path.join(mailDir, `${to}-${++mailCount}.eml`), message.raw);
  });
  process.env.E2E_MAIL_DIR = mailDir;
  const port = await freePort();
  // localhost, not 127.0.0.1: browsers accept the Secure session cookie on http://localhost.
  const url = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, [start], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Mailed links point here (never at the request's Host header).
      APP_URL: url,
      HOST: "127.0.0.1",
      DATABASE_PATH: path.join(dir, "e2e.db"),
      SESSION_SECRET: "e2e-session-secret",
      ADMIN_SECRET: "e2e-admin-secret",
      // The specs sign in as the demo shopper, vendor and admin.
      DEMO_DATA: "1",
      // One address signs up every test's shoppers; the limits themselves are tested in vitest.
      RATE_LIMIT_SCALE: "100",
      SMTP_URL: mail.url,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  await waitForHealthy(url, child, () => output);
  process.env.E2E_BASE_URL = url;
  // Fixtures may reach into the same SQLite file (WAL allows it) to arrange what no screen
  // does yet, like marking an order fulfilled.
  process.env.E2E_DATABASE_PATH = path.join(dir, "e2e.db");

  return async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await mail.close();
    fs.rmSync(dir, { recursive: true, force: true });
    // Kept beside the run's traces: a 500 in a test is explained here.
    const outputDir = path.join("test-results", process.env.BUILD_DIR ?? "build");
    fs.mkdirSync(outputDir, { recursive: true });
    fs.writeFileSync(path.join(outputDir, "server.log"), output);
    if (/Error|error/.test(output) && process.env.E2E_SHOW_SERVER_LOG !== "0") {
      console.log(`Server output during the run:\n${output}`);
    }
  };
}
