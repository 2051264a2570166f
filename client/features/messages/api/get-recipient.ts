import { useQuery } from "@tanstack/react-query";
import { storeSchema } from "../../../../core/contracts/selling";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/stores/{userId}: the public name and picture of whom /messages/new writes to. */
export function getRecipient(userId: string, signal?: AbortSignal) {
  return apiGet(`/api/stores/${encodeURIComponent(userId)}`, storeSchema, { signal }).then(
    (store) => store.seller,
  );
}

export function useRecipient(userId: string) {
  return useQuery({
    queryKey: queryKeys.messages.recipient(userId),
    queryFn: ({ signal }) => getRecipient(userId, signal),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}
