import { describe, expect, it } from "vitest";
import { WORKER_SEMI_SPACE_MB, workerExecArgv } from "./worker-flags";

describe("the workers' node flags", () => {
  it("keep the supervisor's flags and add the young generation's size", () => {
    expect(workerExecArgv(["--cpu-prof", "--max-old-space-size=512"])).toEqual(["--cpu-prof", "--max-old-space-size=512", `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]);
    expect(workerExecArgv([])).toEqual([`--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`]);
  });

  it("leave the size to an operator who names one, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=16"])).toEqual(["--max-semi-space-size=16"]);
    expect(workerExecArgv(["--max_semi_space_size=8"])).toEqual(["--max_semi_space_size=8"]);
    expect(workerExecArgv([], "--enable-source-maps --max-semi-space-size=16")).toEqual([]);
    // A flag that only starts the same way is not the size.
    expect(workerExecArgv(["--max-semi-space-sizes=1"])).toHaveLength(2);
  });
});
