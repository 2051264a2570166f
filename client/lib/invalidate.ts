import type { QueryClient, QueryKey } from "@tanstack/react-query";

/*
 * What each mutation and live event does to the query cache is declared by the feature that owns
 * the data (client/features/<area>/cache.ts) and composed in client/app (live-effects.ts); hooks
 * and the live connection call those rather than invalidating by hand, so "what does placing a
 * bid refresh?" has one answer. Functions that invalidate return the refetches' promise (callers
 * rarely wait for it); those that only write the cache return nothing.
 */

type RefetchType = "active" | "inactive" | "all" | "none";

/** Invalidates each key and everything under it; by default what is on screen refetches now. */
export async function invalidate(
  client: QueryClient,
  keys: readonly QueryKey[],
  refetchType: RefetchType = "active",
): Promise<void> {
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey, refetchType })));
}
