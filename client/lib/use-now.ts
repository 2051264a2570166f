import { useSyncExternalStore } from "react";

/**
 * One shared clock for every countdown on the page: a single interval ticks while anything
 * listens, so a grid of 24 cards does not start 24 timers.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getSnapshot(): number {
  return now;
}

const subscribeNever = () => () => {};

/** The current time in milliseconds, refreshed every second (frozen when not `live`). */
export function useNow(live = true): number {
  return useSyncExternalStore(live ? subscribe : subscribeNever, getSnapshot, getSnapshot);
}

/**
 * A value read off the shared clock that re-renders its component only when the value changes
 * (compared with Object.is, so return a string, number or boolean). A card's "2d 4h 13m left"
 * changes once a minute: re-rendering 24 cards (their links, icons and buttons) every second
 * made a phone's main thread busy for good, long after the page had loaded.
 */
export function useClockValue<T>(read: (now: number) => T, live = true): T {
  const snapshot = () => read(now);
  return useSyncExternalStore(live ? subscribe : subscribeNever, snapshot, snapshot);
}
