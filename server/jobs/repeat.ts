/** What repeat() answers: stops the task (waiting for a run in progress), or wakes it early. */
export interface Repeating {
  (): Promise<void>;
  /**
   * Runs the task soon (work was just queued for it): at once when it is waiting, else right after
   * the run in progress; the interval goes back to `everyMs`.
   */
  wake(): void;
}

/**
 * Runs `task` every `everyMs` until stopped: first at once when `runNow`, never two runs at once in
 * this process (the next waits `everyMs` after the last one ends), a failure logged and the next run
 * going on. The answer stops it and waits for a run in progress, so a shutdown does not cut a
 * transaction short. The timer does not keep the process alive by itself.
 *
 * With `idleEveryMs`, a run whose result `isIdle` says found nothing to do doubles the wait before
 * the next, up to `idleEveryMs`, and a run that found work brings it back to `everyMs`: an idle
 * instance stops asking the database every second (issue 31: each instance's idle cost is paid
 * once per instance). wake() (from a NOTIFY sent when work is queued) runs it at once, so work
 * queued on any instance still starts within moments; the idle polling only covers a wake lost
 * (an instance restarting while it was sent).
 */
export function repeat<T>(
  task: () => Promise<T>,
  options: {
    everyMs: number;
    runNow?: boolean;
    onError: (err: unknown) => void;
    idleEveryMs?: number;
    isIdle?: (result: T) => boolean;
  },
): Repeating {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let inRun = false;
  let wokenDuringRun = false;
  let stopped = false;
  let waitMs = options.everyMs;
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const after = (idle: boolean) => {
    inRun = false;
    const max = options.idleEveryMs ?? options.everyMs;
    waitMs = idle ? Math.min(max, waitMs * 2) : options.everyMs;
    if (wokenDuringRun) {
      wokenDuringRun = false;
      waitMs = options.everyMs;
      schedule(0);
    } else schedule(waitMs);
  };
  const run = () => {
    timer = null;
    inRun = true;
    running = task().then(
      (result) => after(options.isIdle?.(result) ?? false),
      (err: unknown) => {
        options.onError(err);
        after(false);
      },
    );
  };
  if (options.runNow) run();
  else schedule(options.everyMs);
  const stop = async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
  return Object.assign(stop, {
    wake() {
      if (stopped) return;
      if (inRun) {
        wokenDuringRun = true;
        return;
      }
      if (timer) clearTimeout(timer);
      waitMs = options.everyMs;
      schedule(0);
    },
  });
}
