import type { App } from "../app";
import { releaseDueFunds } from "../modules/ledger/seller-funds";

/**
 * The money jobs, in the order one pass must run them: funds whose hold has ended become
 * available first, so a payout run right after pays them. The dev route POST /api/dev/money/run
 * runs this list at once; each job also repeats on its own in start-jobs.ts. A new money job
 * (the payout run) is one more entry here.
 */
export const MONEY_JOBS: ReadonlyArray<{ name: string; run: (app: App) => Promise<number> }> = [
  { name: "released", run: (app) => releaseDueFunds(app.database.db, app.clock.now()) },
];

/** Runs every money job once, in order; answers what each did (a count). */
export async function runMoneyJobs(app: App): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const job of MONEY_JOBS) done[job.name] = await job.run(app);
  return done;
}
