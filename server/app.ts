import { createHmac, randomUUID } from "node:crypto";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { loggerOptions } from "./log-redaction";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { OAuthClients } from "./modules/accounts/oauth";
import { oauthCallbackRoutes } from "./modules/accounts/oauth-callback.routes";
import { preferencesRoutes } from "./modules/accounts/preferences.routes";
import { adminRoutes } from "./modules/admin/admin.routes";
import { apiTokensRoutes } from "./modules/api-tokens/api-tokens.routes";
import { biddingRoutes } from "./modules/auctions/bidding.routes";
import { cancellationsRoutes } from "./modules/cancellations/cancellations.routes";
import { cartsRoutes } from "./modules/carts/carts.routes";
import { catalogRoutes } from "./modules/catalog/catalog.routes";
import { checkoutRoutes } from "./modules/checkout/checkout.routes";
import { currenciesRoutes } from "./modules/currencies/currencies.routes";
import { feedbackRoutes } from "./modules/feedback/feedback.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { homeRoutes } from "./modules/home/home.routes";
import { listingUploadsRoutes } from "./modules/listing-uploads/listing-uploads.routes";
import { listingsRoutes } from "./modules/listings/listings.routes";
import { countedMailer, type Mailer, outboxMailer, smtpMailer } from "./modules/mail/mailer";
import { outboxRoutes } from "./modules/mail/outbox.routes";
import { messagesRoutes } from "./modules/messages/messages.routes";
import { moderationRoutes } from "./modules/moderation/moderation.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { unreadCount } from "./modules/notifications/notifications.service";
import { offersRoutes } from "./modules/offers/offers.routes";
import { ordersRoutes } from "./modules/orders/orders.routes";
import type { PaymentProvider } from "./modules/payment-providers/payment-provider";
import type { PayoutProvider } from "./modules/payment-providers/payout-provider";
import { sandboxPayouts } from "./modules/payment-providers/sandbox-payouts";
import { sandboxProvider } from "./modules/payment-providers/sandbox-provider";
import type { StripeSettings } from "./modules/payment-providers/stripe-provider";
import { paymentsRoutes } from "./modules/payments/payments.routes";
import { payoutsRoutes } from "./modules/payouts/payouts.routes";
import { returnsRoutes } from "./modules/returns/returns.routes";
import { devMoneyRoutes } from "./modules/seller-payments/dev-money.routes";
import { sellerPaymentsRoutes } from "./modules/seller-payments/seller-payments.routes";
import { sellingRoutes } from "./modules/selling/selling.routes";
import { shippingRoutes } from "./modules/shipping/shipping.routes";
import { siteRoutes } from "./modules/site/site.routes";
import { webAppPlugin } from "./modules/site/web-app";
import { supportRoutes } from "./modules/support/support.routes";
import { MAX_IMAGE_BYTES } from "./modules/uploads/image-processing";
import { uploadsRoutes } from "./modules/uploads/uploads.routes";
import { watchingRoutes } from "./modules/watching/watching.routes";
import { compressionPlugin } from "./plugins/compression";
import { dbPlugin } from "./plugins/db";
import { errorsPlugin } from "./plugins/errors";
import { inputGuardPlugin } from "./plugins/input-guard";
import { livePlugin } from "./plugins/live";
import { metricsPlugin } from "./plugins/metrics";
import { openApiPlugin } from "./plugins/openapi";
import { publicReadsPlugin } from "./plugins/public-reads";
import { rateLimitPlugin } from "./plugins/rate-limit";
import { realtimeBusPlugin } from "./plugins/realtime-bus";
import { responseSerializerCompiler } from "./plugins/response-serializer";
import { bucketPublicUrl, s3Storage } from "./plugins/s3-storage";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { sessionPlugin } from "./plugins/session";
import { diskStorage, type Storage } from "./plugins/storage";
import { withTraceId } from "./trace";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    /** The address people reach the site at, for links in emails and share tags. */
    publicUrl: string;
    mailer: Mailer;
    storage: Storage;
    payments: PaymentProvider;
    /** Sends sellers their money: Stripe Connect with Stripe, else the sandbox's. */
    payouts: PayoutProvider;
    /** The money rules' clock: the system's, or one a test (or the e2e suite) moves. */
    clock: Clock;
    /** Set by the process when it begins to stop: /readyz then answers 503. */
    lifecycle: { stopping: boolean };
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  /** Tests pass their own; otherwise SMTP when configured, else the local outbox. */
  mailer?: Mailer;
  /** Tests pass one pointed at a local stand-in; otherwise chosen from the configuration. */
  payments?: PaymentProvider;
  /** Tests pass one pointed at a local stand-in; otherwise the one that goes with `payments`. */
  payouts?: PayoutProvider;
  /** Tests that move time pass a settable clock; otherwise the system clock. */
  clock?: Clock;
  /**
   * The money jobs (server/jobs/money-jobs.ts), for the dev route that runs them at once; the
   * process passes them (the jobs sit above the app). Without them that route is not registered.
   */
  moneyJobs?: (app: App) => Promise<Record<string, number>>;
}

