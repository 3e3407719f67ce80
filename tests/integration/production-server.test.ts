// The production server itself (server.ts): compressed answers and the guest page cache, over
// real HTTP against `node build/start.js` on its own database.
import Database from "better-sqlite3";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weighPage } from "../../bench/weight.mjs";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
let child: ChildProcess;
let port = 0;
let dir = "";
/** What the server has written to stdout and stderr so far. */
let output = "";

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function raw(pathname: string, headers: Record<string, string> = {}, method = "GET", body?: string, agent?: http.Agent): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: pathname, method, headers, ...(agent ? { agent } : {}) }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-server-"));
  port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  child = spawn(process.execPath, [path.join(buildDir, "start.js")], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: path.join(dir, "shuk.db"), SESSION_SECRET: "server-test", INSECURE_COOKIES: "1", DEMO_DATA: "1" },
    stdio: "pipe",
  });
  child.stdout?.on("data", (c) => (output += c));
  child.stderr?.on("data", (c) => (output += c));
  for (let i = 0; i < 300; i++) {
    const health = await raw("/healthz").catch(() => undefined);
    if (health?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output}`);
});

afterAll(async () => {
  child?.kill("SIGTERM");
  if (child && child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("compression", () => {
  it("sends pages in brotli or gzip when asked, the same page once unpacked", async () => {
    const plain = await raw("/deals");
    const br = await raw("/deals", { "Accept-Encoding": "gzip, br" });
    const gz = await raw("/deals", { "Accept-Encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.headers.vary).toContain("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    // A guest's three requests inside the cache's lifetime are one render.
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
  });

  it("sends a rendered page whole, with its length, plain or compressed", async () => {
    const login = await raw("/login", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, "POST", "intent=password&email=demo%40shuk.example&password=shuk-demo-2026&redirectTo=%2Fdeals");
    const session = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(session).toContain("session");
    // Signed in, every request is rendered; a guest's first request too; a missing page as well.
    for (const [pathname, cookie] of [["/deals", session], ["/orders", session], ["/terms", ""], ["/no-such-page", session]]) {
      for (const encoding of ["", "gzip", "br"]) {
        const answer = await raw(pathname, { ...(cookie ? { Cookie: cookie } : {}), ...(encoding ? { "Accept-Encoding": encoding } : {}) });
        expect({ pathname, encoding, type: answer.headers["content-type"] }).toEqual({ pathname, encoding, type: "text/html; charset=utf-8" });
        expect({ pathname, encoding, chunked: answer.headers["transfer-encoding"] }).toEqual({ pathname, encoding, chunked: undefined });
        expect({ pathname, encoding, length: Number(answer.headers["content-length"]) }).toEqual({ pathname, encoding, length: answer.body.length });
      }
    }
  });

  it("compresses a page more lightly while other pages wait their turn to render", async () => {
    const login = await raw("/login", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, "POST", "intent=password&email=demo%40shuk.example&password=shuk-demo-2026&redirectTo=%2Fdeals");
    const headers = { Cookie: (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "), "Accept-Encoding": "br" };
    const alone = await raw("/deals", headers);
    // Forty at once: every worker has a queue, and the pages rendered while it is not empty are
    // compressed at the fastest level, which leaves them larger.
    const crowd = await Promise.all(Array.from({ length: 40 }, () => raw("/deals", headers)));
    const sizes = crowd.map((answer) => answer.body.length);
    for (const answer of crowd) {
      expect(answer.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(answer.body).toString()).toContain("</html>");
    }
    expect(Math.max(...sizes)).toBeGreaterThan(alone.body.length * 1.05);
  });

  it("serves scripts precompressed by the build", async () => {
    const html = (await raw("/")).body.toString();
    // A script the page loads: in a src or href, or in the list the first-paint starter adds
    // after the first frame (app/web/first-paint.server.ts).
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await raw(script!);
    const br = await raw(script!, { "Accept-Encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("compresses SVG illustrations but sends raster pictures as they are", async () => {
    const svg = await raw("/images/produce/alfalfa-sprouts.svg", { "Accept-Encoding": "br" });
    expect(svg.status).toBe(200);
    expect(svg.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(svg.body).toString()).toContain("<svg");

    // A vendor's uploaded picture (already compressed by its format): no Content-Encoding.
    const picture = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * 1024, 1)]);
    const name = `${"ab".repeat(16)}.jpg`;
    const database = new Database(path.join(dir, "shuk.db"));
    database.pragma("busy_timeout = 5000");
    database.prepare("insert into deal_pictures (hash, width, content_type, bytes) values (?, 0, 'image/jpeg', ?)").run("ab".repeat(16), picture);
    database.close();
    const jpeg = await raw(`/uploads/deals/${name}`, { "Accept-Encoding": "br, gzip" });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    expect(jpeg.headers["content-encoding"]).toBeUndefined();
    expect(jpeg.body.equals(picture)).toBe(true);
  });
});

describe("the rendered document", () => {
  it("writes the loader data the browser hydrates from whole into the document, then closes it", async () => {
    // React Router streams its data into the document in one or more enqueues, then closes it,
    // all inside the body: the whole document is sent once it is all ready (entry.server.tsx).
    const login = await raw("/login", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, "POST", "intent=password&email=demo%40shuk.example&password=shuk-demo-2026&redirectTo=%2Fdeals");
    const session = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    for (const [pathname, cookie, routeId, status] of [
      ["/deals", session, "routes/deals", 200],
      ["/cart", session, "routes/cart", 200],
      ["/deals?category=fruits", "", "routes/deals", 200],
      ["/no-such-page", session, "routes/not-found", 404],
    ] as const) {
      const answer = await raw(pathname, cookie ? { Cookie: cookie } : {});
      const html = answer.body.toString("utf8");
      expect({ pathname, status: answer.status }).toEqual({ pathname, status });
      const enqueues = [...html.matchAll(/<script nonce="[^"]+">window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)];
      expect({ pathname, enqueued: enqueues.length > 0 }).toEqual({ pathname, enqueued: true });
      const close = html.indexOf("window.__reactRouterContext.streamController.close();</script>");
      expect(close).toBeGreaterThan(enqueues.at(-1)!.index!);
      expect(close).toBeLessThan(html.indexOf("</body>"));
      // The text is turbo-stream's: the route ids and, signed in, who is signed in.
      const text = enqueues.map((enqueue) => JSON.parse(enqueue[1]!) as string).join("");
      const data = JSON.parse(text.split("\n")[0]!) as unknown[];
      expect(data).toContain("root");
      expect(data).toContain(routeId);
      const namesTheShopper = data.some((value) => typeof value === "string" && value.includes("demo@shuk.example"));
      expect({ pathname, namesTheShopper }).toEqual({ pathname, namesTheShopper: Boolean(cookie) });
    }
  });
});

  it("writes no error to the log for a shopper who leaves while her page is made", async () => {
    const login = await raw("/login", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, "POST", "intent=password&email=demo%40shuk.example&password=shuk-demo-2026&redirectTo=%2Fdeals");
    const session = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    const before = output.length;
    // Each request is cut a little later than the last, so some leave before the loaders, some
    // during them and some during the render.
    for (let i = 0; i < 30; i++) {
      await new Promise<void>((resolve) => {
        const request = http.get({ host: "127.0.0.1", port, path: `/deals?page=${(i % 3) + 1}`, headers: { Cookie: session } }, (response) => {
          response.resume();
          response.on("end", resolve);
          response.on("error", () => resolve());
        });
        request.on("error", () => resolve());
        setTimeout(() => {
          request.destroy();
          resolve();
        }, i * 0.4);
      });
    }
    // The server still answers, and has said nothing of the ones who left.
    expect((await raw("/deals", { Cookie: session })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(output.slice(before)).not.toMatch(/error/i);
  });

describe("the guest page cache", () => {
  it("gives guests one render of a page until a write happens", async () => {
    // The guest cache is each worker's own: one kept-alive connection, so one worker, for all
    // three pages and the write (on separate connections the supervisor hands them out in turn).
    const oneWorker = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const guest = (pathname: string) => raw(pathname, {}, "GET", undefined, oneWorker);
    const first = (await guest("/deals")).body.toString();
    const second = (await guest("/deals")).body.toString();
    expect(nonceOf(first)).toBeDefined();
    expect(nonceOf(second)).toBe(nonceOf(first));

    // A write anywhere (here a theme change) empties the cache: the next page is new.
    const write = await raw("/theme", { "Content-Type": "application/x-www-form-urlencoded" }, "POST", "theme=dark&redirectTo=/", oneWorker);
    expect(write.status).toBeLessThan(500);
    const third = (await guest("/deals")).body.toString();
    expect(nonceOf(third)).not.toBe(nonceOf(first));
    oneWorker.destroy();
  });

  it("keeps language apart and never serves a cached page to a signed-in person", async () => {
    const hebrew = (await raw("/deals")).body.toString();
    // The language cookie as React Router writes it: base64 of the JSON string.
    const english = (await raw("/deals", { Cookie: `lng=${encodeURIComponent(btoa(JSON.stringify("en")))}` })).body.toString();
    expect(hebrew).toContain('lang="he"');
    expect(english).toContain('lang="en"');

    const login = await raw("/login", { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, "POST", "intent=password&email=demo%40shuk.example&password=shuk-demo-2026&redirectTo=%2Fdeals");
    const session = (login.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(session).toContain("session");
    const a = (await raw("/deals", { Cookie: session })).body.toString();
    const b = (await raw("/deals", { Cookie: session })).body.toString();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
  });

  it("does not cache the health check", async () => {
    const a = await raw("/healthz");
    expect(a.status).toBe(200);
    expect(a.headers["cache-control"]).toBe("no-store");
  });
});

describe("kept-alive connections", () => {
  it("stay open longer than Node's default 5 s, so a client or proxy reusing one is not reset", async () => {
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    const ask = async () => {
      const answersBefore = received.split("HTTP/1.1 ").length;
      socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
      await expect.poll(() => received.split("HTTP/1.1 ").length, { timeout: 5_000 }).toBe(answersBefore + 1);
    };
    try {
      await ask();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(socket.destroyed).toBe(false);
      await ask();
      expect(received.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    } finally {
      socket.destroy();
    }
  }, 20_000);
});

// The budgets that bytes decide (DESIGN.md "Budgets"; timings live in bench/, never here).
describe("page weight", () => {
  it("keeps the JavaScript a first visit to /deals loads within 140 kB gzip", async () => {
    const weight = await weighPage(`http://127.0.0.1:${port}`, "/deals");
    expect(weight.js.files).toBeGreaterThan(0);
    expect(weight.js.gzip).toBeLessThanOrEqual(140_000);
  });

  it("ships no script at all on the terms, privacy and about pages", async () => {
    for (const path of ["/terms", "/privacy", "/about"]) {
      const weight = await weighPage(`http://127.0.0.1:${port}`, path);
      expect(weight.js.files, path).toBe(0);
      expect((await raw(path)).body.toString(), path).not.toContain("<script");
    }
  });
});
