import { describe, expect, it } from "vitest";
import { repeat } from "./repeat";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("repeat", () => {
  it("never runs a task twice at once, and goes on after a failure", async () => {
    let active = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const stop = repeat(
      async () => {
        runs++;
        active++;
        mostAtOnce = Math.max(mostAtOnce, active);
        await wait(15); // longer than the interval
        active--;
        if (runs === 1) throw new Error("first run fails");
      },
      { everyMs: 1, runNow: true, onError: (err) => errors.push(err) },
    );
    while (runs < 4) await wait(5);
    await stop();
    expect(mostAtOnce).toBe(1);
    expect(errors).toEqual([new Error("first run fails")]);
  });

  it("stops after waiting for the run in progress, and runs no more", async () => {
    let finished = 0;
    let started = 0;
    const stop = repeat(
      async () => {
        started++;
        await wait(20);
        finished++;
      },
      { everyMs: 1, runNow: true, onError: () => undefined },
    );
    await wait(5);
    await stop();
    expect(finished).toBe(started);
    const after = started;
    await wait(30);
    expect(started).toBe(after);
  });

  it("waits one interval before the first run unless told to run now", async () => {
    let runs = 0;
    const stop = repeat(
      async () => {
        runs++;
      },
      { everyMs: 60_000, onError: () => undefined },
    );
    await wait(10);
    await stop();
    expect(runs).toBe(0);
  });

  it("waits longer after each idle run, up to idleEveryMs, and comes back to everyMs with work", async () => {
    const at: number[] = [];
    let work = 0;
    const stop = repeat(
      async () => {
        at.push(performance.now());
        const done = work;
        work = 0;
        return done;
      },
      { everyMs: 10, idleEveryMs: 40, isIdle: (done) => done === 0, onError: () => undefined },
    );
    while (at.length < 5) await wait(5);
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    // 20, 40, 40 ms after idle runs (timers may fire a little late, never early).
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeLessThan(80);
    await stop();
  });

  it("runs at once when woken while waiting, and again right after a run it was woken during", async () => {
    let runs = 0;
    let release: (() => void) | null = null;
    const stop = repeat(
      async () => {
        runs++;
        if (runs === 2) await new Promise<void>((resolve) => (release = resolve));
        return 0;
      },
      { everyMs: 60_000, idleEveryMs: 600_000, isIdle: () => true, onError: () => undefined },
    );
    stop.wake();
    while (runs < 1) await wait(1);
    stop.wake();
    while (runs < 2) await wait(1);
    // Woken during the second run: a third follows it at once, never alongside it.
    stop.wake();
    await wait(10);
    expect(runs).toBe(2);
    (release as (() => void) | null)?.();
    while (runs < 3) await wait(1);
    await stop();
    stop.wake();
    await wait(10);
    expect(runs).toBe(3);
  });
});
