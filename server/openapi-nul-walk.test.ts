import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { listings } from "./db/schema/listings";
import { DEMO_PASSWORD } from "./seed/seed";
import type { Agent } from "./test/agent";
import { setUpTestApp } from "./test/build-test-app";
import { signedInAgent } from "./test/factories";

/**
 * Every string the API takes, found from its own OpenAPI document, is sent once with a NUL in it:
 * each answer must be a 4xx (PostgreSQL refuses NUL in text, which used to surface as a 500).
 * A new route or field is covered without touching this file. Nothing is skipped by name:
 * operations without parameters or a JSON body (health, lists, sign-out) simply have no probes;
 * multipart uploads and the webhooks' raw body are not described field by field in the document;
 * and the event stream (GET /api/live) is probed like the rest, a timeout catching a request that
 * opened the stream instead of being refused.
 */

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
}

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  // The document is not always tidy: a record query schema comes out as the string "object".
  schema?: Schema | string;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type Step = string | number;

/** One request to make: where the NUL goes, and a name for it in a failure report. */
interface Probe {
  operation: string;
  field: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  url: string;
  body?: Json;
}

const NUL = "\u0000";
/** A request that has not answered by then has started something it should not have (a stream). */
const PROBE_TIMEOUT_MS = 5_000;

const t = setUpTestApp();
let doc: OpenApiDocument;
let sellerId: string;
/** Plausible values for fields the schema alone cannot fill in validly. */
let hints: Record<string, Json>;

beforeAll(async () => {
  doc = (await t.app.inject("/api/openapi.json")).json();
  // A seeded seller with a live listing, so ids in paths point at something this user may edit.
  const [own] = await t.database.db
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(and(eq(listings.status, "active"), eq(listings.kind, "fixed_price")))
    .limit(1);
  if (!own) throw new Error("the walk needs the demo data");
  sellerId = own.sellerId;
  const territory = (await t.app.inject("/api/territories")).json().items[0].id as string;
  hints = {
    id: own.id,
    listingId: own.id,
    listings: own.id,
    slug: "home",
    category: "home",
    territory,
    kind: "fixed_price",
    email: "nul-walker@example.com",
    password: "Sunny-Beach9",
    newPassword: "Sunny-Beach9",
    currentPassword: DEMO_PASSWORD,
    username: "nul_walker",
    token: "a".repeat(43),
    returnTo: "/",
    provider: "sandbox",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/34",
    cvc: "123",
  };
});

function resolve(schema: Schema | string | undefined): Schema {
  if (schema === undefined || typeof schema === "string") return {};
  if (schema.$ref) {
    const name = schema.$ref.replace("#/components/schemas/", "");
    return resolve(doc.components?.schemas?.[name]);
  }
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return resolve(choice);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map(resolve));
  return schema;
}

function typeOf(schema: Schema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  if (type) return type;
  if (schema.properties || schema.additionalProperties) return "object";
  if (schema.items) return "array";
  return undefined;
}

/** A string the schema accepts, as far as length and pattern tell. */
function sampleString(schema: Schema): string {
  if (schema.format === "uuid") return hints.id as string;
  if (schema.format === "email") return hints.email as string;
  if (schema.format === "date-time") return new Date().toISOString();
  const min = schema.minLength ?? 1;
  const max = schema.maxLength ?? 100;
  const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
  for (const text of ["Sample text", "sample1", "abc123", "x".repeat(min)]) {
    const fitted = text.length < min ? text.padEnd(min, "x") : text.slice(0, max);
    if (!pattern || pattern.test(fitted)) return fitted;
  }
  return "sample";
}

/**
 * A valid-looking value for `schema`, named `name`: its enum, else a hint, else from its type.
 * `full` fills in every optional property and array too; otherwise only what is required.
 */
function sample(schema: Schema | string | undefined, name?: string, full = true): Json {
  const s = resolve(schema);
  if (s.enum && s.enum.length > 0) return (s.enum.find((v) => v !== null) ?? null) as Json;
  if (name !== undefined && Object.hasOwn(hints, name)) return hints[name] as Json;
  switch (typeOf(s)) {
    case "string":
      return sampleString(s);
    case "integer":
    case "number": {
      const min = s.minimum ?? 1;
      return s.exclusiveMinimum === true ? min + 1 : min;
    }
    case "boolean":
      return false;
    case "array":
      return full || (s.minItems ?? 0) > 0 ? [sample(s.items, undefined, full)] : [];
    case "object": {
      const out: Record<string, Json> = {};
      for (const [key, child] of Object.entries(s.properties ?? {}))
        if (full || s.required?.includes(key)) out[key] = sample(child, key, full);
      if (typeof s.additionalProperties === "object" && Object.keys(out).length === 0)
        out.key = sample(s.additionalProperties);
      return out;
    }
    default:
      return "sample";
  }
}

/** Every string in a JSON value (by its path), and every object (whose keys can carry a NUL too). */
function slots(value: Json, at: Step[] = []): Array<{ path: Step[]; key: boolean }> {
  if (typeof value === "string") return [{ path: at, key: false }];
  if (Array.isArray(value)) return value.flatMap((v, i) => slots(v, [...at, i]));
  if (value && typeof value === "object") {
    return [
      { path: at, key: true },
      ...Object.entries(value).flatMap(([k, v]) => slots(v, [...at, k])),
    ];
  }
  return [];
}

