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
});
