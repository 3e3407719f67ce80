import { afterEach, beforeEach, vi } from "vitest";

// An error logged during a test is a failure: it means a request hit a bug path.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});
