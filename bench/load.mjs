// Flat-out load with autocannon (in this process, one thread), the server's warm-up, sign-in
// helpers, the checkout mix and the revenue invariant. Traffic goes only to the origins run.mjs
// passes (127.0.0.1).
import autocannon from "autocannon";
import Database from "better-sqlite3";

/** One autocannon run; resolves with the figures the table needs. */
export function load({ url, connections, duration, headers = {}, requests, timeout = 10 }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, requests, timeout }, (error, result) => {
      if (error) return reject(error);
      const seconds = result.duration || duration;
      resolve({
        url,
        connections,
        seconds,
        requests: result.requests.total,
        rps: result.requests.total / seconds,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        statusCodes: result.statusCodeStats,
      });
    });
  });
}

/** A short, untimed run first, so the first measured seconds do not pay for JIT and caches. */
export async function warmUp(url, headers, seconds) {
  if (seconds > 0) await load({ url, connections: 10, duration: seconds, headers });
}

/**
 * Before any row is measured: the server's JIT needs about half a minute of traffic before a
 * page costs what it will cost for the rest of the day (a signed-in /deals went from ~200 to
 * ~350 req/s over its first 30 s). A server at a community's deadline has been up for days. The
 * targets take turns in slices of a few seconds, so code they share warms with each.
 */
export async function warmServer(targets, seconds, { connections = 50, slice = 3 } = {}) {
  const deadline = Date.now() + seconds * 1000;
  for (let turn = 0; targets.length && Date.now() < deadline; turn++) {
    const { url, headers = {} } = targets[turn % targets.length];
    const left = (deadline - Date.now()) / 1000;
    await load({ url, connections, duration: Math.max(1, Math.min(slice, Math.ceil(left))), headers });
  }
}

function sessionCookieFrom(response) {
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => /session=/.test(c) && !/=$/.test(c));
  return session ?? null;
}

/** Signs in through the /login page's password form; returns the session cookie ("name=value"). */
export async function pageSignIn(origin, email, password) {
  const body = new URLSearchParams({ tab: "password", email, password, redirectTo: "/deals" });
  const response = await fetch(`${origin}/login?tab=password`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: origin },
  });
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error(`page sign-in failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return cookie;
}

/**
 * The cookies of a returning shopper's browser: after its first page it keeps the stylesheet's
 * file, and that page's starter script has set the cookie saying so (STYLESHEET_COOKIE in
 * app/web/first-paint.server.ts), so its documents link the stylesheet instead of carrying it.
 * The cookie is read from the starter, as the browser would set it.
 */
export async function asReturningBrowser(origin, cookie) {
  const html = await (await fetch(`${origin}/deals`, { headers: { Cookie: cookie } })).text();
  const held = /document\.cookie="(css=[^;"]+)/.exec(html)?.[1];
  if (!held) throw new Error("the page's starter sets no stylesheet cookie");
  return `${cookie}; ${held}`;
}

/**
 * After a load test the server may still be working through requests whose connections
 * autocannon has closed: wait (at most `maxSeconds`) until /healthz answers promptly again.
 */
export async function drain(origin, maxSeconds = 60) {
  const started0 = Date.now();
  const deadline = started0 + maxSeconds * 1000;
  while (Date.now() < deadline) {
    const started = Date.now();
    try {
      const response = await fetch(`${origin}/healthz`);
      await response.body?.cancel();
    } catch {
      // keep waiting
    }
    if (Date.now() - started < 50) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return (Date.now() - started0) / 1000;
}

/**
 * POST /api/auth/login for each e-mail, `concurrency` at a time (argon2 makes each one cost
 * tens of milliseconds), for at most `maxSeconds`; returns bearer tokens in order.
 */
export async function apiLogins(origin, emails, password, { concurrency = 8, maxSeconds = 90 } = {}) {
  const tokens = new Array(emails.length);
  const deadline = Date.now() + maxSeconds * 1000;
  let next = 0;
  let failures = 0;
  async function worker() {
    while (next < emails.length && Date.now() < deadline) {
      const index = next++;
      const response = await fetch(`${origin}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: emails[index], password }),
      });
      if (response.ok) tokens[index] = (await response.json()).token;
      else {
        failures++;
        await response.body?.cancel();
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, emails.length) }, worker));
  return { tokens, failures, attempted: next };
}

/**
 * Everything the checkout mix needs before the clock starts: a bearer token per user and, per
 * community, a few deals with the group id of that community's open week (groups[0] of
 * GET /api/deals/{slug} asked with a member's token).
 */
