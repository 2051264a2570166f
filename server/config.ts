import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalString,
  /** A streaming replica of DATABASE_URL for browse, search, home and listing reads (optional). */
  DATABASE_READ_URL: optionalString,
  /** Past this lag (ms) the replica is skipped and public reads go to the primary. */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** Connections this instance keeps to the PostgreSQL server (DATABASE_URL); unset: the driver's default. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  PUBLIC_URL: optionalString,
  SESSION_SECRET: optionalString,
  SMTP_URL: optionalString,
  /** Where Contact Us requests are emailed. */
  SUPPORT_EMAIL: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.email({ message: "must be an email address" }).default("support@tradewinds.example"),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API base; set only to point at a local stand-in such as stripe-mock. */
  STRIPE_API_URL: optionalString,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  /** Where each provider's OpenID Connect discovery lives; overridden for a local test server. */
  OAUTH_GOOGLE_ISSUER: z.string().default("https://accounts.google.com"),
  OAUTH_FACEBOOK_ISSUER: z.string().default("https://www.facebook.com"),
  SOFT_CLOSE_MINUTES: z.coerce.number().int().min(0).max(60).default(2),
  /** An unpaid payment session ends, and its reserved stock returns, after this long (Stripe: 30-1440). */
  CHECKOUT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Sign-in attempts per address per minute; tests that sign in often from one address raise it. */
  SIGN_IN_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Registrations per address per minute; the end-to-end suite registers its own accounts from one address. */
  REGISTER_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Unset: the client address is the socket's, so a forged X-Forwarded-For cannot dodge per-address
   * limits. Behind a reverse proxy: the number of proxy hops, or their addresses ("true" is refused).
   */
  TRUST_PROXY: optionalString,
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: no /metrics at all. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v))
    .pipe(z.string().min(16, { message: "must be at least 16 characters" }).optional()),
  /**
   * On SIGTERM, how long /readyz answers 503 before the instance stops taking requests, so a load
   * balancer's health check takes it out of rotation first (a few check intervals).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /**
   * Write the demo data (accounts with a published password, listings, orders) into a database
   * with no users: "1" or "0"; unset, yes outside production and no in production.
   */
  DEMO_DATA: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .enum(["0", "1", "true", "false"], { message: 'must be "1" or "0"' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "1" || v === "true")),
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long the home page's choice of listings is reused per territory; 0 chooses every time. */
  HOME_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** The longest a browse or search query may run before PostgreSQL cancels it (a 503). */
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
});

export type Config = ReturnType<typeof loadConfig>;

const NAMED_PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  const family = isIP(address ?? "");
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy from TRUST_PROXY: off, a hop count, or the proxies' addresses. The client
 * address is then the right-most X-Forwarded-For entry no trusted proxy wrote, so a visitor's own
 * entries (written on the left) never count. "true" would take the left-most entry, which the
 * visitor writes: it is refused rather than quietly read as something else.
 */
function parseTrustProxy(
  value: string | undefined,
): false | string | ((address: string, hop: number) => boolean) {
  if (!value || value === "false") return false;
  const refuse = (why: string) =>
    new Error(
      `Invalid configuration:\n  TRUST_PROXY: ${why}; set the number of proxies in front of the app (usually 1) or their addresses (e.g. loopback or 10.0.0.0/8), or leave it unset without a proxy`,
    );
  if (/^(true|yes|on)$/i.test(value))
    throw refuse(
      `"${value}" would believe the first X-Forwarded-For address, which any visitor can write`,
    );
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return false;
    // Hop 0 is the socket's peer: with N proxies, the N nearest addresses are theirs.
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(",").map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0)
    throw refuse(`${bad.map((entry) => `"${entry}"`).join(", ")} is not a hop count or an address`);
  return entries.join(",");
}

/** Reads the environment once at start; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.SESSION_SECRET) {
    throw new Error(
      "Invalid configuration:\n  SESSION_SECRET: required in production (32 or more random characters)",
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error(
      "Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (payments are confirmed by signed webhooks)",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir,
    /** Unset means the embedded PGlite database in DATA_DIR/pglite. */
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Needs DATABASE_URL: a replica of the embedded database makes no sense. */
    databaseReadUrl: e.DATABASE_URL ? e.DATABASE_READ_URL : undefined,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    /** Signs short-lived cookies (OAuth state). Without it each process makes its own. */
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    smtpUrl: e.SMTP_URL,
    supportEmail: e.SUPPORT_EMAIL,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: e.S3_PUBLIC_URL,
    },
    oauth: {
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        issuer: e.OAUTH_GOOGLE_ISSUER,
      },
      facebook: {
        clientId: e.FACEBOOK_CLIENT_ID,
        clientSecret: e.FACEBOOK_CLIENT_SECRET,
        issuer: e.OAUTH_FACEBOOK_ISSUER,
      },
    },
    softCloseMinutes: e.SOFT_CLOSE_MINUTES,
    checkoutExpiryMinutes: e.CHECKOUT_EXPIRY_MINUTES,
    taxRatePercent: e.TAX_RATE_PERCENT,
    signInLimitPerMinute: e.SIGN_IN_LIMIT_PER_MINUTE,
    registerLimitPerMinute: e.REGISTER_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    /** Whether a start on a database without users writes the demo data; reference data always. */
    demoData: e.DEMO_DATA ?? e.NODE_ENV !== "production",
    metricsToken: e.METRICS_TOKEN,
    /** Production default 5 s: two checks at HAProxy's 2 s interval; elsewhere no wait. */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === "production" ? 5000 : 0),
    homeCacheSeconds: e.HOME_CACHE_SECONDS,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    /** Where uploaded and generated images live when no bucket is configured. */
    uploadsDir: path.join(dataDir, "uploads"),
    /** The built web app; absent in API-only tests. */
    clientDist: path.resolve("dist/client"),
  };
}
