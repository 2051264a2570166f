import { describe, expect, it } from "vitest";
import { afterNextFrame } from "./first-paint";

/** Timers that run only when the test says so: the frame, then each queued task in order. */
function fakeTimers() {
  const frames: (() => void)[] = [];
  const tasks: { fn: () => void; ms: number }[] = [];
  return {
    frames,
    tasks,
    timers: {
      requestAnimationFrame: (fn: FrameRequestCallback) => frames.push(() => fn(0)),
      setTimeout: (fn: () => void, ms = 0) => tasks.push({ fn, ms }),
    } as unknown as Pick<Window, "requestAnimationFrame" | "setTimeout">,
  };
}

describe("afterNextFrame", () => {
  it("starts in the task after the next frame, once, not before the frame", () => {
    const { frames, tasks, timers } = fakeTimers();
    let runs = 0;
    afterNextFrame(() => runs++, timers);
    expect(runs).toBe(0);
    frames.shift()?.();
    expect(runs).toBe(0);
    // The task the frame queued (0 ms) runs before the fallback (200 ms).
    const ordered = [...tasks].sort((a, b) => a.ms - b.ms);
    ordered[0]?.fn();
    expect(runs).toBe(1);
    ordered[1]?.fn();
    expect(runs).toBe(1);
  });

  it("starts anyway when no frame comes (a tab opened in the background)", () => {
    const { tasks, timers } = fakeTimers();
    let runs = 0;
    afterNextFrame(() => runs++, timers);
    expect(tasks).toHaveLength(1);
    tasks[0]?.fn();
    expect(runs).toBe(1);
  });
});
