// The production server as its own process (`node build/start.js`, supervisor and workers), on a
// free loopback port and a database of its own: for tests of what only the real server does
// (its checks on methods, hosts and bodies; compression; the guest cache; start-up defaults).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in chunks without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

export interface BuiltServer {
  port: number;
  origin: string;
  /** The folder holding the server's database (and outbox, uploads, secrets). */
  dataDir: string;
  databasePath: string;
  /** Everything the server printed so far. */
  output(): string;
  /** A request with exactly these headers (fetch would add its own and refuse some methods). */
  raw(pathname: string, request?: RawRequest): Promise<RawAnswer>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function rawRequest(port: number, pathname: string, { method = "GET", headers = {}, body, chunked = false }: RawRequest = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, method, headers, setHost: !("Host" in headers) }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    let answered = false;
    request.on("response", () => (answered = true));
    // The server may answer (413) and close before the whole body is sent: the answer counts.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if ((error.code === "EPIPE" || error.code === "ECONNRESET") && !answered) setTimeout(() => answered || reject(error), 5_000);
      else if (!answered) reject(error);
    });
    if (body !== undefined && chunked) {
      const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
      let offset = 0;
      const writeMore = () => {
        // Once answered (a 413 mid-body), stop sending: writing on into the closed socket is an EPIPE.
        while (offset < bytes.length && !request.destroyed && !answered) {
          const piece = bytes.subarray(offset, offset + 64 * 1024);
          offset += piece.length;
          if (!request.write(piece)) return void request.once("drain", writeMore);
        }
        request.end();
      };
      writeMore();
    } else {
      request.end(body);
    }
  });
}

export interface StartOptions {
  cwd?: string;
  /** The command, when not `node <build>/start.js` (for example npm start). */
  command?: [string, ...string[]];
  /** Start from PATH and HOME alone instead of the test's environment (vitest sets secrets). */
  bareEnvironment?: boolean;
}

/**
 * Starts `node <buildDir>/start.js` with `env` on top of the test's environment, less its
 * NODE_ENV (vitest's "test"): the server decides that itself, as it does for a self-hoster.
 */
export async function startBuiltServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<BuiltServer> {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-built-"));
  const databasePath = path.join(dataDir, "shuk.db");
  const port = await freePort();
  const base: NodeJS.ProcessEnv = options.bareEnvironment ? { PATH: process.env.PATH, HOME: process.env.HOME } : { ...process.env };
  delete base.NODE_ENV;
  const [command, ...args] = options.command ?? [process.execPath, path.join(buildDir, "start.js")];
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...base, PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: databasePath, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const server: BuiltServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    databasePath,
    output: () => output,
    raw: (pathname, request) => rawRequest(port, pathname, request),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) break;
    const health = await server.raw("/healthz").catch(() => undefined);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`the server did not start:\n${output}`);
}
