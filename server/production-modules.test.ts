import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// In a plain Node process (vitest resolves modules its own way): where "react-router" resolves
// before and after the hook that the production worker registers.
function resolvedInChild(register: boolean): string {
  const script = `
    const { useProductionBuilds } = await import("./server/production-modules.ts");
    if (${register}) useProductionBuilds();
    console.log(import.meta.resolve("react-router"));
    console.log(import.meta.resolve("react-router/dom"));`;
  return execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
}

describe("useProductionBuilds", () => {
  it("sends react-router to its production build, which the package exports never name for Node", () => {
    expect(resolvedInChild(false)).toMatch(/react-router\/dist\/development\/index\.mjs/);
    const after = resolvedInChild(true).trim().split("\n");
    expect(after).toHaveLength(2);
    for (const url of after) expect(url).toMatch(/\/node_modules\/react-router\/dist\/production\/[\w-]+\.mjs$/);
  });
});
