import { describe, expect, it } from "vitest";
import { eachAtMost, KeyedLimiter } from "./concurrency";

describe("eachAtMost", () => {
  it("handles every item once, never more than the limit at a time", async () => {
    let active = 0;
    let mostAtOnce = 0;
    const seen: number[] = [];
    await eachAtMost(3, [1, 2, 3, 4, 5, 6, 7], async (n) => {
      active++;
      mostAtOnce = Math.max(mostAtOnce, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(n);
      active--;
    });
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mostAtOnce).toBe(3);
  });

  it("does nothing for no items", async () => {
    let calls = 0;
    await eachAtMost(5, [], async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });
});

describe("KeyedLimiter", () => {
  /** A task that runs until released, recording how many of its key run beside it. */
  function gatedTasks(limiter: KeyedLimiter) {
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const release: Array<() => void> = [];
    const order: string[] = [];
    const start = (key: string, name: string) =>
      limiter.run(key, async () => {
        order.push(name);
        running.set(key, (running.get(key) ?? 0) + 1);
        most.set(key, Math.max(most.get(key) ?? 0, running.get(key) ?? 0));
        await new Promise<void>((resolve) => release.push(resolve));
        running.set(key, (running.get(key) ?? 0) - 1);
        return name;
      });
    return { start, most, release, order };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("runs one key's tasks one at a time, in arrival order, and other keys beside them", async () => {
    const limiter = new KeyedLimiter(1);
    const { start, most, release, order } = gatedTasks(limiter);
    const done = [start("a", "a1"), start("a", "a2"), start("b", "b1"), start("a", "a3")];
    await settle();
    expect(order).toEqual(["a1", "b1"]);
    while (release.length > 0) {
      (release.shift() as () => void)();
      await settle();
    }
    expect(await Promise.all(done)).toEqual(["a1", "a2", "b1", "a3"]);
    expect(order).toEqual(["a1", "b1", "a2", "a3"]);
    expect(most.get("a")).toBe(1);
    expect(most.get("b")).toBe(1);
  });

  it("forgets a key once its last task ends, whether it succeeded or failed", async () => {
    const limiter = new KeyedLimiter(2);
    await limiter.run("a", async () => "ok");
    await expect(
      limiter.run("b", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(limiter.keys).toBe(0);
    const { start, release } = gatedTasks(limiter);
    const done = [start("c", "c1"), start("c", "c2"), start("c", "c3")];
    await settle();
    expect(limiter.keys).toBe(1);
    while (release.length > 0) {
      (release.shift() as () => void)();
      await settle();
    }
    await Promise.all(done);
    expect(limiter.keys).toBe(0);
  });
});
