import type { z } from "zod";
import { CSRF_COOKIE, CSRF_HEADER } from "../../core/csrf";
import {
  type ApiError as ApiErrorBody,
  CLIENT_ERROR_CODES,
  type ClientErrorCode,
  ERROR_CODES,
} from "../../core/errors";
import { takeServedAnswer } from "./served-answers";

/** A failed API call: the server's error envelope, or a stand-in when there was none. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ClientErrorCode,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** True when the API said the thing does not exist (or its id cannot exist, a 400 on the id). */
export function isNotFoundError(error: unknown, alsoBadRequest = false): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 404 || (alsoBadRequest && error.status === 400);
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

/** Builds a query string; undefined, null and empty values are left out, arrays repeat the key. */
export function toSearchParams(query: QueryParams = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.set(key, String(value));
    }
  }
  return params;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  query?: QueryParams;
  /** JSON-encoded, except FormData, which goes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

export const NETWORK_MESSAGE =
  "Unable to connect to the server. Please check your internet connection.";
export const UNEXPECTED_MESSAGE = "An unexpected error occurred. Please try again later.";

/** The CSRF cookie's value (the server sets it, readable on purpose, on the first /api answer). */
function readCsrfCookie(): string | undefined {
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return undefined;
}

/** Any GET under /api makes the server set the CSRF cookie; the session one is the cheapest. */
async function primeCsrfCookie(): Promise<void> {
  try {
    await fetch("/api/auth/session", { credentials: "same-origin", cache: "no-store" });
  } catch {
    // The request that follows reports the network failure.
  }
}

/** The CSRF header for a state-changing request, fetching the cookie first when there is none. */
async function csrfHeaders(): Promise<Record<string, string>> {
  let token = readCsrfCookie();
  if (!token) {
    await primeCsrfCookie();
    token = readCsrfCookie();
  }
  return token ? { [CSRF_HEADER]: token } : {};
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The server's error envelope (core/errors.ts's apiErrorSchema), checked by hand: this runs on
 * every page, and zod is kept out of the first page load.
 */
function errorBody(payload: unknown): ApiErrorBody | null {
  if (typeof payload !== "object" || payload === null) return null;
  const error = (payload as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return null;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string") return null;
  if (fields === undefined) return { code, message };
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) return null;
  if (!Object.values(fields).every((value) => typeof value === "string")) return null;
  return { code, message, fields: fields as Record<string, string> };
}

/** Turns a failed answer into an ApiError: the server's envelope, or a stand-in. */
function toApiError(status: number, payload: unknown): ApiError {
  const envelope = errorBody(payload);
  if (envelope) {
    const { code, message, fields } = envelope;
    // The server sends only registry codes (server/errors-registry.test.ts holds it to that); a
    // code a newer server added just misses every branch the page has, as an unknown one should.
    return new ApiError(status, code as ClientErrorCode, message, fields);
  }
  return new ApiError(
    status,
    status === 404 ? ERROR_CODES.notFound : ERROR_CODES.internal,
    UNEXPECTED_MESSAGE,
  );
}

/**
 * An answer's shape taken on trust instead of parsed: `trusted<ListingPage>()` in place of a
 * schema. For reads of the browsing pages and the layout, whose routes declare this response
 * schema: the server encodes every answer through it (fastify-type-provider-zod's serializer) and
 * sends a 500 rather than anything else, so parsing it again here would change nothing but bring
 * zod (about 25 kB compressed) into the first page load. Also for the answers of mutations whose
 * module a page loads before its first paint (decision 0029). Everything else is parsed.
 */
export interface Trusted<T> {
  readonly trusted: true;
  /** Carries T for the compiler; never set. */
  readonly shape?: T;
}

const TRUSTED: Trusted<unknown> = { trusted: true };

export function trusted<T>(): Trusted<T> {
  return TRUSTED as Trusted<T>;
}

/** A contract schema, or a shape taken on trust. */
export type ResponseShape = z.ZodType | Trusted<unknown>;
/** What a call with `shape` returns. */
export type ShapeOutput<S extends ResponseShape> =
  S extends Trusted<infer T> ? T : S extends z.ZodType ? z.output<S> : never;