/** `value` with a NUL added, within maxLength so a length check cannot hide the NUL. */
function withNul(value: string, maxLength?: number): string {
  return maxLength !== undefined && value.length >= maxLength
    ? `${value.slice(0, -1)}${NUL}`
    : `${value}${NUL}`;
}

/**
 * The minimal body plus the branch of the full one that leads to `path`: every other field is
 * either required or absent, so nothing but the NUL stands in the way of reaching the database.
 */
function including(minimal: Json, full: Json, path: Step[]): Json {
  const copy = structuredClone(minimal);
  let target = copy as Record<Step, Json>;
  let source = full as Record<Step, Json>;
  for (const step of path) {
    if (!(step in target)) {
      target[step] = structuredClone(source[step] as Json);
      break;
    }
    target = target[step] as Record<Step, Json>;
    source = source[step] as Record<Step, Json>;
  }
  return copy;
}

/** A copy of `body` with a NUL at `path`: in the string there, or in the object's first key. */
function poisoned(body: Json, path: Step[], key: boolean): Json {
  const copy = structuredClone(body);
  let parent: Json = copy;
  for (const step of key ? path : path.slice(0, -1))
    parent = (parent as Record<Step, Json>)[step] as Json;
  const holder = parent as Record<Step, Json>;
  if (key) {
    const [first] = Object.keys(holder);
    const name = first ?? "key";
    holder[`${name}${NUL}`] = first === undefined ? "x" : (holder[first] as Json);
    if (first !== undefined) delete holder[first];
    return copy;
  }
  const last = path[path.length - 1] as Step;
  holder[last] = `${holder[last] as string}${NUL}`;
  return copy;
}

function urlFor(template: string, path: Record<string, string>, query: URLSearchParams): string {
  const filled = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(path[name] ?? "sample"),
  );
  const qs = query.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** The probes for one operation: each path and query parameter, each body string and object key. */
function probesFor(template: string, method: string, op: Operation): Probe[] {
  const name = `${method.toUpperCase()} ${template}`;
  const verb = method.toUpperCase() as Probe["method"];
  const params = op.parameters ?? [];
  const pathValues: Record<string, string> = {};
  const queryValues: Array<[string, string]> = [];
  for (const p of params) {
    const value = sample(p.schema, p.name);
    const items = Array.isArray(value) ? value : [value];
    if (p.in === "path") pathValues[p.name] = String(items[0]);
    if (p.in === "query") for (const v of items) queryValues.push([p.name, String(v)]);
  }
  // Only JSON bodies are described field by field; multipart uploads (POST /api/uploads,
  // POST /api/me/avatar) declare no fields here and are checked in plugins/input-guard.test.ts.
  const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  const minimal = bodySchema ? sample(bodySchema, undefined, false) : undefined;
  const make = (
    field: string,
    path: Record<string, string>,
    query: Array<[string, string]>,
    payload = minimal,
  ): Probe => ({
    operation: name,
    field,
    method: verb,
    url: urlFor(template, path, new URLSearchParams(query)),
    body: payload,
  });

  const probes: Probe[] = [];
  for (const p of params) {
    const schema = resolve(p.schema);
    if (p.in === "path") {
      const value = withNul(pathValues[p.name] ?? "", schema.maxLength);
      probes.push(make(`path ${p.name}`, { ...pathValues, [p.name]: value }, queryValues));
    }
    if (p.in === "query") {
      const query = queryValues.map(([k, v]): [string, string] =>
        k === p.name ? [k, withNul(v, schema.maxLength)] : [k, v],
      );
      probes.push(make(`query ${p.name}`, pathValues, query));
    }
  }
  if (params.some((p) => p.in === "query"))
    probes.push(make("a query parameter's name", pathValues, [...queryValues, [`x${NUL}`, "1"]]));
  if (body !== undefined && minimal !== undefined) {
    for (const slot of slots(body)) {
      const where = slot.path.join(".") || "(the body)";
      probes.push(
        make(
          slot.key ? `a property name in ${where}` : `body ${where}`,
          pathValues,
          queryValues,
          poisoned(including(minimal, body, slot.path), slot.path, slot.key),
        ),
      );
    }
  }
  return probes;
}

async function send(agent: Agent, probe: Probe): Promise<number | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"no answer">((done) => {
    timer = setTimeout(() => done("no answer"), PROBE_TIMEOUT_MS);
  });
  try {
    const res = await Promise.race([agent.request(probe.method, probe.url, probe.body), late]);
    return res === "no answer" ? res : res.statusCode;
  } finally {
    clearTimeout(timer);
  }
}

describe("a NUL in any field the OpenAPI document describes", () => {
  it("is answered with a 4xx by every operation", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const probes = probesFor(template, method, op);
        if (probes.length === 0) continue;
        // A fresh session per operation: per-IP limits count per agent, so the NUL is what
        // each probe meets, not a 429 left over from earlier operations.
        const agent = await signedInAgent(t.app, t.database.db, sellerId);
        for (const probe of probes) {
          const status = await send(agent, probe);
          sent++;
          if (status === "no answer" || status < 400 || status >= 500)
            failures.push(`${probe.operation} — ${probe.field} → ${status}`);
        }
      }
    }
    // The walk itself must have found the API's fields, or an empty walk would pass.
    expect(sent).toBeGreaterThan(80);
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
