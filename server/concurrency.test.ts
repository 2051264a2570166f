import { describe, expect, it } from "vitest";
import { eachAtMost } from "./concurrency";

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
