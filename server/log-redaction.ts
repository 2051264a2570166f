import type { FastifyServerOptions } from "fastify";

/**
 * What the logs may never carry: SQL parameters (a new user's email and password hash rode along
 * in a failed insert's error), the rows PostgreSQL quotes back in an error's detail, passwords and
 * their hashes, one-use tokens, cookies and card numbers. Redaction happens in the logger, so a
 * careless `log.error({ err })` anywhere is safe too.
 */
const REDACTED = "[redacted]";

/** Property names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEYS =
  /^(password|newPassword|currentPassword|passwordHash|password_hash|token|tokenHash|token_hash|secret|cookie|set-cookie|authorization|x-csrf-token|card|cardNumber|cvc)$/i;
/** Properties of database errors that quote values: the statement's parameters and the failing row. */
const VALUE_KEYS = new Set(["params", "parameters", "detail", "where", "internalQuery"]);
/** Query parameters of page links that are credentials (email links, OAuth callbacks). */
const SECRET_QUERY = /([?&](?:token|code|state|session_id)=)[^&#\s]*/gi;
/** 13 to 19 digits, optionally grouped: a payment card number if it passes the Luhn check. */
const CARD_NUMBER = /\b(?:\d[ -]?){12,18}\d\b/g;

/** The check digit every card number carries; keeps timestamps and ids out of the redaction. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
/** A stored password hash, should one be quoted in a message. */
const PASSWORD_HASH = /scrypt\$[^\s,)'"]+/g;

/** Removes what a message may quote: drizzle appends "params: ..." to a failed query's message. */
export function scrubText(text: string): string {
  const cut = text.search(/\n\s*params:/);
  const head = cut === -1 ? text : `${text.slice(0, cut)}\nparams: ${REDACTED}`;
  return head
    .replace(SECRET_QUERY, `$1${REDACTED}`)
    .replace(PASSWORD_HASH, REDACTED)
    .replace(CARD_NUMBER, (match) => (passesLuhn(match.replace(/\D/g, "")) ? REDACTED : match));
}

/** A stack's first lines repeat the message; scrub them, keep the frames. */
function scrubStack(stack: string): string {
  const frames = stack.search(/\n\s+at /);
  return frames === -1 ? scrubText(stack) : scrubText(stack.slice(0, frames)) + stack.slice(frames);
}

function scrubValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value) || depth > 6) return "[…]";
  seen.add(value);
  if (value instanceof Error) return scrubError(value, depth, seen);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(key) || VALUE_KEYS.has(key)) out[key] = REDACTED;
    else out[key] = scrubValue(v, depth + 1, seen);
  }
  return out;
}

function scrubError(err: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? "Error",
    message: scrubText(err.message),
  };
  if (err.stack) out.stack = scrubStack(err.stack);
  // Own enumerable properties carry the useful parts (code, constraint, table) and the dangerous
  // ones (params, detail): copy the first, blank the second.
  for (const [key, v] of Object.entries(err)) {
    if (key === "message" || key === "stack" || key === "cause") continue;
    out[key] =
      SECRET_KEYS.test(key) || VALUE_KEYS.has(key) ? REDACTED : scrubValue(v, depth + 1, seen);
  }
  if (err.cause !== undefined) out.cause = scrubValue(err.cause, depth + 1, seen);
  return out;
}

/** The logger's error serializer: an error as a plain object with nothing secret left in it. */
export function serializeError(err: unknown): unknown {
  return scrubValue(err, 0, new WeakSet());
}

/** The shape pino expects of a serialized error (an error in, its scrubbed fields out). */
function serializeLoggedError(err: Error) {
  return serializeError(err) as { type: string; message: string; stack: string };
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request line, with credentials in the query (email links, OAuth codes) blanked. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : scrubText(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's pino options: the level, and serializers that leave secrets out. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): NonNullable<Exclude<FastifyServerOptions["logger"], boolean>> {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { err: serializeLoggedError, error: serializeLoggedError, req: serializeRequest },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: REDACTED,
    },
  };
}
