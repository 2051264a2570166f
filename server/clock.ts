/**
 * The time the money rules read (hold periods, release dates, payout runs), injected so tests and
 * the end-to-end suite can move it. Production uses the system clock; a settable clock answers the
 * system time plus an offset that only moves forward.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface SettableClock extends Clock {
  /** Moves the clock on; time never goes back. */
  advance(ms: number): void;
  offsetMs(): number;
}

export function settableClock(start: Date = new Date()): SettableClock {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error("the clock only moves forward");
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
