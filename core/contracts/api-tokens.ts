import { z } from "zod";

/**
 * Personal API tokens (issue 33): what a token may be used for. A route that takes tokens names one
 * of these (server route config `apiTokenScope`); a token without it is refused with 403.
 */
export const API_TOKEN_SCOPES = ["read", "listings", "orders", "messages"] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** What each scope allows, as the settings page and the docs say it. */
export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: "Read your profile, watchlist, bids and notifications",
  listings: "Read, create and change your listings",
  orders: "Read your orders and sales",
  messages: "Read and send your messages",
};

/** Every token ends: these are the lifetimes one may choose, in days. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

/** The start of every secret: recognisable in a leaked log or a secret scanner's rules. */
export const API_TOKEN_PREFIX = "tw_pat_";

/** At most this many live (unrevoked, unexpired) tokens per account. */
export const MAX_API_TOKENS = 20;

/** Requests one token may make per minute. */
export const API_TOKEN_RATE_PER_MINUTE = 600;

export const createApiTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: "Name is required" })
    .max(60, { message: "Name must be at most 60 characters" }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { message: `scopes are ${API_TOKEN_SCOPES.join(", ")}` }))
    .min(1, { message: "Choose at least one scope" })
    .max(API_TOKEN_SCOPES.length)
    .transform((scopes) => API_TOKEN_SCOPES.filter((s) => scopes.includes(s))),
  expiresInDays: z.literal(API_TOKEN_EXPIRY_DAYS, {
    message: `expiresInDays must be one of ${API_TOKEN_EXPIRY_DAYS.join(", ")}`,
  }),
});
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

/** A token as its owner (and staff) see it: never the secret, only its last 4 characters. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The secret's last 4 characters, to tell tokens apart. */
  last4: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Requests made with it (counted per instance, written at most once a minute per token). */
  useCount: z.number().int(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** POST /api/me/tokens: the token, and its secret, shown this once. */
export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
