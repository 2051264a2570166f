import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "../../core/contracts/accounts";
import type { ApiTokenScope } from "../../core/contracts/api-tokens";
import { categoryNodeSchema } from "../../core/contracts/browse";
import { apiErrorSchema } from "../../core/errors";
import { registerRequestExamples } from "./openapi-examples";
import { SESSION_COOKIE } from "./session";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * For API tokens (issue 33): the scope a personal token needs to call this route. A route that
     * names one is documented as taking a bearer token as well as the browser's session; a route
     * without one is documented as the browser's only.
     */
    apiTokenScope?: ApiTokenScope;
  }
}

/**
 * Schemas published once under components.schemas and referred to by `$ref`. A recursive schema
 * (a z.lazy that refers to itself) MUST be named here: unnamed, fastify-type-provider-zod refers to
 * its definition as `#/components/schemas/schema0` without ever publishing it, and clients'
 * generators stop at the dangling reference (npm run openapi:check finds it).
 */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  ApiError: apiErrorSchema,
  CategoryNode: categoryNodeSchema,
};
for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
  // Idempotent: every app a test process builds runs this module's plugin, but the registry is global.
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}

registerRequestExamples();

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A stable operationId from the method and the route, so that generated clients keep their names
 * for as long as the route keeps its path: GET /api/listings/:id/bids is getListingsByIdBids, GET
 * /api/my/payments/transactions.csv is getMyPaymentsTransactionsCsv. The /api prefix says nothing.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split("/")
    .filter((segment) => segment !== "" && segment !== "api")
    .flatMap((segment) => {
      const param = /^:(.+)$|^\{(.+)\}$/.exec(segment);
      const name = param ? (param[1] ?? param[2] ?? "") : segment;
      const parts = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
      return param ? ["by", ...parts] : parts;
    });
  const pascal = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
  return `${method.toLowerCase()}${pascal}`;
}

type SecurityRequirement = Record<string, string[]>;

/**
 * How an operation is authenticated, from what the route itself says rather than a list to keep up:
 * - signed in: it answers 401 to a visitor (its responses say so), or it is in the admin area
 *   (which answers 404 to anyone but staff, so it lists no 401); but never the sign-in machinery
 *   under /api/auth and /auth, which is how one gets a session (its 401 is a wrong password);
 * - every POST, PUT, PATCH and DELETE, signed in or not, must echo the CSRF cookie in the header
 *   (server/plugins/session.ts), unless the route is marked csrfExempt (webhooks, signed instead);
 * - a route that names the scope a token needs (config.apiTokenScope) takes a bearer token instead;
 * - anything else is public: an empty list.
 * A route may still say it itself (schema.security); that wins.
 */
export function securityFor(
  method: string,
  url: string,
  responses: Record<string, unknown> | undefined,
  config: { csrfExempt?: boolean; apiTokenScope?: string } | undefined,
): SecurityRequirement[] {
  const signIn = url.startsWith("/api/auth/") || url.startsWith("/auth/");
  const signedIn =
    !signIn && (url.startsWith("/api/admin/") || Object.hasOwn(responses ?? {}, "401"));
  const csrf = UNSAFE_METHODS.has(method.toUpperCase()) && config?.csrfExempt !== true;
  const browser: SecurityRequirement = {
    ...(signedIn ? { session: [] } : {}),
    ...(csrf ? { csrfCookie: [], csrfHeader: [] } : {}),
  };
  const requirements: SecurityRequirement[] = [];
  if (Object.keys(browser).length > 0) requirements.push(browser);
  if (config?.apiTokenScope) requirements.push({ bearer: [] });
  return requirements;
}

const REDIRECT_OR_EMPTY = /^(204|3\d\d)$/;

/** What each status means in this API, for responses whose route gives no description. */
const RESPONSE_MEANINGS: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "400": "Malformed, or fails validation: `error.fields` names each field and what is wrong",
  "401": "Nobody is signed in, or the session has ended",
  "402": "The card was declined",
  "403": "Not allowed to do that (or the CSRF header is missing)",
  "404": "Not found, or not yours",
  "409": "Clashes with the current state",
  "413": "Too large",
  "422": "Refused by a rule: `error.code` and `error.message` say which",
  "429": "Too many requests: try again later",
  "502": "The payment provider failed; nothing was charged",
  "503": "Not available just now: try again",
  "4XX": "Refused; the error envelope says why",
};

/**
 * The per-route step: the routes' zod schemas become JSON schemas (fastify-type-provider-zod), and
 * each operation gets what integrators' tools ask of it without every route repeating it:
 * its security (from the route's first method, should a route ever serve two), a 4xx answer (the
 * error envelope) if the route names none (any request can be refused: the input guard's 400, a
 * rate limit's 429), a description of each status, and no body on a 204 or a redirect.
 */
const transform: SwaggerTransform = (input) => {
  const { schema, url, route } = input;
  if (!schema || schema.hide) return jsonSchemaTransform(input);
  const responses = (schema.response ?? {}) as Record<string, unknown>;
  const hasClientError = Object.keys(responses).some((code) => /^4(\d\d|XX)$/i.test(code));
  const withDefaults = {
    ...schema,
    response: hasClientError ? responses : { ...responses, "4XX": apiErrorSchema },
  };
  const out = jsonSchemaTransform({ ...input, schema: withDefaults });
  const result = out.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const methods = [route.method].flat();
  const method = methods.find((m) => m !== "HEAD") ?? "GET";
  if (result.response) {
    for (const [code, response] of Object.entries(result.response)) {
      if (REDIRECT_OR_EMPTY.test(code)) {
        result.response[code] = {
          type: "null",
          description: code === "204" ? "Done; no content" : "A redirect to the Location header",
        };
        continue;
      }
      const said = response as { description?: string; content?: unknown; $ref?: string };
      const meaning = RESPONSE_MEANINGS[code];
      // Without a description every answer read "Default Response". fastify-swagger takes it from
      // x-response-description (and drops that key from an inline schema), or, beside a $ref
      // (the error envelope), from description.
      if (meaning && !said.description && !said.content) {
        result.response[code] = said.$ref
          ? { ...said, description: meaning }
          : { ...said, "x-response-description": meaning };
      }
    }
  }
  // The operationId is given per method in transformObject: one route may serve two methods.
  result.security ??= securityFor(method, url, responses, route.config);
  return { ...out, schema: result };
};

