import type { App } from "../app";
import { releaseDueFunds } from "../modules/ledger/seller-funds";
import { cancelLapsedOfferOrders, expireDueOffers } from "../modules/offers/offer-expiry";
import { runPayouts } from "../modules/payouts/payout-runs";

/**
 * The money jobs, in the order one pass must run them: funds whose hold has ended become
 * available first, so a payout run right after pays them. The dev route POST /api/dev/money/run
 * runs this list at once; each job also repeats on its own in start-jobs.ts. A new money job is
 * one more entry here.
 */
export const MONEY_JOBS: ReadonlyArray<{ name: string; run: (app: App) => Promise<number> }> = [
  { name: "released", run: (app) => releaseDueFunds(app.database.db, app.clock.now()) },
  // Pays every due seller, settles the sandbox's payouts that have arrived by the clock, and
  // resends any a crash left; counts the payouts sent.
  { name: "paidOut", run: payOutNow },
  // Best Offer's deadlines run on the same clock: lapsed offers, then unpaid agreed orders.
  { name: "offersExpired", run: (app) => expireDueOffers(app.database.db, app.clock.now()) },
  {
    name: "offerOrdersCancelled",
    run: (app) => cancelLapsedOfferOrders(app.database.db, app.clock.now()),
  },
];

/**
 * The payout run, now: when the instance's own every-minute run holds the lease at this moment,
 * wait for it to end (runs take milliseconds on a small database) instead of answering that
 * nothing was paid.
 */
async function payOutNow(app: App): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const result = await runPayouts({
      db: app.database.db,
      provider: app.payouts,
      now: app.clock.now(),
    });
    if (result.ran) return result.sent;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the payout run's lease stayed taken for 10 seconds");
}

/** Runs every money job once, in order; answers what each did (a count). */
export async function runMoneyJobs(app: App): Promise<Record<string, number>> {
  const done: Record<string, number> = {};
  for (const job of MONEY_JOBS) done[job.name] = await job.run(app);
  return done;
}
