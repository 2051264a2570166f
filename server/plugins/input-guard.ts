import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../errors";
import { isApiRoute } from "./api-routes";

/**
 * The characters no request string may carry: the C0 controls and DEL, except tab, line feed and
 * carriage return (descriptions and messages legitimately hold newlines and pasted tabs).
 * PostgreSQL refuses NUL in text outright, so without this check a NUL became a 500; the other
 * controls are invisible, have no business in a name, title or search, and may confuse whatever
 * shows them later (terminals, e-mail headers, logs).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Enough to correct a form; a hostile body full of bad strings does not get a huge answer. */
const MAX_FIELDS = 20;

/**
 * Parsed JSON is made of plain objects; the router's params and the parsed query are objects of
 * bare null-prototype classes. Anything with a real class (a raw Buffer, a stream) is not walked.
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Adds to `fields` every string under `root` holding a forbidden character, named the way the
 * validation errors name them (`title`, `specifications.0.value`). A forbidden character in an
 * object's key is reported on the object itself (or `_` at the top), as the key is no readable name.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
function collect(root: unknown, fields: Record<string, string>) {
  // Every request runs this (a refused bid among them): no closure or entry array per node, and
  // the fields found are counted rather than listed again on every turn.
  let found = Object.keys(fields).length;
  const add = (path: string, text: string) => {
    const name = path || "_";
    if (fields[name] === undefined) {
      fields[name] = text;
      found++;
    }
  };
  const values: unknown[] = [root];
  const paths: string[] = [""];
  while (values.length > 0 && found < MAX_FIELDS) {
    const value = values.pop();
    const path = paths.pop() as string;
    if (typeof value === "string") {
      if (FORBIDDEN_CHARACTERS.test(value)) add(path, forbiddenCharacterMessage(path));
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        values.push(value[i]);
        paths.push(path ? `${path}.${i}` : String(i));
      }
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        if (FORBIDDEN_CHARACTERS.test(key)) add(path, forbiddenCharacterMessage(path, true));
        else {
          values.push(value[key]);
          paths.push(path ? `${path}.${key}` : key);
        }
      }
    }
  }
}

/** The refusal of a string holding a forbidden character, named by its field. */
export function forbiddenCharacterMessage(path: string, inKey = false): string {
  if (inKey)
    return path
      ? `${path} has a field name containing a character that is not allowed.`
      : "A field name contains a character that is not allowed.";
  return path
    ? `${path} contains a character that is not allowed.`
    : "The request contains a character that is not allowed.";
}

/** The offending fields of a request's path parameters, query string and parsed body, if any. */
function forbiddenFields(request: FastifyRequest): Record<string, string> {
  const fields: Record<string, string> = {};
  collect(request.params, fields);
  collect(request.query, fields);
  collect(request.body, fields);
  return fields;
}

/**
 * Refuses, with one 400 naming the fields, any API request whose strings (path parameters, query,
 * JSON body at any depth, keys included) hold a control character; see FORBIDDEN_CHARACTERS for which.
 * It runs in preValidation: after the router decoded the path and the body was parsed, and before
 * the route's schema, so no handler or query ever sees such a string. Multipart bodies are not
 * parsed yet at this point and raw (Buffer) webhook bodies are left alone, byte for byte.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook("preValidation", async (request) => {
      // Pages and static files are not the API: a page link with odd characters in its query
      // should still open the app (whose own API calls are checked here), and the static file
      // server refuses NUL in a file path by itself.
      if (!isApiRoute(request.routeOptions.url)) return;
      const fields = forbiddenFields(request);
      const first = Object.values(fields)[0];
      if (first) throw badRequest(first, fields);
    });
  },
  { name: "input-guard", dependencies: ["errors"] },
);
