import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
// Types only: the layout (the footer's currency choice) reads these answers on trust, as the
// browsing pages do, so zod stays out of the first download (docs/performance.md).
import type { CurrencyRateRow, CurrencyRates, Preferences } from "../../core/contracts/currencies";
import { type CurrencyCode, currencyForTerritory, isCurrencyCode } from "../../core/currencies";
import { apiGet, apiRequest, trusted } from "./api-client";
import { queryKeys } from "./query-keys";
import { useSession } from "./session";
import { rememberedTerritory } from "./territory-choice";

// The currency approximate prices are shown in (issue 29). Display only: nothing here reaches a
// request that prices or charges anything. The buyer's own choice is remembered in this browser
// (localStorage) and, when signed in, on the account; without a choice the territory the buyer
// picked on a browse page suggests one (pre-selected, and changed like any choice).

const KEY = "tradewinds.currency";
const listeners = new Set<() => void>();

function readStored(): CurrencyCode | null {
  try {
    const value = localStorage.getItem(KEY);
    return isCurrencyCode(value) ? value : null;
  } catch {
    return null;
  }
}

function writeStored(code: CurrencyCode): void {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // Storage can be off (private modes): the choice then lasts until the page reloads.
  }
  memory = code;
  for (const listener of listeners) listener();
}

let memory: CurrencyCode | null = null;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
};
const snapshot = () => readStored() ?? memory;

/** Every currency with its rate (public, cached five minutes by the server's header too). */
export function useCurrencyRates(enabled = true) {
  return useQuery({
    queryKey: queryKeys.currencies.rates,
    queryFn: ({ signal }) => apiGet("/api/currencies", trusted<CurrencyRates>(), { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

export interface DisplayCurrency {
  /** The currency approximations are shown in; "USD" shows none. */
  currency: CurrencyCode;
  /** Its rate, once loaded (null for USD, or while loading, or a floating rate never set). */
  rate: CurrencyRateRow | null;
}

/** The buyer's display currency: chosen here, else the account's, else suggested, else USD. */
export function useDisplayCurrency(): DisplayCurrency {
  const stored = useSyncExternalStore(subscribe, snapshot, () => null);
  const { user } = useSession();
  const preference = useQuery({
    queryKey: queryKeys.currencies.preference(user?.id ?? ""),
    queryFn: ({ signal }) => apiGet("/api/me/preferences", trusted<Preferences>(), { signal }),
    enabled: user !== null && stored === null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const fromAccount = user ? (preference.data?.currency ?? null) : null;
  const currency =
    stored ?? fromAccount ?? currencyForTerritory(rememberedTerritory()) ?? ("USD" as const);
  const rates = useCurrencyRates(currency !== "USD");
  const rate =
    currency === "USD" ? null : (rates.data?.currencies.find((c) => c.code === currency) ?? null);
  return { currency, rate };
}

/** The selector's side: remembers a choice in this browser and, when signed in, on the account. */
export function useChooseCurrency(): (code: CurrencyCode) => void {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (code: CurrencyCode) =>
      apiRequest("/api/me/preferences", trusted<Preferences>(), {
        method: "PATCH",
        body: { currency: code },
      }),
    onSuccess: (saved) => {
      if (user) queryClient.setQueryData(queryKeys.currencies.preference(user.id), saved);
    },
  });
  return useCallback(
    (code: CurrencyCode) => {
      writeStored(code);
      if (user) mutate(code);
    },
    [user, mutate],
  );
}
