/**
 * Runs `work` on every item, at most `limit` at a time (a few workers taking the next item as they
 * finish), and resolves when all are done. A rejection of `work` rejects the whole run.
 */
export async function eachAtMost<T>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
}

/** Thrown by Limiter.run when its waiting line is already full: the caller should shed the work. */
export class LimiterFullError extends Error {
  constructor() {
    super("too many tasks are waiting");
    this.name = "LimiterFullError";
  }
}

/**
 * Runs async tasks at most `limit` at a time; the others wait in line, first come first served, and
 * once `maxWaiting` are waiting a new one is refused at once (LimiterFullError) rather than queued.
 */
export class Limiter {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!(limit >= 1)) throw new RangeError("a limiter needs a limit of at least 1");
  }

  /** How many tasks are running now. */
  get running(): number {
    return this.active;
  }

  /** How many tasks are waiting for a place. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `task` once a place is free and answers its result; it releases the place however it ends. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) {
      this.active++;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw new LimiterFullError();
      // The task that finishes hands its place straight to this one (see below), so `active` is
      // not touched here: a newcomer arriving in between cannot slip past the line.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
