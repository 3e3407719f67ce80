// The supervisor behind `npm start`: a worker that dies is replaced and the site serves on; the
// weekly clock runs in exactly one worker; SIGTERM stops everything cleanly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;

beforeAll(async () => {
  // A long guest-cache lifetime: only a write may refresh a cached page here, never time.
  server = await startBuiltServer({ DEMO_DATA: "1", SESSION_SECRET: "supervisor-test", WEB_CONCURRENCY: "2", GUEST_CACHE_TTL_MS: "600000" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

function workerPids(): Map<string, number[]> {
  const pids = new Map<string, number[]>();
  for (const match of server.output().matchAll(/worker (\d+) \(pid (\d+)\) is ready/g)) {
    pids.set(match[1]!, [...(pids.get(match[1]!) ?? []), Number(match[2])]);
  }
  return pids;
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 150 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(condition(), `${what}\n${server.output()}`).toBe(true);
}

describe("the supervisor", () => {
  it("runs the number of workers asked for, and the weekly clock in one of them", async () => {
    await until(() => workerPids().size === 2, "two workers are ready");
    expect(server.output().match(/is ready and runs the weekly clock/g)).toHaveLength(1);
    expect(server.output()).toMatch(/worker 0 \(pid \d+\) is ready and runs the weekly clock/);
  });

  it("keeps the guest cache right across workers: a write in one empties every worker's pages", async () => {
    await until(() => workerPids().size === 2, "two workers are ready");
    // Each request on a new connection, which the supervisor hands to the workers in turn.
    const nonces = async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 8; i++) seen.add(/nonce="([^"]+)"/.exec((await server.raw("/faq", { headers: { Connection: "close" } })).body.toString())?.[1] ?? "none");
      return seen;
    };
    const before = await nonces();
    expect(before.size, "both workers cached their own render").toBe(2);
    expect(await nonces()).toEqual(before);
    // A guest's contact message is a write handled by one of the two workers.
    const form = new URLSearchParams({ name: "נועה כהן", email: "noa@example.com", phone: "0501234567", subject: "שאלה על איסוף", message: "מתי אפשר לאסוף את ההזמנה ביום חמישי?" });
    const write = await server.raw("/contact", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: form.toString() });
    expect(write.status).toBe(302);
    const after = await nonces();
    for (const nonce of after) expect(before.has(nonce), "a page cached before the write").toBe(false);
  });

  it("starts a new worker when one is killed, keeping its role, and the site serves on", async () => {
    const [victim] = workerPids().get("0")!;
    process.kill(victim!, "SIGKILL");
    await until(() => (workerPids().get("0")?.length ?? 0) === 2, "worker 0 is started again");
    expect(server.output()).toMatch(new RegExp(`worker 0 \\(pid ${victim}\\) stopped \\(SIGKILL\\); starting another in \\d+ ms`));
    // Its replacement took over the clock: still exactly one worker alive runs it.
    expect(server.output().match(/is ready and runs the weekly clock/g)).toHaveLength(2);
    for (let i = 0; i < 10; i++) expect((await server.raw("/healthz")).status).toBe(200);
  });
});
