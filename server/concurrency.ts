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

/**
 * A Limiter per key (an auction's id), created when a key's first task arrives and dropped when its
 * last one ends, so the keys seen once cost nothing afterwards.
 */
export class KeyedLimiter {
  private readonly limiters = new Map<string, Limiter>();

  constructor(
    readonly limit: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {
    if (!(limit >= 1)) throw new RangeError("a limiter needs a limit of at least 1");
  }

  /** How many keys have tasks running or waiting. */
  get keys(): number {
    return this.limiters.size;
  }

  /** Runs `task` under `key`'s limit (see Limiter.run); LimiterFullError when its line is full. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = new Limiter(this.limit, this.maxWaiting);
      this.limiters.set(key, limiter);
    }
    try {
      return await limiter.run(task);
    } finally {
      if (limiter.running === 0 && limiter.queued === 0) this.limiters.delete(key);
    }
  }
}
