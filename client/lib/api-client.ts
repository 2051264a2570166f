import type { z } from "zod";
import { apiErrorSchema } from "../../core/errors";

/** A failed API call: the server's error envelope, or a stand-in when there was none. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
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
  body?: unknown;
  signal?: AbortSignal;
}

const NETWORK_MESSAGE = "Unable to connect to the server. Please check your internet connection.";
const UNEXPECTED_MESSAGE = "An unexpected error occurred. Please try again later.";

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
 * Calls the API and parses the answer with the contract schema from core, so the page only ever
 * sees the declared shape. Failures throw ApiError with the server's status, code and message.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  { method = "GET", query, body, signal }: RequestOptions = {},
): Promise<z.output<S>> {
  const search = toSearchParams(query).toString();
  const url = search ? `${path}?${search}` : path;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "network_error", NETWORK_MESSAGE);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const envelope = apiErrorSchema.safeParse(payload);
    if (envelope.success) {
      const { code, message, fields } = envelope.data.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(
      response.status,
      response.status === 404 ? "not_found" : "internal_error",
      UNEXPECTED_MESSAGE,
    );
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, "invalid_response", UNEXPECTED_MESSAGE);
  }
  return parsed.data;
}

export function apiGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Omit<RequestOptions, "method" | "body"> = {},
): Promise<z.output<S>> {
  return apiRequest(path, schema, { ...options, method: "GET" });
}
