import { useQuery } from "@tanstack/react-query";
import { outboxSchema } from "../../../../core/contracts/accounts";
import { apiGet } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** GET /api/dev/outbox: the emails kept locally (development only; 404 in production). */
export function getOutbox(signal?: AbortSignal) {
  return apiGet("/api/dev/outbox", outboxSchema, { signal });
}

export function useOutbox() {
  return useQuery({
    queryKey: queryKeys.devOutbox.messages,
    queryFn: ({ signal }) => getOutbox(signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}
