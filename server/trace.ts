import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The trace id of the work in progress: a request's id (x-request-id, app.ts), followed through
 * every await of its handling, so that a service that queues background work (an email, an alert
 * match, a refund) can store it with the work without each caller passing it down, and the job
 * that later does the work logs it (issue 31: one request followed into its background work).
 */
const current = new AsyncLocalStorage<{ traceId: string }>();

/**
 * Runs `work` with `traceId` as the current trace id (for itself and all it awaits); a job runs
 * the work a request queued inside that request's id, so what it queues in turn (a notice and its
 * email) carries it too. A null id runs `work` as it is.
 */
export function withTraceId<T>(traceId: string | null, work: () => T): T {
  return traceId === null ? work() : current.run({ traceId }, work);
}

/**
 * How a job logs the work it did for a request: `traceIds` are the trace ids stored with the work
 * (the requests that queued it; none when the job queued it itself).
 */
export type TraceLog = (traceIds: string[], msg: string) => void;

/** The trace ids among `values`, once each (a batch may hold several items of one request). */
export function traceIdsOf(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === "string" && v !== ""))];
}

/** The current trace id: the request being handled, or null outside one (a job, a script). */
export function currentTraceId(): string | null {
  return current.getStore()?.traceId ?? null;
}