/** Every `$ref` string under a value. */
function collectRefs(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, into);
  else if (value && typeof value === "object") {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") into.add(child);
      else collectRefs(child, into);
    }
  }
}

/**
 * The whole-document step: every operation without an operationId gets one from its method and
 * path, the named schemas are published (jsonSchemaTransformObject), those no
 * operation uses are left out (it publishes the input and the output form of each), the bearer
 * scheme is declared only once some route takes a token, and `servers` is where this site is.
 */
function transformObjectFor(publicUrl: string): SwaggerTransformObject {
  return (input) => {
    const doc = jsonSchemaTransformObject(input) as {
      paths?: Record<
        string,
        Record<string, { operationId?: string; security?: SecurityRequirement[] }>
      >;
      components?: {
        schemas?: Record<string, unknown>;
        securitySchemes?: Record<string, unknown>;
      };
      servers?: unknown[];
    };
    for (const [url, operations] of Object.entries(doc.paths ?? {})) {
      for (const [method, operation] of Object.entries(operations)) {
        operation.operationId ??= operationIdFor(method, url);
      }
    }
    const schemas = doc.components?.schemas ?? {};
    const used = new Set<string>();
    collectRefs(doc.paths, used);
    // References between components: follow them until nothing new turns up.
    const reachable = new Set<string>();
    const queue = [...used];
    while (queue.length > 0) {
      const ref = queue.pop() as string;
      const name = ref.replace(/^#\/components\/schemas\//, "");
      if (reachable.has(name) || !(name in schemas)) continue;
      reachable.add(name);
      const inner = new Set<string>();
      collectRefs(schemas[name], inner);
      queue.push(...inner);
    }
    if (doc.components) {
      doc.components.schemas = Object.fromEntries(
        Object.entries(schemas).filter(([name]) => reachable.has(name)),
      );
      const tokens = Object.values(doc.paths ?? {}).some((ops) =>
        Object.values(ops).some((op) => op.security?.some((req) => "bearer" in req)),
      );
      if (!tokens && doc.components.securitySchemes) {
        const { bearer: _unused, ...schemes } = doc.components.securitySchemes;
        doc.components.securitySchemes = schemes;
      }
    }
    doc.servers = [{ url: publicUrl, description: "This site" }];
    return doc as ReturnType<SwaggerTransformObject>;
  };
}

/** Publishes the OpenAPI document built from the routes' own zod schemas, and a docs page. */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Tradewinds API",
          description:
            "The Caribbean auction and Buy It Now marketplace. Money is integer cents in fields ending in `Cents`; " +
            'errors are `{ "error": { "code", "message", "fields" } }`.\n\n' +
            "A browser is signed in by the session cookie; every POST, PUT, PATCH and DELETE must also " +
            "echo the CSRF cookie in its header. Each operation lists what it needs; none for public reads.",
          version: "0.1.0",
          license: { name: "Proprietary", url: `${app.publicUrl}/policies/terms` },
        },
        components: {
          securitySchemes: {
            session: {
              type: "apiKey",
              in: "cookie",
              name: SESSION_COOKIE,
              description: "Set by sign-in; httpOnly.",
            },
            csrfCookie: {
              type: "apiKey",
              in: "cookie",
              name: CSRF_COOKIE,
              description:
                "Set on the first /api response; readable by the page, to echo in the header.",
            },
            csrfHeader: {
              type: "apiKey",
              in: "header",
              name: CSRF_HEADER,
              description:
                "Every POST, PUT, PATCH and DELETE must echo the `tw_csrf` cookie (set on the first /api response) in this header.",
            },
            bearer: {
              type: "http",
              scheme: "bearer",
              description:
                "A personal API token made in account settings, for the operations its scopes allow.",
            },
          },
        },
        tags: [
          { name: "browse", description: "Categories, territories, listings and the home page" },
          { name: "accounts", description: "Registration, sign-in, sessions and the account" },
          { name: "bidding", description: "Bids, proxy bidding and live auction updates" },
          { name: "offers", description: "Best Offer: offers, counteroffers and agreed prices" },
          { name: "selling", description: "Listing items, your listings, sales and shipping" },
          { name: "buying", description: "Carts, checkout, orders, payments and cancellations" },
          {
            name: "notifications",
            description: "Your notifications, their unread count and which kinds are emailed",
          },
          {
            name: "messages",
            description:
              "Conversations between users, their messages and private attachments, blocks and reports",
          },
          { name: "watching", description: "Watchlist, saved searches and followed sellers" },
          { name: "feedback", description: "Feedback between buyers and sellers, and replies" },
          { name: "support", description: "Contact Us" },
          { name: "moderation", description: "Reports from users" },
          { name: "seller payments", description: "A seller's balances, transactions and payouts" },
          { name: "admin", description: "The staff area (404 to anyone else)" },
          { name: "health", description: "Liveness and readiness" },
          { name: "dev", description: "Development helpers, absent in production" },
        ],
      },
      transform,
      transformObject: transformObjectFor(app.publicUrl),
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
    app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  },
  { name: "openapi" },
);
