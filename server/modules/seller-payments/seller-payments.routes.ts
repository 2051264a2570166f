import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  paymentsSummarySchema,
  statementMonthParam,
  statementSchema,
  transactionPageSchema,
  transactionsQuerySchema,
} from "../../../core/contracts/seller-payments";
import { apiErrorSchema } from "../../../core/errors";
import { requireUser } from "../../plugins/session";
import {
  allTransactions,
  listTransactions,
  monthlyStatement,
  paymentsSummary,
  transactionsCsv,
} from "./seller-payments.service";

const SIGN_IN = "Please sign in to see your payments.";

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** The signed-in seller's own money (issue 26): every answer is theirs alone, read from the ledger. */
export const sellerPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/my/payments/summary",
    {
      schema: {
        tags: ["seller payments"],
        summary: "Your balances, your next payout, and why money is waiting",
        response: { 200: paymentsSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => paymentsSummary(app.db, requireUser(request, SIGN_IN).id, app.clock.now()),
  );

  app.get(
    "/my/payments/transactions",
    {
      schema: {
        tags: ["seller payments"],
        summary: "What moved your money (sales, fees, refunds, payouts, adjustments), newest first",
        description:
          "Filters: `kind`, and `from`/`to` (inclusive UTC dates, YYYY-MM-DD). Moves between your own " +
          "balances (pending to available, holds) are not listed: they change nothing you are owed.",
        querystring: transactionsQuerySchema,
        response: { 200: transactionPageSchema, ...errors },
      },
    },
    async (request) => listTransactions(app.db, requireUser(request, SIGN_IN).id, request.query),
  );

  app.get(
    "/my/payments/transactions.csv",
    {
      schema: {
        tags: ["seller payments"],
        summary: "The same transactions as a CSV download (every line the filters keep)",
        querystring: transactionsQuerySchema,
        // The handler sends the bytes itself (a Buffer is never serialized): this only tells the
        // document the answer is CSV, not JSON.
        response: {
          200: {
            description: "The transactions as CSV (RFC 4180), as a download",
            content: { "text/csv": { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request, SIGN_IN);
      const lines = await allTransactions(app.db, user.id, request.query);
      const today = app.clock.now().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="tradewinds-transactions-${today}.csv"`,
        )
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .send(transactionsCsv(lines));
    },
  );

  app.get(
    "/my/payments/statements/:month",
    {
      schema: {
        tags: ["seller payments"],
        summary:
          "Your statement of one month (YYYY-MM): opening and closing balance, totals, lines",
        params: statementMonthParam,
        response: { 200: statementSchema, ...errors },
      },
    },
    async (request) =>
      monthlyStatement(app.db, requireUser(request, SIGN_IN).id, request.params.month),
  );
};
