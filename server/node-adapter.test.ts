import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeResponse, PATH_MAX_BYTES, PATH_MAX_SEGMENTS, pathTooLong } from "./node-adapter";

let server: http.Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** A server answering every request with `answer()` through writeResponse; returns its origin. */
async function serve(answer: () => { response: Response }): Promise<string> {
  server = http.createServer((req, res) => {
    void writeResponse(req, res, answer().response);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("writeResponse", () => {
  it("streams a Response's own body", async () => {
    const origin = await serve(() => ({ response: Response.json({ ok: true }, { status: 201 }) }));
    const answer = await fetch(origin);
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ ok: true });
  });

  it("answers 500, not an empty page, when a Response says it has a length but its bytes are lost", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const origin = await serve(() => ({ response: new Response(null, { status: 200, headers: { "Content-Length": "120" } }) }));
    const answer = await fetch(origin);
    expect(answer.status).toBe(500);
    expect(await answer.text()).toBe("");
    expect(String(logged.mock.calls[0]?.[1])).toContain("an answer of 120 bytes came without them");
  });
});

describe("pathTooLong", () => {
  it("takes every path of our routes and refuses one over the caps by bytes or segments", () => {
    expect(pathTooLong("/")).toBe(false);
    expect(pathTooLong("/admin/communities/abc/cycles/def/pickup?x=1")).toBe(false);
    expect(pathTooLong(`/deals?q=${"a/".repeat(5_000)}`)).toBe(false);
    expect(pathTooLong("/x".repeat(PATH_MAX_SEGMENTS))).toBe(false);
    expect(pathTooLong("/x".repeat(PATH_MAX_SEGMENTS + 1))).toBe(true);
    expect(pathTooLong(`/${"a".repeat(PATH_MAX_BYTES)}`)).toBe(true);
  });
});