function parseWith<S extends ResponseShape>(
  shape: S,
  payload: unknown,
  status: number,
  what: string,
): ShapeOutput<S> {
  if ("trusted" in shape) return payload as ShapeOutput<S>;
  const parsed = shape.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${what}`, parsed.error);
    throw new ApiError(status, CLIENT_ERROR_CODES.invalidResponse, UNEXPECTED_MESSAGE);
  }
  return parsed.data as ShapeOutput<S>;
}

const isCsrfFailure = (error: ApiError) =>
  error.status === 403 && error.code === ERROR_CODES.csrfFailed;

/** Fired when the API says nobody is signed in: the session ended on the server (expired, or ended elsewhere). */
export const SESSION_ENDED_EVENT = "tradewinds:session-ended";

function toFailure(status: number, payload: unknown): ApiError {
  const error = toApiError(status, payload);
  if (status === 401 && error.code === ERROR_CODES.unauthorized) {
    window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
  }
  return error;
}

/**
 * Calls the API and parses the answer with the contract schema from core, so the page only ever
 * sees the declared shape. Failures throw ApiError with the server's status, code and message.
 * State-changing requests echo the CSRF cookie in a header; if the server refuses it (the cookie
 * was rotated or lost), the cookie is fetched again and the request retried once.
 */
export async function apiRequest<S extends ResponseShape>(
  path: string,
  schema: S,
  { method = "GET", query, body, signal }: RequestOptions = {},
): Promise<ShapeOutput<S>> {
  const search = toSearchParams(query).toString();
  const url = search ? `${path}?${search}` : path;
  const unsafe = method !== "GET";
  const isForm = body instanceof FormData;
  if (!unsafe) {
    const served = takeServedAnswer(url);
    if (served !== undefined) return parseWith(schema, served, 200, `${method} ${path}`);
  }

  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
    if (unsafe) Object.assign(headers, await csrfHeaders());
    try {
      return await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        credentials: "same-origin",
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, CLIENT_ERROR_CODES.network, NETWORK_MESSAGE);
    }
  };

  let response = await send();
  let payload = await readJson(response);
  if (!response.ok && unsafe) {
    const error = toApiError(response.status, payload);
    if (isCsrfFailure(error)) {
      await primeCsrfCookie();
      response = await send();
      payload = await readJson(response);
    }
  }
  if (!response.ok) throw toFailure(response.status, payload);
  return parseWith(schema, payload, response.status, `${method} ${path}`);
}

export function apiGet<S extends ResponseShape>(
  path: string,
  schema: S,
  options: Omit<RequestOptions, "method" | "body"> = {},
): Promise<ShapeOutput<S>> {
  return apiRequest(path, schema, { ...options, method: "GET" });
}

/**
 * Uploads a file as multipart (one field), reporting progress from 0 to 1. XMLHttpRequest,
 * because fetch cannot report upload progress. Same CSRF header, errors and parsing as apiRequest.
 */
export async function apiUpload<S extends ResponseShape>(
  path: string,
  schema: S,
  { field, file, onProgress }: { field: string; file: File; onProgress?: (share: number) => void },
): Promise<ShapeOutput<S>> {
  const form = new FormData();
  form.append(field, file);

  const send = async () => {
    const headers = await csrfHeaders();
    return new Promise<{ status: number; payload: unknown }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", path);
      xhr.withCredentials = true;
      xhr.setRequestHeader("Accept", "application/json");
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded / event.total);
      };
      xhr.onload = () => {
        let payload: unknown;
        try {
          payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
        } catch {
          payload = undefined;
        }
        resolve({ status: xhr.status, payload });
      };
      xhr.onerror = () => reject(new ApiError(0, CLIENT_ERROR_CODES.network, NETWORK_MESSAGE));
      xhr.send(form);
    });
  };

  let result = await send();
  const ok = (status: number) => status >= 200 && status < 300;
  if (!ok(result.status) && isCsrfFailure(toApiError(result.status, result.payload))) {
    await primeCsrfCookie();
    result = await send();
  }
  if (!ok(result.status)) throw toFailure(result.status, result.payload);
  return parseWith(schema, result.payload, result.status, `POST ${path}`);
}