export async function prepareCheckoutMix(origin, { pool, users, password, slugs, dealsPerCommunity = 20, maxLoginSeconds }) {
  const chosen = pool.slice(0, users);
  const started = Date.now();
  const { tokens, failures } = await apiLogins(origin, chosen.map((u) => u.email), password, { maxSeconds: maxLoginSeconds });
  const loginSeconds = (Date.now() - started) / 1000;
  const people = chosen.map((u, index) => ({ ...u, token: tokens[index] })).filter((u) => u.token);
  const step = Math.max(1, Math.floor(slugs.length / dealsPerCommunity));
  const pickedSlugs = slugs.filter((_, index) => index % step === 0).slice(0, dealsPerCommunity);
  const linesByCommunity = new Map();
  for (const person of people) {
    if (linesByCommunity.has(person.communityId)) continue;
    const lines = [];
    for (const slug of pickedSlugs) {
      const response = await fetch(`${origin}/api/deals/${encodeURIComponent(slug)}`, { headers: { Authorization: `Bearer ${person.token}` } });
      if (!response.ok) {
        await response.body?.cancel();
        continue;
      }
      const deal = await response.json();
      if (!deal.groups?.[0]?.id) continue;
      lines.push({ dealId: deal.id, groupId: deal.groups[0].id, qty: Math.min(deal.maxQty, Math.max(deal.minQty, 1)) });
    }
    linesByCommunity.set(person.communityId, lines);
  }
  return {
    users: people.filter((p) => (linesByCommunity.get(p.communityId) ?? []).length > 0),
    linesByCommunity,
    loginFailures: failures,
    loginSeconds,
  };
}

export const CHECKOUT_BODY = JSON.stringify({
  fullName: "דיירת בדיקה",
  phone: "0501234567",
  address: "רחוב הרצל 10",
  city: "תל אביב-יפו",
  paymentMethod: "CASH",
});

/**
 * The crowd at the deadline: every connection takes the next user of the pool, adds one line
 * to the cart (POST /api/cart) and checks out (POST /api/checkout), then takes the next user.
 */
export async function checkoutMix(origin, { users, linesByCommunity, connections, duration }) {
  if (users.length === 0) throw new Error("checkout mix: no signed-in users with deals to buy");
  let next = 0;
  let pick = 0;
  const tally = { cart: {}, checkout: {} };
  const count = (kind, status) => (tally[kind][status] = (tally[kind][status] ?? 0) + 1);
  const started = Date.now();
  const result = await load({
    url: `${origin}/api/cart`,
    connections,
    duration,
    requests: [
      {
        method: "POST",
        path: "/api/cart",
        setupRequest(request, context) {
          const user = users[next++ % users.length];
          const lines = linesByCommunity.get(user.communityId);
          const line = lines[pick++ % lines.length];
          context.token = user.token;
          return {
            ...request,
            headers: { ...request.headers, "content-type": "application/json", authorization: `Bearer ${user.token}` },
            body: JSON.stringify(line),
          };
        },
        onResponse(status) {
          count("cart", status);
        },
      },
      {
        method: "POST",
        path: "/api/checkout",
        setupRequest(request, context) {
          return {
            ...request,
            headers: { ...request.headers, "content-type": "application/json", authorization: `Bearer ${context.token}` },
            body: CHECKOUT_BODY,
          };
        },
        onResponse(status) {
          count("checkout", status);
        },
      },
    ],
  });
  const checkouts = tally.checkout[201] ?? 0;
  return {
    ...result,
    startedAt: started,
    checkouts,
    checkoutsPerSecond: checkouts / result.seconds,
    usersUsed: Math.min(next, users.length),
    poolWraps: Math.floor(next / users.length),
    tally,
  };
}

/**
 * Checkout rounds (POST /api/cart, then POST /api/checkout, each round the next user of the mix)
 * at `rate` a second, paced from the start, one at a time, until `stop()`; for a page row that
 * runs while the database is written as in the hour before a deadline. Every commit empties the
 * workers' kept reads (db/read-cache.server.ts), which the page rows, where nothing writes, keep
 * all along. `stop()` resolves with the rounds done and the answers that were not 2xx.
 */
export function checkoutTrickle(origin, { users, linesByCommunity }, rate) {
  let stopping = false;
  let rounds = 0;
  let failed = 0;
  const started = Date.now();
  const done = (async () => {
    for (let next = 0; !stopping; next++) {
      const wait = started + (next * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopping) break;
      const user = users[next % users.length];
      const lines = linesByCommunity.get(user.communityId);
      const headers = { "content-type": "application/json", authorization: `Bearer ${user.token}` };
      for (const [path, body] of [["/api/cart", JSON.stringify(lines[next % lines.length])], ["/api/checkout", CHECKOUT_BODY]]) {
        const response = await fetch(`${origin}${path}`, { method: "POST", headers, body });
        await response.arrayBuffer();
        if (!response.ok) failed += 1;
      }
      rounds += 1;
    }
  })();
  return {
    async stop() {
      stopping = true;
      await done;
      return { rounds, failed, seconds: (Date.now() - started) / 1000 };
    },
  };
}

/**
 * The revenue invariant, read straight from SQLite: every active weekly cycle's
 * current_revenue equals the sum of original_total of its orders that are neither cancelled
 * nor refunded. Also counts the orders the mix created, to compare with the 201 answers.
 */
export function checkRevenueInvariant(databasePath, sinceMs) {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const rows = db
      .prepare(
        `select c.id, c.current_revenue as revenue,
           coalesce((select sum(o.original_total) from orders o
                     where o.weekly_cycle_id = c.id and o.status not in ('CANCELED', 'REFUNDED')), 0) as ordersTotal
         from weekly_cycles c where c.is_active = 1`,
      )
      .all();
    const mismatches = rows.filter((r) => r.revenue !== r.ordersTotal);
    const newOrders = sinceMs === undefined ? null : db.prepare("select count(*) as n from orders where created_at >= ?").get(sinceMs).n;
    return { ok: rows.length > 0 && mismatches.length === 0, cycles: rows.length, mismatches, newOrders };
  } finally {
    db.close();
  }
}
