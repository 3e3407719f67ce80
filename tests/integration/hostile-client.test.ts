// The production server against a hostile client (issue #12): odd methods, forged hosts and
// targets, oversized bodies with and without a length (uploads included), broken forms and
// cross-site posts. After each: the right answer, /healthz still answers, no worker died, and
// the database holds exactly what it held before.
import Database from "better-sqlite3";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { businessFingerprint } from "../support/fingerprint";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { loadServerBuild, routeFullPath } from "../support/server-build";
import { MAX_UPLOAD_BODY_BYTES } from "~/domain/image-upload";

let server: BuiltServer;
const PASSWORD_FORM = "application/x-www-form-urlencoded";

beforeAll(async () => {
  server = await startBuiltServer({ DEMO_DATA: "1", SESSION_SECRET: "hostile-client-test" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

afterEach(async () => {
  expect((await server.raw("/healthz")).status).toBe(200);
  // The supervisor logs every worker it has to start again: none may have died.
  expect(server.output()).not.toMatch(/stopped \(/);
});

const databaseFingerprint = () => businessFingerprint(server.databasePath);

async function unchanged(run: () => Promise<void>) {
  const before = databaseFingerprint();
  await run();
  expect(databaseFingerprint()).toBe(before);
}

async function cookieOf(email: string, password: string): Promise<string> {
  const login = await server.raw("/login", {
    method: "POST",
    headers: { "Content-Type": PASSWORD_FORM, Accept: "text/html" },
    body: new URLSearchParams({ intent: "password", email, password, redirectTo: "" }).toString(),
  });
  expect(login.status).toBe(302);
  const cookies = ([] as string[]).concat(login.headers["set-cookie"] ?? []);
  const session = cookies.map((c) => c.split(";")[0]).find((c) => c.startsWith("__Host-shuk_session="));
  expect(session, "the production server's session cookie").toBeDefined();
  return session!;
}

const DEMO = { email: "demo@shuk.example", password: "shuk-demo-2026" };
const VENDOR = { email: "vendor@shuk.example", password: "shuk-vendor-2026" };
const ADMIN = { email: "admin@shuk.example", password: "shuk-admin-2026" };

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = "----shuk-test-boundary";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`));
    parts.push(file.bytes, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

/** A JPEG-looking file bigger than every upload cap (six 12 MB pictures and the form). */
const HUGE_PICTURE = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(MAX_UPLOAD_BODY_BYTES + 1024 * 1024, 7)]);

describe("odd methods and targets", () => {
  it("answers TRACE with 405 and an Allow header, and methods we do not implement with 501", async () => {
    await unchanged(async () => {
      const trace = await server.raw("/", { method: "TRACE" });
      expect(trace.status).toBe(405);
      expect(trace.headers.allow).toContain("GET");
      for (const method of ["PROPFIND", "MKCOL", "LOCK", "PURGE"]) {
        expect((await server.raw("/api/cart", { method })).status, method).toBe(501);
      }
    });
  });

  it("refuses a method name Node's parser does not know and a broken request line with 400", async () => {
    for (const head of ["BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "GET /\x01 HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost 127.0.0.1\r\n\r\n"]) {
      const answer = await rawSocket(head);
      expect(answer.split("\r\n")[0], JSON.stringify(head)).toBe("HTTP/1.1 400 Bad Request");
    }
  });

  it("refuses an absolute-form target, which would let the client pick the host the app sees", async () => {
    const answer = await server.raw("http://evil.example/deals");
    expect(answer.status).toBe(400);
  });

  it("refuses over-long paths with 414 at once, by bytes and by segments, while a normal visitor is served", async () => {
    // 7,000 segments in 14 kB: React Router would try every parent path of it.
    const manySegments = "/x".repeat(7_000);
    const manyBytes = `/deals/${"a".repeat(3_000)}`;
    const fewLong = `/${Array.from({ length: 40 }, () => "ab").join("/")}`;
    await unchanged(async () => {
      const answers = await Promise.all([manySegments, manySegments, manySegments, manySegments, manyBytes, fewLong].map((target) => server.raw(target)));
      for (const answer of answers) expect(answer.status).toBe(414);
      const page = await server.raw("/deals");
      expect(page.status).toBe(200);
      // A long query string is not a long path: a search stays answered.
      expect((await server.raw(`/deals?q=${encodeURIComponent("ע".repeat(300))}`)).status).toBe(200);
      const json = await server.raw(manySegments.replace("/x", "/api"), { headers: { Accept: "application/json" } });
      expect(json.status).toBe(414);
      expect(JSON.parse(json.body.toString()).message).toBeTruthy();
    });
  });
});

describe("the Host header", () => {
  it("refuses a forged Host with 421 before the app sees it: no reset link is mailed to it", async () => {
    // Unchanged includes the outbox table: no mail is queued.
    await unchanged(async () => {
      expect((await server.raw("/", { headers: { Host: "evil.example" } })).status).toBe(421);
      const reset = await server.raw("/forgot-password", {
        method: "POST",
        headers: { Host: "evil.example", "Content-Type": PASSWORD_FORM },
        body: `email=${encodeURIComponent(DEMO.email)}`,
      });
      expect(reset.status).toBe(421);
      expect((await server.raw("/api/auth/magic-link", { method: "POST", headers: { Host: "evil.example", "Content-Type": "application/json" }, body: JSON.stringify({ email: DEMO.email }) })).status).toBe(421);
    });
  });

  it("refuses with 400 any Host that is not a bare host[:port] as the URL parser reads it", async () => {
    const hostile = [
      "localhost:1@evil.com",
      "user:secret@localhost",
      "localhost/evil",
      "localhost?x=1",
      "localhost#frag",
      "local host",
      "localhost:99999",
      "localhost:",
      "localhost:80:80",
      "127.1",
      "[::1",
      "evil.example\\@localhost",
      "",
    ];
    await unchanged(async () => {
      for (const host of hostile) {
        for (const [method, body] of [["GET", undefined], ["POST", "message=x"]] as const) {
          const answer = await server.raw("/contact", { method, headers: { Host: host, Accept: "text/html", "Content-Type": PASSWORD_FORM }, body });
          expect(answer.status, `${method} Host: ${JSON.stringify(host)}`).toBe(400);
          expect(answer.body.toString()).not.toMatch(/\bat .*\(|TypeError/);
        }
      }
    });
    expect(server.output()).not.toContain("Request cannot be constructed");
  });

  it("answers the loopback names whatever the port", async () => {
    expect((await server.raw("/healthz", { headers: { Host: "localhost:8080" } })).status).toBe(200);
    expect((await server.raw("/healthz", { headers: { Host: "[::1]" } })).status).toBe(200);
  });
});

describe("request bodies", () => {
  it("refuses a declared length over 1 MB at once with 413, on pages and the API", async () => {
    const cookie = await cookieOf(DEMO.email, DEMO.password);
    const big = "x".repeat(2 * 1024 * 1024);
    await unchanged(async () => {
      const cart = await server.raw("/api/cart", { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify({ dealId: big, quantity: 1 }) });
      expect(cart.status).toBe(413);
      expect(JSON.parse(cart.body.toString()).message).toBeTruthy();
      const contact = await server.raw("/contact", { method: "POST", headers: { "Content-Type": PASSWORD_FORM, Accept: "text/html" }, body: `message=${big}` });
      expect(contact.status).toBe(413);
      expect(contact.headers["content-type"]).toContain("text/html");
    });
  });

  it("cuts off a body without a length at the cap with 413, the same for five at once", async () => {
    const big = JSON.stringify({ email: DEMO.email, password: "p".repeat(3 * 1024 * 1024) });
    await unchanged(async () => {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => server.raw("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: big, chunked: true })),
      );
      for (const answer of answers) expect(answer.status).toBe(413);
    });
  });

  it("refuses uploads over their own cap, with and without a length, on every upload route", async () => {
    const vendor = await cookieOf(VENDOR.email, VENDOR.password);
    const admin = await cookieOf(ADMIN.email, ADMIN.password);
    const { dealId, vendorToken } = await vendorDealAndToken();
    const form = multipart({ title: "עגבניות", intent: "save" }, { name: "images", bytes: HUGE_PICTURE });
    const routes: [string, string][] = [
      ["/vendor/new-deal", vendor],
      [`/vendor/deals/${dealId}/edit`, vendor],
      [`/admin/deals/${dealId}/edit`, admin],
    ];
    await unchanged(async () => {
      for (const [route, cookie] of routes) {
        for (const chunked of [true, false]) {
          const answer = await server.raw(route, { method: "POST", headers: { Cookie: cookie, "Content-Type": form.contentType, Accept: "text/html" }, body: form.body, chunked });
          expect(answer.status, `${route} chunked=${chunked}`).toBe(413);
        }
      }
      for (const chunked of [true, false]) {
        const api = await server.raw(`/api/vendor/deals/${dealId}/images`, { method: "POST", headers: { Authorization: `Bearer ${vendorToken}`, "Content-Type": form.contentType }, body: form.body, chunked });
        expect(api.status, `api chunked=${chunked}`).toBe(413);
      }
    });
    // Eight sends of a body over 72 MB (six camera photos): more than the default 20 s on a busy machine.
  }, 120_000);

  it("stops reading a body that never ends once it has answered, instead of reading it until the timeout", async () => {
    const connection = openConnection("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n");
    const drip = setInterval(() => connection.socket.writable && connection.socket.write("400\r\n" + "x".repeat(1024) + "\r\n"), 50);
    const closedAfter = await connection.closedAfter(10_000);
    clearInterval(drip);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedAfter, "the server closed the connection").toBeGreaterThan(0);
    expect(closedAfter).toBeLessThan(6_000);
  });

  it("drops a client that never finishes its headers (slowloris) within a minute, with 400", async () => {
    // server.ts gives headers 20 s (headersTimeout); Node checks the deadline every 30 s.
    const connection = openConnection("GET /faq HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n");
    const closedAfter = await connection.closedAfter(60_000);
    expect(closedAfter, "the server closed the connection").toBeGreaterThan(19_000);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 400/);
  }, 70_000);

  it("answers a broken multipart or non-form body to a page action with 400", async () => {
    const cookie = await cookieOf(DEMO.email, DEMO.password);
    const broken = "--abc\r\nContent-Disposition: form-data; name=\"message\"\r\n\r\nno closing boundary";
    await unchanged(async () => {
      for (const route of ["/contact", "/cart", "/profile/edit", "/settings"]) {
        const answer = await server.raw(route, { method: "POST", headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=abc", Accept: "text/html" }, body: broken });
        expect(answer.status, route).toBe(400);
        const json = await server.raw(route, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: "{}" });
        expect(json.status, `${route} JSON`).toBe(400);
      }
    });
  });
});

describe("the client's address behind a proxy", () => {
  it("counts a client that rotates X-Forwarded-For as the one address its proxy appended: 429 all the same", async () => {
    // As behind nginx (TRUST_PROXY=1): the test plays the client, who writes a new address on
    // every try, and the proxy, which appends the address it saw.
    const proxied = await startBuiltServer({ TRUST_PROXY: "1", SESSION_SECRET: "hostile-client-proxy" });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const answer = await proxied.raw("/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": `6.6.${i}.${i}, 198.51.100.7` },
          body: JSON.stringify({ email: `nobody-${i}@example.com`, password: "wrong-password-1" }),
        });
        statuses.push(answer.status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
      // Another client behind the same proxy is not blocked by the first one's tries.
      const other = await proxied.raw("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.8" },
        body: JSON.stringify({ email: "nobody-else@example.com", password: "wrong-password-1" }),
      });
      expect(other.status).toBe(401);
    } finally {
      await proxied.stop();
    }
  }, 90_000);
});

describe("the origin rule", () => {
  it("refuses cross-site posts with no Origin and posts from a foreign Origin, pages and API alike", async () => {
    const cookie = await cookieOf(DEMO.email, DEMO.password);
    const admin = await cookieOf(ADMIN.email, ADMIN.password);
    const cycleId = openCycleId();
    const attempts: [string, string, string][] = [
      ["/settings", cookie, "language=en&emailNotifications=on"],
      ["/profile/edit", cookie, "firstName=Mallory&lastName=Evil"],
      ["/checkout", cookie, "deliveryMethod=pickup"],
      [`/admin/cycles/${cycleId}`, admin, "intent=fulfil"],
    ];
    await unchanged(async () => {
      for (const [route, session, body] of attempts) {
        for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }]) {
          const answer = await server.raw(route, { method: "POST", headers: { Cookie: session, "Content-Type": PASSWORD_FORM, Accept: "text/html", ...headers }, body });
          expect(answer.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
        }
        // A page action with a foreign Origin meets React Router's own check first, which answers 400.
        for (const origin of ["https://evil.example", "null"]) {
          const answer = await server.raw(route, { method: "POST", headers: { Cookie: session, "Content-Type": PASSWORD_FORM, Accept: "text/html", Origin: origin }, body });
          expect([400, 403], `${route} Origin ${origin}`).toContain(answer.status);
        }
      }
      for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { Origin: "https://evil.example" }] as Record<string, string>[]) {
        const api = await server.raw("/api/user/settings", { method: "PUT", headers: { Cookie: cookie, "Content-Type": "application/json", ...headers }, body: JSON.stringify({ language: "en" }) });
        expect(api.status).toBe(403);
        expect(JSON.parse(api.body.toString()).message).toBeTruthy();
      }
    });
    // Our own page's post still goes through.
    const own = await server.raw("/settings", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": PASSWORD_FORM, Accept: "text/html", Origin: server.origin, "Sec-Fetch-Site": "same-origin" },
      body: "language=he&emailNotifications=on",
    });
    expect(own.status).toBeLessThan(400);
  });
});

describe("the log of refused requests", () => {
  it("tells of 50 refusals in a few short lines without a stack", async () => {
    const cookie = await cookieOf(DEMO.email, DEMO.password);
    const before = server.output().length;
    const attempts: (() => Promise<number>)[] = [
      // An action-only /api route read with GET.
      async () => (await server.raw("/api/cart/clear", { headers: { Cookie: cookie, Accept: "application/json" } })).status,
      // A form post from another site's page.
      async () => (await server.raw("/contact", { method: "POST", headers: { Cookie: cookie, "Content-Type": PASSWORD_FORM, Accept: "text/html", Origin: "https://evil.example" }, body: "message=hello" })).status,
      // A Host with credentials in it.
      async () => (await server.raw("/", { headers: { Host: "localhost:1@evil.com" } })).status,
      // A host that is not ours.
      async () => (await server.raw("/", { headers: { Host: "evil.example" } })).status,
    ];
    await unchanged(async () => {
      for (let i = 0; i < 50; i++) {
        const status = await attempts[i % attempts.length]();
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }
    });
    const logged = server.output().slice(before);
    const lines = logged.split("\n").filter(Boolean);
    // Two workers, each at most 5 lines a minute per kind in each of its two logs (the server's
    // own checks and the app's): far fewer than one per request, and no stack at all.
    expect(lines.length).toBeLessThanOrEqual(30);
    expect(Buffer.byteLength(logged)).toBeLessThan(4_000);
    expect(logged).not.toMatch(/^\s+at /m);
    expect(logged).not.toContain("ErrorResponseImpl");
    expect(logged).toMatch(/^refused 4\d\d (GET|POST) \//m);
    for (const line of lines) expect(line.length, line).toBeLessThan(240);
  });
});

describe("files the server makes", () => {
  it("are its owner's alone: the database, its WAL, the outbox and its mails", async () => {
    // A mail, so the outbox exists (no SMTP_URL: mails are files).
    const asked = await server.raw("/api/auth/magic-link", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: DEMO.email }) });
    expect(asked.status).toBeLessThan(300);
    const outbox = path.join(server.dataDir, "outbox");
    // The outbox table sends it just after the answer.
    await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0), { timeout: 10_000 }).toBeGreaterThan(0);
    const modes: Record<string, string> = {};
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        modes[path.relative(server.dataDir, full)] = (fs.statSync(full).mode & 0o777).toString(8);
        if (entry.isDirectory()) walk(full);
      }
    };
    walk(server.dataDir);
    for (const name of ["shuk.db", "shuk.db-wal", "shuk.db-shm", "outbox"]) expect(modes[name], name).toBeDefined();
    for (const [name, mode] of Object.entries(modes)) expect({ name, mode }).toEqual({ name, mode: fs.statSync(path.join(server.dataDir, name)).isDirectory() ? "700" : "600" });
  });
});

describe("personal answers", () => {
  // Every GET route of the route table that needs no id, and a deal page: signed in, each
  // answer (page, redirect, refusal or JSON) is private and never stored.
  it("carry Cache-Control: private, no-store on every page and API read, for a shopper and an admin", async () => {
    const paths = [...(await routePaths()), `/deals/${firstDealSlug()}`];
    expect(paths.length).toBeGreaterThan(50);
    for (const person of [DEMO, ADMIN]) {
      const cookie = await cookieOf(person.email, person.password);
      for (const pathname of paths) {
        const answer = await server.raw(pathname, { headers: { Cookie: cookie, Accept: "text/html" } });
        expect(answer.status, pathname).toBeLessThan(500);
        expect(answer.headers["cache-control"], `${person.email} ${pathname}`).toBe("private, no-store");
      }
    }
    // About 110 requests one after another: seconds on a quiet machine, over 20 on a busy one.
  }, 120_000);

  it("leave a guest's public pages to the guest cache", async () => {
    const guest = await server.raw("/deals");
    expect(guest.headers["cache-control"] ?? "").not.toContain("no-store");
  });
});

/** The route table's GET paths without dynamic segments (sign-out and the OAuth hop left out). */
async function routePaths(): Promise<string[]> {
  const build = await loadServerBuild();
  const paths = Object.keys(build.routes).map((id) => `/${routeFullPath(build.routes, id)}`);
  return [...new Set(paths)].filter((p) => !p.includes(":") && !p.includes("*") && !["/logout", "/auth/magic", "/api/login", "/api/auth/logout"].includes(p));
}

function firstDealSlug(): string {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return db.prepare("select slug from deals where status = 'ACTIVE' limit 1").pluck().get() as string;
  } finally {
    db.close();
  }
}

function openCycleId(): string {
  const db = new Database(server.databasePath, { readonly: true });
  try {
    return db.prepare("select id from weekly_cycles where is_active = 1 limit 1").pluck().get() as string;
  } finally {
    db.close();
  }
}

async function vendorDealAndToken(): Promise<{ dealId: string; vendorToken: string }> {
  const login = await server.raw("/api/auth/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(VENDOR) });
  const vendorToken = JSON.parse(login.body.toString()).token as string;
  const db = new Database(server.databasePath, { readonly: true });
  try {
    const dealId = db
      .prepare("select deals.id from deals join vendors on vendors.id = deals.vendor_id join users on users.id = vendors.user_id where users.email = ? limit 1")
      .pluck()
      .get(VENDOR.email) as string;
    return { dealId, vendorToken };
  } finally {
    db.close();
  }
}

/**
 * A connection that has sent `text` and stays open: what came back so far, and how long after
 * opening the server closed it (-1 if it had not within `maxMs`; then it is closed here).
 */
function openConnection(text: string) {
  const socket = net.connect({ host: "127.0.0.1", port: server.port });
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  socket.on("error", () => undefined);
  const started = Date.now();
  const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - started)));
  socket.write(text);
  return {
    socket,
    received: () => received,
    async closedAfter(maxMs: number): Promise<number> {
      const after = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), maxMs))]);
      socket.destroy();
      return after;
    },
  };
}

/** Bytes straight onto a socket: for request lines no HTTP client would send. */
function rawSocket(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: server.port });
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    socket.write(text);
  });
}
