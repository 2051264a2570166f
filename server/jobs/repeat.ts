/**
 * Runs `task` every `everyMs` until stopped: first at once when `runNow`, never two runs at once in
 * this process (the next waits `everyMs` after the last one ends), a failure logged and the next run
 * going on. The answer stops it and waits for a run in progress, so a shutdown does not cut a
 * transaction short. The timer does not keep the process alive by itself.
 */
export function repeat(
  task: () => Promise<unknown>,
  options: { everyMs: number; runNow?: boolean; onError: (err: unknown) => void },
): () => Promise<void> {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, options.everyMs);
    timer.unref();
  };
  const run = () => {
    running = task().then(
      () => schedule(),
      (err: unknown) => {
        options.onError(err);
        schedule();
      },
    );
  };
  if (options.runNow) run();
  else schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
