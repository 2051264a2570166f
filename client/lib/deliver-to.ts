import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { z } from "zod";
import type { territoryListSchema } from "../../core/contracts/browse";
import type { DeliverTo } from "../../core/contracts/delivery";
import { WORLD_DESTINATION, WORLD_DESTINATION_NAME } from "../../core/delivery";
import { apiGet, apiRequest, trusted } from "./api-client";
import { queryKeys } from "./query-keys";
import { useSession } from "./session";

// The buyer's "Deliver to" (issue 29): the territory (or "world") the listing pages judge shipping
// for, checkout charges for and bids are admitted by. Remembered in this browser (localStorage,
// so it outlives the visit) and on the account when signed in (PUT /api/me/deliver-to), which
// stands in for a default address's territory: the account's choice wins on another device, and
// a choice made before signing in is saved to an account that has none.

const KEY = "tradewinds.deliverTo";

function readLocal(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function writeLocal(value: string): void {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // Storage can be off (private modes): the choice then lasts as long as the page.
  }
}

function saveToAccount(deliverTo: string) {
  return apiRequest("/api/me/deliver-to", trusted<DeliverTo>(), {
    method: "PUT",
    body: { deliverTo } satisfies DeliverTo,
  });
}

/** The buyer's Deliver to (a territory slug or "world"; null until chosen) and how to change it. */
export function useDeliverTo() {
  const { user, isLoading: sessionLoading } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: queryKeys.deliverTo.current(userId),
    enabled: !sessionLoading,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const local = readLocal();
      if (!userId) return local;
      const { deliverTo } = await apiGet("/api/me/deliver-to", trusted<DeliverTo>(), { signal });
      if (deliverTo) {
        writeLocal(deliverTo);
        return deliverTo;
      }
      // Chosen before signing in: the account keeps it, so bids are judged by it.
      if (local) await saveToAccount(local).catch(() => undefined);
      return local;
    },
  });

  const choose = useCallback(
    async (value: string) => {
      writeLocal(value);
      queryClient.setQueryData(queryKeys.deliverTo.current(userId), value);
      if (userId) await saveToAccount(value);
    },
    [queryClient, userId],
  );

  return {
    deliverTo: query.data ?? (query.isPending ? readLocal() : null),
    choose,
    isLoading: sessionLoading || query.isPending,
  };
}

/** GET /api/territories: what Deliver to chooses from (the catalog's cache). */
export function useTerritories(enabled = true) {
  return useQuery({
    queryKey: queryKeys.catalog.territories,
    queryFn: async ({ signal }) =>
      (
        await apiGet("/api/territories", trusted<z.output<typeof territoryListSchema>>(), {
          signal,
        })
      ).items,
    staleTime: 10 * 60_000,
    enabled,
  });
}

/** A Deliver to's name ("Jamaica", "Rest of the world"), null when none or not known yet. */
export function useTerritoryName(slug: string | null): string | null {
  const territories = useTerritories(slug !== null && slug !== WORLD_DESTINATION);
  if (slug === null) return null;
  if (slug === WORLD_DESTINATION) return WORLD_DESTINATION_NAME;
  return territories.data?.find((t) => t.slug === slug)?.name ?? null;
}

/** The buyer's Deliver to by name ("Jamaica", "Rest of the world"), null until chosen or known. */
export function useDeliverToName(): string | null {
  const { deliverTo } = useDeliverTo();
  return useTerritoryName(deliverTo);
}
