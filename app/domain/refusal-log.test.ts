import { describe, expect, it } from "vitest";
import { createRefusalLog, refusalLine } from "./refusal-log";

function harness(perMinute = 3) {
  const lines: string[] = [];
  let clock = 1_000_000;
  const timers: { at: number; run: () => void }[] = [];
  const log = createRefusalLog({ perMinute, write: (line) => lines.push(line), now: () => clock, later: (run, ms) => timers.push({ at: clock + ms, run }) });
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.splice(0).sort((a, b) => a.at - b.at)) {
      if (timer.at <= clock) timer.run();
      else timers.push(timer);
    }
  };
  return { log, lines, advance };
}

describe("the refusal log", () => {
  it("writes the first lines of a kind, then one summary at the minute's end", () => {
    const { log, lines, advance } = harness(3);
    for (let i = 0; i < 50; i++) log.note("400", `line ${i}`);
    expect(lines).toEqual(["line 0", "line 1", "line 2"]);
    advance(59_000);
    expect(lines).toHaveLength(3);
    advance(1_000);
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain("47 more");
    // A new minute starts afresh.
    log.note("400", "again");
    expect(lines.at(-1)).toBe("again");
  });

  it("counts each kind on its own", () => {
    const { log, lines } = harness(1);
    log.note("400", "a");
    log.note("400", "b");
    log.note("421", "c");
    expect(lines).toEqual(["a", "c"]);
  });

  it("writes no summary when nothing was left out", () => {
    const { log, lines, advance } = harness(3);
    log.note("403", "one");
    advance(120_000);
    expect(lines).toEqual(["one"]);
  });

  it("keeps a line short and without the query", () => {
    expect(refusalLine("GET", "/api/cart/clear", 405, "no loader")).toBe("refused 405 GET /api/cart/clear: no loader");
    expect(refusalLine("GET", `/${"x".repeat(500)}`, 414, "long").length).toBeLessThan(240);
  });
});
