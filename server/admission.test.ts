import { describe, expect, it } from "vitest";
import { createAdmission, QueueFullError } from "./admission";

/** One turn of the event loop. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("createAdmission", () => {
  it("starts one piece of work per turn of the event loop, in the order they came", async () => {
    const admission = createAdmission(10);
    const started: number[] = [];
    const runs = [0, 1, 2].map((i) => admission.run(async () => void started.push(i)));
    expect(started).toEqual([]);
    await turn();
    expect(started).toEqual([0]);
    expect(admission.waiting).toBe(2);
    await turn();
    expect(started).toEqual([0, 1]);
    // A newcomer queues behind those still waiting.
    const late = admission.run(async () => void started.push(99));
    await Promise.all([...runs, late]);
    expect(started).toEqual([0, 1, 2, 99]);
    expect(admission.waiting).toBe(0);
  });

  it("lets the next start while one waits, and hands back what the work gave or threw", async () => {
    const admission = createAdmission(10);
    let open!: () => void;
    const slow = admission.run(() => new Promise<string>((resolve) => (open = () => resolve("slow"))));
    const quick = admission.run(async () => "quick");
    const broken = admission.run(async () => Promise.reject(new Error("broken")));
    expect(await quick).toBe("quick");
    await expect(broken).rejects.toThrow("broken");
    open();
    expect(await slow).toBe("slow");
  });

  it("refuses work past the waiting room and runs nothing of it", async () => {
    const admission = createAdmission(2);
    const first = admission.run(async () => "first");
    const second = admission.run(async () => "second");
    let ran = false;
    await expect(
      admission.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect(await Promise.all([first, second])).toEqual(["first", "second"]);
    expect(ran).toBe(false);
    // Room again once they have started.
    await expect(admission.run(async () => "later")).resolves.toBe("later");
  });
});
