import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "../../../core/errors";
import type { SettableClock } from "../../clock";
import { badRequest, notFound } from "../../errors";
import { isLocalRequest } from "../mail/outbox.routes";

const DAY_MS = 24 * 60 * 60 * 1000;

const advanceSchema = z.object({
  advanceDays: z
    .number({ message: "advanceDays must be a number of days" })
    .min(0, "The clock only moves forward")
    .max(366, "Move the clock at most a year at a time"),
});

/** What one run of the money jobs did, job by job (how many sales released, sellers paid...). */
export type MoneyJobsResult = Record<string, number>;

function isSettable(clock: unknown): clock is SettableClock {
  return typeof (clock as Partial<SettableClock>).advance === "function";
}

/**
 * Developers' and the end-to-end suite's handles on money time: move the money clock (only when
 * the app runs on a settable one, MONEY_CLOCK=settable) and run the money jobs now rather than at
 * their next tick. Registered only outside production, and answered only from this machine, as
 * the mail outbox is.
 */
export const devMoneyRoutes: FastifyPluginAsyncZod<{
  runMoneyJobs: () => Promise<MoneyJobsResult>;
}> = async (app, { runMoneyJobs }) => {
  app.addHook("onRequest", async (request) => {
    if (!isLocalRequest(request)) throw notFound("No such endpoint.");
  });

  app.post(
    "/dev/clock",
    {
      schema: {
        tags: ["dev"],
        summary: "Move the money clock forward (not in production; needs MONEY_CLOCK=settable)",
        body: advanceSchema,
        response: {
          200: z.object({ now: z.string() }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!isSettable(app.clock))
        throw badRequest(
          "The money clock is the system's: start the server with MONEY_CLOCK=settable.",
        );
      app.clock.advance(Math.round(request.body.advanceDays * DAY_MS));
      return { now: app.clock.now().toISOString() };
    },
  );

  app.post(
    "/dev/money/run",
    {
      schema: {
        tags: ["dev"],
        summary: "Run the money jobs now (releases of due funds, payouts): not in production",
        response: {
          200: z.object({ now: z.string(), jobs: z.record(z.string(), z.number()) }),
          404: apiErrorSchema,
        },
      },
    },
    async () => ({ now: app.clock.now().toISOString(), jobs: await runMoneyJobs() }),
  );
};