/** A request id a balancer may hand us: short, and nothing that could forge a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The sandbox signs its webhooks with a key only this deployment knows. */
function sandboxWebhookSecret(config: Config) {
  return createHmac("sha256", config.sessionSecret).update("sandbox-webhooks").digest("hex");
}

/** Stripe's settings from the configuration, for Checkout and Connect alike; null without keys. */
function stripeSettings(config: Config): StripeSettings | null {
  const { secretKey, webhookSecret, apiUrl } = config.stripe;
  if (!secretKey || !webhookSecret) return null;
  const api = apiUrl ? new URL(apiUrl) : null;
  return {
    secretKey,
    webhookSecret,
    publicUrl: config.publicUrl,
    api: api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : undefined,
  };
}

/**
 * Stripe when a secret key is configured, else the built-in sandbox. Stripe's SDK is loaded only
 * then: it costs about a tenth of a second at every start of a site that does not use it.
 */
async function paymentProviderFor(config: Config): Promise<PaymentProvider> {
  const settings = stripeSettings(config);
  if (settings) {
    const { stripeProvider } = await import("./modules/payment-providers/stripe-provider");
    return stripeProvider(settings);
  }
  return sandboxProvider({ webhookSecret: sandboxWebhookSecret(config) });
}

/** Stripe Connect when Stripe takes the payments (the money is in its balance), else the sandbox. */
async function payoutProviderFor(
  config: Config,
  payments: PaymentProvider,
): Promise<PayoutProvider> {
  const settings = stripeSettings(config);
  if (payments.id === "stripe" && settings) {
    const { stripeConnect } = await import("./modules/payment-providers/stripe-connect");
    return stripeConnect(settings);
  }
  return sandboxPayouts();
}

/** Builds the whole HTTP app on an open database: plugins first, then each module, explicitly. */
export async function buildApp({
  config,
  database,
  logger,
  mailer,
  payments,
  payouts,
  clock,
  moneyJobs,
}: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    // Query strings like ?condition=new&condition=used arrive as arrays.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (pino's reqId). Unique across instances, and the
    // balancer's own id is kept when it sends a sane one, so one request reads the same in the
    // balancer's log and the app's.
    // (false: Fastify would take the header as it is; genReqId checks it first.)
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  // The rest of the request runs inside its trace id (server/trace.ts): background work it queues
  // carries the id. A callback hook, so that the hooks and handler after it run inside the context.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    withTraceId(request.id, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate("config", config);
  app.decorate("publicUrl", config.publicUrl);
  app.decorate("clock", clock ?? systemClock);
  app.decorate("lifecycle", { stopping: false });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  app.decorate("payments", payments ?? (await paymentProviderFor(config)));
  app.decorate("payouts", payouts ?? (await payoutProviderFor(config, app.payments)));
  const { bucket, ...s3 } = config.s3;
  // Photos in a bucket are served from its own origin, which the page must be allowed to show.
  const imageOrigins = bucket ? [new URL(bucketPublicUrl({ bucket, ...s3 })).origin] : [];
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "img-src": ["'self'", "data:", "blob:", ...imageOrigins],
          // sonner and the docs page inject style elements at run time.
          "style-src": ["'self'", "'unsafe-inline'"],
          "script-src": ["'self'"],
          "connect-src": ["'self'"],
          // The site may be served over plain http on a laptop; don't rewrite its requests to https.
          "upgrade-insecure-requests": null,
        },
      },
      // Stripe's hosted page and OAuth providers open in the same tab, not in popups.
      crossOriginEmbedderPolicy: false,
      hsts: config.isProduction,
    },
  });
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { database });
  await app.register(metricsPlugin);
  // Before the modules: some follow events themselves (bidding's known prices), not only pages.
  await app.register(realtimeBusPlugin);
  app.decorate(
    "mailer",
    countedMailer(
      mailer ??
        (config.smtpUrl
          ? smtpMailer(config.smtpUrl)
          : outboxMailer(database.db, (msg) => app.log.info(msg), {
              printLinks: !config.isProduction,
            })),
      app.metrics.emails,
    ),
  );
  // A mailer made here is this app's to close; one passed in belongs to the caller.
  if (!mailer) app.addHook("onClose", async () => app.mailer.close());
  app.decorate("storage", bucket ? s3Storage({ bucket, ...s3 }) : diskStorage(config.uploadsDir));
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } });
  await app.register(rateLimitPlugin);
  await app.register(sessionPlugin, {
    secret: config.sessionSecret,
    secure: config.publicUrl.startsWith("https:"),
  });
  await app.register(publicReadsPlugin);
  await app.register(openApiPlugin);
  const oauth = new OAuthClients(config.oauth, `${config.publicUrl}/auth/callback`);

  await app.register(healthRoutes);
  await app.register(
    async (api) => {
      await api.register(catalogRoutes);
      await api.register(listingsRoutes);
      await api.register(homeRoutes);
      await api.register(accountsRoutes, { oauth });
      await api.register(apiTokensRoutes);
      await api.register(biddingRoutes);
      await api.register(offersRoutes);
      await api.register(uploadsRoutes);
      await api.register(sellingRoutes);
      await api.register(listingUploadsRoutes);
      const paymentDeps = () => ({
        db: app.db,
        provider: app.payments,
        checkoutExpiryMinutes: config.checkoutExpiryMinutes,
        taxRatePercent: config.taxRatePercent,
        log: (err: unknown, msg: string) => app.log.error({ err }, msg),
        clock: app.clock,
      });
      await api.register(checkoutRoutes, { deps: paymentDeps });
      await api.register(ordersRoutes, { deps: paymentDeps });
      await api.register(cancellationsRoutes, { deps: paymentDeps });
      await api.register(returnsRoutes, { deps: paymentDeps });
      await api.register(notificationsRoutes);
      await api.register(messagesRoutes);
      await api.register(supportRoutes);
      await api.register(watchingRoutes);
      await api.register(shippingRoutes);
      await api.register(currenciesRoutes);
      await api.register(preferencesRoutes);
      await api.register(feedbackRoutes);
      await api.register(cartsRoutes);
      await api.register(adminRoutes, { deps: paymentDeps });
      await api.register(moderationRoutes);
      await api.register(paymentsRoutes, {
        deps: paymentDeps,
        sandboxWebhookSecret: sandboxWebhookSecret(config),
      });
      await api.register(sellerPaymentsRoutes);
      await api.register(payoutsRoutes);
      if (!config.isProduction) await api.register(outboxRoutes);
      if (!config.isProduction && moneyJobs)
        await api.register(devMoneyRoutes, { runMoneyJobs: () => moneyJobs(app) });
    },
    { prefix: "/api" },
  );
  await app.register(livePlugin, {
    userSnapshot: async (userId) => [
      { name: "notifications.unread", data: { unreadCount: await unreadCount(app.db, userId) } },
    ],
  });
  await app.register(oauthCallbackRoutes, { oauth });
  await app.register(siteRoutes);
  await app.register(webAppPlugin, {
    clientDist: config.clientDist,
    uploadsDir: config.uploadsDir,
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Browse requests run at once by warmUp: as many as keep a few connections of each pool busy. */
const WARM_UP_PATHS = [
  "/api/home",
  "/api/listings?pageSize=1",
  "/api/listings?pageSize=1&sort=ending_soon",
  "/api/listings?pageSize=1&sort=price_asc",
];

/**
 * Runs the requests a visitor starts with, before the instance listens (issue 32): its first
 * visitors then find connections open (each server process having read the tables' and indexes'
 * definitions once), the code compiled and the home page's choice made, instead of paying for
 * them. A failure is logged and the instance starts all the same: these are only reads.
 */
export async function warmUp(app: App): Promise<void> {
  const answers = await Promise.allSettled(
    WARM_UP_PATHS.map((url) => app.inject({ method: "GET", url })),
  );
  for (const [i, answer] of answers.entries()) {
    const status = answer.status === "fulfilled" ? answer.value.statusCode : answer.reason;
    if (status !== 200) app.log.warn({ url: WARM_UP_PATHS[i], status }, "warm-up request failed");
  }
}
